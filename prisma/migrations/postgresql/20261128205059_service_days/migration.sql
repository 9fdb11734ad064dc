-- A session of several days and a grid of its starts (issue 27).
ALTER TABLE "Service" ADD COLUMN     "durationDays" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "startEveryMinutes" INTEGER NOT NULL DEFAULT 60;

-- Services whose duration text names several days ("2 days", "2 shoot days", "3-day shoot": the forms
-- durationDaysOf in packages/validators reads; session-length.test.ts checks this list against it), which the
-- migration service_durations could not read and left at 60 minutes, flagged: that many open days, each a full
-- day (480 minutes), no longer flagged. A service the owner has set since (not flagged) is left as it is.
UPDATE "Service" SET "durationDays" = CASE lower(trim("duration"))
  WHEN '2 days' THEN 2
  WHEN '2 shoot days' THEN 2
  WHEN '2 full days' THEN 2
  WHEN '2-day shoot' THEN 2
  WHEN '2 day shoot' THEN 2
  WHEN '2-day' THEN 2
  WHEN '3 days' THEN 3
  WHEN '3 shoot days' THEN 3
  WHEN '3 full days' THEN 3
  WHEN '3-day shoot' THEN 3
  WHEN '3 day shoot' THEN 3
  WHEN '3-day' THEN 3
  WHEN '4 days' THEN 4
  WHEN '4 shoot days' THEN 4
  WHEN '4 full days' THEN 4
  WHEN '4-day shoot' THEN 4
  WHEN '4 day shoot' THEN 4
  WHEN '4-day' THEN 4
  WHEN '5 days' THEN 5
  WHEN '5 shoot days' THEN 5
  WHEN '5 full days' THEN 5
  WHEN '5-day shoot' THEN 5
  WHEN '5 day shoot' THEN 5
  WHEN '5-day' THEN 5
  WHEN '6 days' THEN 6
  WHEN '6 shoot days' THEN 6
  WHEN '6 full days' THEN 6
  WHEN '6-day shoot' THEN 6
  WHEN '6 day shoot' THEN 6
  WHEN '6-day' THEN 6
  WHEN '7 days' THEN 7
  WHEN '7 shoot days' THEN 7
  WHEN '7 full days' THEN 7
  WHEN '7-day shoot' THEN 7
  WHEN '7 day shoot' THEN 7
  WHEN '7-day' THEN 7
  WHEN '8 days' THEN 8
  WHEN '8 shoot days' THEN 8
  WHEN '8 full days' THEN 8
  WHEN '8-day shoot' THEN 8
  WHEN '8 day shoot' THEN 8
  WHEN '8-day' THEN 8
  WHEN '9 days' THEN 9
  WHEN '9 shoot days' THEN 9
  WHEN '9 full days' THEN 9
  WHEN '9-day shoot' THEN 9
  WHEN '9 day shoot' THEN 9
  WHEN '9-day' THEN 9
  WHEN '10 days' THEN 10
  WHEN '10 shoot days' THEN 10
  WHEN '10 full days' THEN 10
  WHEN '10-day shoot' THEN 10
  WHEN '10 day shoot' THEN 10
  WHEN '10-day' THEN 10
  WHEN '11 days' THEN 11
  WHEN '11 shoot days' THEN 11
  WHEN '11 full days' THEN 11
  WHEN '11-day shoot' THEN 11
  WHEN '11 day shoot' THEN 11
  WHEN '11-day' THEN 11
  WHEN '12 days' THEN 12
  WHEN '12 shoot days' THEN 12
  WHEN '12 full days' THEN 12
  WHEN '12-day shoot' THEN 12
  WHEN '12 day shoot' THEN 12
  WHEN '12-day' THEN 12
  WHEN '13 days' THEN 13
  WHEN '13 shoot days' THEN 13
  WHEN '13 full days' THEN 13
  WHEN '13-day shoot' THEN 13
  WHEN '13 day shoot' THEN 13
  WHEN '13-day' THEN 13
  WHEN '14 days' THEN 14
  WHEN '14 shoot days' THEN 14
  WHEN '14 full days' THEN 14
  WHEN '14-day shoot' THEN 14
  WHEN '14 day shoot' THEN 14
  WHEN '14-day' THEN 14
  WHEN 'two days' THEN 2
  WHEN 'two shoot days' THEN 2
  WHEN 'two full days' THEN 2
  WHEN 'three days' THEN 3
  WHEN 'three shoot days' THEN 3
  WHEN 'three full days' THEN 3
  WHEN 'four days' THEN 4
  WHEN 'four shoot days' THEN 4
  WHEN 'four full days' THEN 4
  WHEN 'five days' THEN 5
  WHEN 'five shoot days' THEN 5
  WHEN 'five full days' THEN 5
  WHEN 'six days' THEN 6
  WHEN 'six shoot days' THEN 6
  WHEN 'six full days' THEN 6
  WHEN 'seven days' THEN 7
  WHEN 'seven shoot days' THEN 7
  WHEN 'seven full days' THEN 7
  WHEN 'eight days' THEN 8
  WHEN 'eight shoot days' THEN 8
  WHEN 'eight full days' THEN 8
  WHEN 'nine days' THEN 9
  WHEN 'nine shoot days' THEN 9
  WHEN 'nine full days' THEN 9
  WHEN 'ten days' THEN 10
  WHEN 'ten shoot days' THEN 10
  WHEN 'ten full days' THEN 10
  WHEN 'eleven days' THEN 11
  WHEN 'eleven shoot days' THEN 11
  WHEN 'eleven full days' THEN 11
  WHEN 'twelve days' THEN 12
  WHEN 'twelve shoot days' THEN 12
  WHEN 'twelve full days' THEN 12
  WHEN 'thirteen days' THEN 13
  WHEN 'thirteen shoot days' THEN 13
  WHEN 'thirteen full days' THEN 13
  WHEN 'fourteen days' THEN 14
  WHEN 'fourteen shoot days' THEN 14
  WHEN 'fourteen full days' THEN 14
  ELSE 1
END, "durationMinutes" = 480, "durationUnread" = false
WHERE "durationUnread" = true AND lower(trim("duration")) IN (
  '2 days',
  '2 shoot days',
  '2 full days',
  '2-day shoot',
  '2 day shoot',
  '2-day',
  '3 days',
  '3 shoot days',
  '3 full days',
  '3-day shoot',
  '3 day shoot',
  '3-day',
  '4 days',
  '4 shoot days',
  '4 full days',
  '4-day shoot',
  '4 day shoot',
  '4-day',
  '5 days',
  '5 shoot days',
  '5 full days',
  '5-day shoot',
  '5 day shoot',
  '5-day',
  '6 days',
  '6 shoot days',
  '6 full days',
  '6-day shoot',
  '6 day shoot',
  '6-day',
  '7 days',
  '7 shoot days',
  '7 full days',
  '7-day shoot',
  '7 day shoot',
  '7-day',
  '8 days',
  '8 shoot days',
  '8 full days',
  '8-day shoot',
  '8 day shoot',
  '8-day',
  '9 days',
  '9 shoot days',
  '9 full days',
  '9-day shoot',
  '9 day shoot',
  '9-day',
  '10 days',
  '10 shoot days',
  '10 full days',
  '10-day shoot',
  '10 day shoot',
  '10-day',
  '11 days',
  '11 shoot days',
  '11 full days',
  '11-day shoot',
  '11 day shoot',
  '11-day',
  '12 days',
  '12 shoot days',
  '12 full days',
  '12-day shoot',
  '12 day shoot',
  '12-day',
  '13 days',
  '13 shoot days',
  '13 full days',
  '13-day shoot',
  '13 day shoot',
  '13-day',
  '14 days',
  '14 shoot days',
  '14 full days',
  '14-day shoot',
  '14 day shoot',
  '14-day',
  'two days',
  'two shoot days',
  'two full days',
  'three days',
  'three shoot days',
  'three full days',
  'four days',
  'four shoot days',
  'four full days',
  'five days',
  'five shoot days',
  'five full days',
  'six days',
  'six shoot days',
  'six full days',
  'seven days',
  'seven shoot days',
  'seven full days',
  'eight days',
  'eight shoot days',
  'eight full days',
  'nine days',
  'nine shoot days',
  'nine full days',
  'ten days',
  'ten shoot days',
  'ten full days',
  'eleven days',
  'eleven shoot days',
  'eleven full days',
  'twelve days',
  'twelve shoot days',
  'twelve full days',
  'thirteen days',
  'thirteen shoot days',
  'thirteen full days',
  'fourteen days',
  'fourteen shoot days',
  'fourteen full days'
);
