-- A GIS client pans the OGC layer one box at a time (`bbox`). The workspace + latitude index found
-- the box's band of latitudes and PostgreSQL then read every pole of that band to test its
-- longitude: 25,000 rows for a page of 1,000 in a workspace of a million poles. With the longitude
-- in the index only the box's poles are read. It also serves everything the old index did.
CREATE INDEX poles_user_lat_lon_idx ON utility_poles (workspace_id, latitude, longitude);
--> statement-breakpoint
DROP INDEX poles_user_lat_idx;
