-- The same bytes uploaded twice by one owner are one photo: each stored file's
-- SHA-256, unique per owner. Photos stored before this have none (NULL) and never match.
ALTER TABLE utility_pole_images ADD COLUMN sha256 text;
--> statement-breakpoint
CREATE UNIQUE INDEX images_user_sha256_idx ON utility_pole_images (user_id, sha256) WHERE sha256 IS NOT NULL;
