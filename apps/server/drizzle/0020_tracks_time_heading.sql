-- GPS tracks: a workspace's logger tracks, which place its photos that have no coordinates by
-- their capture time (POST /api/tracks/:id/match). The points are [ms, latitude, longitude] in
-- time order.
CREATE TABLE tracks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id text NOT NULL,
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  name text NOT NULL,
  point_count integer NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  points jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX tracks_workspace_idx ON tracks (workspace_id, created_at);
--> statement-breakpoint
-- A photo's full capture instant, and the compass direction the camera looked (0 = north, null
-- when the camera wrote none).
ALTER TABLE utility_pole_images ADD COLUMN taken_at timestamptz;
--> statement-breakpoint
ALTER TABLE utility_pole_images ADD COLUMN heading double precision;
--> statement-breakpoint
ALTER TABLE utility_pole_images ADD CONSTRAINT images_heading_range CHECK (heading >= 0 AND heading < 360);
--> statement-breakpoint
-- Photos stored before: the capture time where the stored timestamp names its zone (the camera's
-- OffsetTimeOriginal, or a file time in UTC). A camera's wall-clock time without a zone stays
-- without an instant: which zone it meant is not known here.
UPDATE utility_pole_images
   SET taken_at = (metadata->>'timestamp')::timestamptz
 WHERE metadata->>'timestamp' ~ '^\d{4}-\d\d-\d\dT([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-]\d\d:\d\d)$';
