-- Poles: every photo with coordinates belongs to one pole of its owner, the nearest
-- within the spot radius; a pole's position is that of its first photo and never moves.
CREATE TABLE utility_poles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  label text NOT NULL DEFAULT '',
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  -- The region the pole is drawn in: the same rounding as the photos' columns (0000_init.sql).
  region_lon double precision GENERATED ALWAYS AS ((CASE WHEN longitude * 10 - floor(longitude * 10) >= 0.5 THEN ceil(longitude * 10) ELSE floor(longitude * 10) END) / 10) STORED NOT NULL,
  region_lat double precision GENERATED ALWAYS AS ((CASE WHEN latitude * 10 - floor(latitude * 10) >= 0.5 THEN ceil(latitude * 10) ELSE floor(latitude * 10) END) / 10) STORED NOT NULL,
  -- The rating of its latest rated photo in list order; kept by utility_pole_refresh.
  risk text CHECK (risk IN ('low', 'medium', 'high')),
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- The nearest-pole search reads a thin latitude band of one owner's poles.
CREATE INDEX poles_user_lat_idx ON utility_poles (user_id, latitude);
--> statement-breakpoint
CREATE INDEX poles_user_region_idx ON utility_poles (user_id, region_lon, region_lat, risk);
--> statement-breakpoint
ALTER TABLE utility_pole_images
  ADD COLUMN pole_id uuid REFERENCES utility_poles(id) ON DELETE SET NULL,
  ADD COLUMN risk text CHECK (risk IN ('low', 'medium', 'high')),
  ADD COLUMN notes text;
--> statement-breakpoint
-- A pole's timeline in list order straight from the index.
CREATE INDEX images_pole_idx ON utility_pole_images (pole_id, date, created_at, id);
--> statement-breakpoint
-- Great-circle distance in metres (haversine on the mean Earth radius). sin² of half the
-- longitude difference is periodic, so poles across the antimeridian are as near as they are.
CREATE FUNCTION utility_pole_distance(lat1 float8, lon1 float8, lat2 float8, lon2 float8) RETURNS float8
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 2 * 6371008.8 * asin(least(1, sqrt(
    sin(radians(lat2 - lat1) / 2) ^ 2 +
    cos(radians(lat1)) * cos(radians(lat2)) * sin(radians(lon2 - lon1) / 2) ^ 2)));
$$;
--> statement-breakpoint
-- The pole rule, once: the nearest pole of the owner within `radius` metres, else a new pole at
-- the position. Callers hold the owner's lock (utility_pole_lock_user), so two uploads at one
-- spot cannot both start a pole. A latitude band (metres per degree of latitude are the same
-- everywhere) narrows the search through poles_user_lat_idx; the distance decides.
CREATE FUNCTION utility_pole_assign(owner text, lat float8, lon float8, radius float8) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  band float8 := radius / 111194.9 + 1e-9;
  found uuid;
BEGIN
  SELECT p.id INTO found FROM utility_poles p
  WHERE p.user_id = owner AND p.latitude BETWEEN lat - band AND lat + band
    AND utility_pole_distance(p.latitude, p.longitude, lat, lon) <= radius
  ORDER BY utility_pole_distance(p.latitude, p.longitude, lat, lon), p.created_at, p.id
  LIMIT 1;
  IF found IS NULL THEN
    INSERT INTO utility_poles (user_id, latitude, longitude) VALUES (owner, lat, lon) RETURNING id INTO found;
  END IF;
  RETURN found;
END $$;
--> statement-breakpoint
-- After photos joined or left these poles: empty ones go, the others take the rating of their
-- latest rated photo (list order: utility_pole_list_key, 0003).
CREATE FUNCTION utility_pole_refresh(pole_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM utility_poles p WHERE p.id = ANY(pole_ids)
    AND NOT EXISTS (SELECT 1 FROM utility_pole_images i WHERE i.pole_id = p.id);
  UPDATE utility_poles p SET risk = (
    SELECT i.risk FROM utility_pole_images i
    WHERE i.pole_id = p.id AND i.risk IS NOT NULL
    ORDER BY utility_pole_list_key(i.date, i.created_at, i.id) DESC
    LIMIT 1)
  WHERE p.id = ANY(pole_ids);
$$;
--> statement-breakpoint
-- Ratings, notes and pole moves do not change the region summaries or the usage: the update
-- trigger of 0002 returns at once unless a column they read changed. (A statement trigger with
-- transition tables cannot name columns, so the check is in the function.)
CREATE OR REPLACE FUNCTION utility_pole_images_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
    WHERE o.id IS NULL OR n.id IS NULL
       OR (o.user_id, o.date, o.created_at, o.latitude, o.longitude, o.file_size)
          IS DISTINCT FROM (n.user_id, n.date, n.created_at, n.latitude, n.longitude, n.file_size)
  ) THEN
    RETURN NULL;
  END IF;

  PERFORM utility_pole_lock_users(ARRAY(SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows));

  UPDATE utility_pole_usage u
  SET used_bytes = u.used_bytes - d.bytes, photo_count = u.photo_count - d.n
  FROM (SELECT user_id, sum(file_size) AS bytes, count(*) AS n FROM old_rows GROUP BY user_id) d
  WHERE u.user_id = d.user_id;
  INSERT INTO utility_pole_usage AS u (user_id, used_bytes, photo_count)
  SELECT user_id, sum(file_size), count(*) FROM new_rows GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE
    SET used_bytes = u.used_bytes + EXCLUDED.used_bytes,
        photo_count = u.photo_count + EXCLUDED.photo_count;

  PERFORM utility_pole_regions_refresh(array_agg(user_id), array_agg(region_lon), array_agg(region_lat))
  FROM (SELECT user_id, region_lon, region_lat FROM old_rows
        WHERE region_lon IS NOT NULL AND region_lat IS NOT NULL
        UNION
        SELECT user_id, region_lon, region_lat FROM new_rows
        WHERE region_lon IS NOT NULL AND region_lat IS NOT NULL) k;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Photos stored before this migration join poles by the rule at the default radius, in list order.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id, user_id, latitude, longitude FROM utility_pole_images
           WHERE latitude IS NOT NULL AND longitude IS NOT NULL
           ORDER BY user_id, utility_pole_list_key(date, created_at, id) LOOP
    UPDATE utility_pole_images SET pole_id = utility_pole_assign(r.user_id, r.latitude, r.longitude, 10)
    WHERE id = r.id;
  END LOOP;
END $$;
