-- Optimistic concurrency for findings, as photos and poles have it (0017): every change adds one to
-- `version`, which PATCH /api/findings/:id answers as the ETag; a PATCH whose If-Match names an
-- older version is refused with 412 and the finding as it is now. Findings stored before start at 1.
ALTER TABLE "utility_pole_findings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
