-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_StudioProfile" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "tagline" TEXT NOT NULL,
    "addressLines" JSONB NOT NULL,
    "city" TEXT NOT NULL,
    "region" TEXT NOT NULL DEFAULT '',
    "country" TEXT NOT NULL,
    "phones" JSONB NOT NULL,
    "emails" JSONB NOT NULL,
    "instagram" TEXT NOT NULL DEFAULT '',
    "youtube" TEXT NOT NULL DEFAULT '',
    "facebook" TEXT NOT NULL DEFAULT '',
    "twitter" TEXT NOT NULL DEFAULT '',
    "linkedin" TEXT NOT NULL DEFAULT '',
    "latitude" REAL NOT NULL,
    "longitude" REAL NOT NULL,
    "zoom" INTEGER NOT NULL,
    "about" TEXT NOT NULL,
    "hoursNote" TEXT NOT NULL DEFAULT '',
    "replyPromise" TEXT NOT NULL,
    "logo" TEXT,
    "updatedAt" DATETIME
);
-- The About text becomes part of the profile, with the text the site showed until now. The free-text hours line
-- becomes the optional note under the hours the schedule states: an admin's own text is kept as the note; the
-- untouched placeholder ("Mon-Fri 9AM-6PM PST", never saved: updatedAt is null) is dropped, as it contradicted
-- the schedule. A profile no admin has saved takes the new defaults of DEFAULT_STUDIO_PROFILE: Indian phone
-- numbers for the Kolhapur address, and no social links (they pointed at accounts that are not the studio's).
INSERT INTO "new_StudioProfile" ("addressLines", "city", "country", "emails", "facebook", "id", "instagram", "latitude", "linkedin", "logo", "longitude", "name", "phones", "region", "replyPromise", "tagline", "twitter", "updatedAt", "youtube", "zoom", "about", "hoursNote")
SELECT "addressLines", "city", "country", "emails",
    CASE WHEN "updatedAt" IS NULL THEN '' ELSE "facebook" END,
    "id",
    CASE WHEN "updatedAt" IS NULL THEN '' ELSE "instagram" END,
    "latitude",
    CASE WHEN "updatedAt" IS NULL THEN '' ELSE "linkedin" END,
    "logo", "longitude", "name",
    CASE WHEN "updatedAt" IS NULL THEN '["+91 231 255 0140","+91 231 255 0141"]' ELSE "phones" END,
    "region", "replyPromise", "tagline",
    CASE WHEN "updatedAt" IS NULL THEN '' ELSE "twitter" END,
    "updatedAt",
    CASE WHEN "updatedAt" IS NULL THEN '' ELSE "youtube" END,
    "zoom",
    'Studio began in 2018 as two friends with one camera, a borrowed drone and a habit of staying late in the edit. Eight years on we are a team of photographers, directors of photography, licensed drone pilots, editors, colourists and VFX artists working from our own stage and finishing suites in Kolhapur.' || char(10) || char(10) || 'We have filmed weddings on the coast and features in the monsoon, launched products for start-ups and told the stories of companies that have been building for a century. The kit has grown; the habit of caring about every frame has not.',
    CASE WHEN "updatedAt" IS NULL THEN '' ELSE "businessHours" END
FROM "StudioProfile";
DROP TABLE "StudioProfile";
ALTER TABLE "new_StudioProfile" RENAME TO "StudioProfile";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

