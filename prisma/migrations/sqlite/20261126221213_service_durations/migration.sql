-- A session's length in minutes and the buffers around it (issue 27). Added columns, no table rebuild.
ALTER TABLE "Service" ADD COLUMN "durationMinutes" INTEGER NOT NULL DEFAULT 60;
ALTER TABLE "Service" ADD COLUMN "bufferBeforeMinutes" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Service" ADD COLUMN "bufferAfterMinutes" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Service" ADD COLUMN "durationUnread" BOOLEAN NOT NULL DEFAULT false;

-- The minutes of the duration texts written before (the forms durationMinutesOf in packages/validators reads;
-- session-length.test.ts checks this list against it). Any other text keeps 60 and is flagged for the owner.
UPDATE "Service" SET "durationMinutes" = CASE lower(trim("duration"))
  WHEN 'an hour' THEN 60
  WHEN 'one hour' THEN 60
  WHEN 'half an hour' THEN 30
  WHEN 'half day' THEN 240
  WHEN 'half-day' THEN 240
  WHEN 'full day' THEN 480
  WHEN 'full-day' THEN 480
  WHEN 'whole day' THEN 480
  WHEN 'one day' THEN 480
  WHEN '1 day' THEN 480
  WHEN '1 hour' THEN 60
  WHEN '1 h' THEN 60
  WHEN '1 hr' THEN 60
  WHEN '1 hrs' THEN 60
  WHEN '2 hours' THEN 120
  WHEN '2 h' THEN 120
  WHEN '2 hr' THEN 120
  WHEN '2 hrs' THEN 120
  WHEN '3 hours' THEN 180
  WHEN '3 h' THEN 180
  WHEN '3 hr' THEN 180
  WHEN '3 hrs' THEN 180
  WHEN '4 hours' THEN 240
  WHEN '4 h' THEN 240
  WHEN '4 hr' THEN 240
  WHEN '4 hrs' THEN 240
  WHEN '5 hours' THEN 300
  WHEN '5 h' THEN 300
  WHEN '5 hr' THEN 300
  WHEN '5 hrs' THEN 300
  WHEN '6 hours' THEN 360
  WHEN '6 h' THEN 360
  WHEN '6 hr' THEN 360
  WHEN '6 hrs' THEN 360
  WHEN '7 hours' THEN 420
  WHEN '7 h' THEN 420
  WHEN '7 hr' THEN 420
  WHEN '7 hrs' THEN 420
  WHEN '8 hours' THEN 480
  WHEN '8 h' THEN 480
  WHEN '8 hr' THEN 480
  WHEN '8 hrs' THEN 480
  WHEN '9 hours' THEN 540
  WHEN '9 h' THEN 540
  WHEN '9 hr' THEN 540
  WHEN '9 hrs' THEN 540
  WHEN '10 hours' THEN 600
  WHEN '10 h' THEN 600
  WHEN '10 hr' THEN 600
  WHEN '10 hrs' THEN 600
  WHEN '11 hours' THEN 660
  WHEN '11 h' THEN 660
  WHEN '11 hr' THEN 660
  WHEN '11 hrs' THEN 660
  WHEN '12 hours' THEN 720
  WHEN '12 h' THEN 720
  WHEN '12 hr' THEN 720
  WHEN '12 hrs' THEN 720
  WHEN '0.5 hours' THEN 30
  WHEN '1.5 hours' THEN 90
  WHEN '2.5 hours' THEN 150
  WHEN '3.5 hours' THEN 210
  WHEN '15 minutes' THEN 15
  WHEN '15 min' THEN 15
  WHEN '15 mins' THEN 15
  WHEN '20 minutes' THEN 20
  WHEN '20 min' THEN 20
  WHEN '20 mins' THEN 20
  WHEN '30 minutes' THEN 30
  WHEN '30 min' THEN 30
  WHEN '30 mins' THEN 30
  WHEN '45 minutes' THEN 45
  WHEN '45 min' THEN 45
  WHEN '45 mins' THEN 45
  WHEN '60 minutes' THEN 60
  WHEN '60 min' THEN 60
  WHEN '60 mins' THEN 60
  WHEN '75 minutes' THEN 75
  WHEN '75 min' THEN 75
  WHEN '75 mins' THEN 75
  WHEN '90 minutes' THEN 90
  WHEN '90 min' THEN 90
  WHEN '90 mins' THEN 90
  WHEN '120 minutes' THEN 120
  WHEN '120 min' THEN 120
  WHEN '120 mins' THEN 120
  WHEN '150 minutes' THEN 150
  WHEN '150 min' THEN 150
  WHEN '150 mins' THEN 150
  WHEN '180 minutes' THEN 180
  WHEN '180 min' THEN 180
  WHEN '180 mins' THEN 180
  ELSE 60
END;
UPDATE "Service" SET "durationUnread" = true WHERE "duration" IS NULL OR lower(trim("duration")) NOT IN (
  'an hour',
  'one hour',
  'half an hour',
  'half day',
  'half-day',
  'full day',
  'full-day',
  'whole day',
  'one day',
  '1 day',
  '1 hour',
  '1 h',
  '1 hr',
  '1 hrs',
  '2 hours',
  '2 h',
  '2 hr',
  '2 hrs',
  '3 hours',
  '3 h',
  '3 hr',
  '3 hrs',
  '4 hours',
  '4 h',
  '4 hr',
  '4 hrs',
  '5 hours',
  '5 h',
  '5 hr',
  '5 hrs',
  '6 hours',
  '6 h',
  '6 hr',
  '6 hrs',
  '7 hours',
  '7 h',
  '7 hr',
  '7 hrs',
  '8 hours',
  '8 h',
  '8 hr',
  '8 hrs',
  '9 hours',
  '9 h',
  '9 hr',
  '9 hrs',
  '10 hours',
  '10 h',
  '10 hr',
  '10 hrs',
  '11 hours',
  '11 h',
  '11 hr',
  '11 hrs',
  '12 hours',
  '12 h',
  '12 hr',
  '12 hrs',
  '0.5 hours',
  '1.5 hours',
  '2.5 hours',
  '3.5 hours',
  '15 minutes',
  '15 min',
  '15 mins',
  '20 minutes',
  '20 min',
  '20 mins',
  '30 minutes',
  '30 min',
  '30 mins',
  '45 minutes',
  '45 min',
  '45 mins',
  '60 minutes',
  '60 min',
  '60 mins',
  '75 minutes',
  '75 min',
  '75 mins',
  '90 minutes',
  '90 min',
  '90 mins',
  '120 minutes',
  '120 min',
  '120 mins',
  '150 minutes',
  '150 min',
  '150 mins',
  '180 minutes',
  '180 min',
  '180 mins'
);
