-- Optimistic concurrency for the things teammates edit at the same time: a photo's inspection
-- (rating, notes, place, pole) and a pole's label. Every change adds one to `version`, which the
-- API answers as the ETag; a PATCH with a stale If-Match is refused in the UPDATE's own WHERE, so
-- two writers holding the same tag cannot both win. Who made the change and when is kept beside
-- it, for the conflict answer to say so. Rows stored before start at version 1, changed by nobody.
ALTER TABLE utility_pole_images ADD COLUMN version integer NOT NULL DEFAULT 1;
--> statement-breakpoint
ALTER TABLE utility_pole_images ADD COLUMN updated_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE utility_pole_images ADD COLUMN updated_by text REFERENCES "user"(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE utility_poles ADD COLUMN version integer NOT NULL DEFAULT 1;
--> statement-breakpoint
ALTER TABLE utility_poles ADD COLUMN updated_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE utility_poles ADD COLUMN updated_by text REFERENCES "user"(id) ON DELETE SET NULL;
