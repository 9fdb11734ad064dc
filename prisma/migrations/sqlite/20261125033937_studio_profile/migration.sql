-- CreateTable
CREATE TABLE "StudioProfile" (
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
    "businessHours" TEXT NOT NULL,
    "replyPromise" TEXT NOT NULL,
    "logo" TEXT,
    "updatedAt" DATETIME
);

-- The specification's placeholders (DEFAULT_STUDIO_PROFILE in packages/validators): a fresh install looks as
-- it always did until an admin saves the Settings page.
INSERT INTO "StudioProfile" ("id", "name", "tagline", "addressLines", "city", "region", "country", "phones", "emails", "instagram", "youtube", "facebook", "twitter", "linkedin", "latitude", "longitude", "zoom", "businessHours", "replyPromise", "logo", "updatedAt")
VALUES (1, 'Studio', 'Crafting stories, creating impact.', '["221 Rankala Lake Road, Shivaji Peth"]', 'Kolhapur', 'Maharashtra 416012', 'India', '["+1 (555) 010-2040","+1 (555) 010-2041"]', '["hello@studio.example","bookings@studio.example"]', 'https://www.instagram.com/studio/', 'https://www.youtube.com/@studio', 'https://www.facebook.com/studio', 'https://x.com/studio', 'https://www.linkedin.com/company/studio', 16.654002, 74.26418, 13, 'Mon-Fri 9AM-6PM PST', 'We reply within 2-4 hours during business hours. For urgent requests, please call us.', NULL, NULL);
