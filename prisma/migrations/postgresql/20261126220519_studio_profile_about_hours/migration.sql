-- AlterTable
ALTER TABLE "StudioProfile" ADD COLUMN     "about" TEXT,
ADD COLUMN     "hoursNote" TEXT NOT NULL DEFAULT '';

-- The About text becomes part of the profile, with the text the site showed until now. The free-text hours line
-- becomes the optional note under the hours the schedule states: an admin's own text is kept as the note; the
-- untouched placeholder ("Mon-Fri 9AM-6PM PST", never saved: updatedAt is null) is dropped, as it contradicted
-- the schedule. A profile no admin has saved takes the new defaults of DEFAULT_STUDIO_PROFILE: Indian phone
-- numbers for the Kolhapur address, and no social links (they pointed at accounts that are not the studio's).
UPDATE "StudioProfile" SET
    "about" = 'Studio began in 2018 as two friends with one camera, a borrowed drone and a habit of staying late in the edit. Eight years on we are a team of photographers, directors of photography, licensed drone pilots, editors, colourists and VFX artists working from our own stage and finishing suites in Kolhapur.' || chr(10) || chr(10) || 'We have filmed weddings on the coast and features in the monsoon, launched products for start-ups and told the stories of companies that have been building for a century. The kit has grown; the habit of caring about every frame has not.',
    "hoursNote" = CASE WHEN "updatedAt" IS NULL THEN '' ELSE "businessHours" END;
UPDATE "StudioProfile" SET
    "phones" = '["+91 231 255 0140","+91 231 255 0141"]'::jsonb,
    "instagram" = '', "youtube" = '', "facebook" = '', "twitter" = '', "linkedin" = ''
WHERE "updatedAt" IS NULL;

ALTER TABLE "StudioProfile" ALTER COLUMN "about" SET NOT NULL,
DROP COLUMN "businessHours";
