-- Services use the site's categories (packages/validators CATEGORIES, ADR 017): the specification's earlier
-- service categories become the category whose page shows them.
UPDATE "Service" SET "category" = 'vfx-post' WHERE "category" = 'editing';
UPDATE "Service" SET "category" = 'drone-services' WHERE "category" = 'drone';
UPDATE "Service" SET "category" = 'videography' WHERE "category" = 'event';
