-- Workspaces: a photo, a pole and a region belong to a workspace, the uploader's
-- personal one (its id is the user's id) or an organization (better-auth's organization plugin:
-- its tables follow the plugin's model). Usage and quotas stay per uploader.
CREATE TABLE "organization" (
  "id" text PRIMARY KEY NOT NULL,
  "name" text NOT NULL,
  "slug" text NOT NULL UNIQUE,
  "logo" text,
  "metadata" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "member" (
  "id" text PRIMARY KEY NOT NULL,
  "organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE CASCADE,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "role" text NOT NULL DEFAULT 'member',
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- One membership per person and team: the workspace check reads exactly one row.
CREATE UNIQUE INDEX "member_organization_user_idx" ON "member" ("organization_id", "user_id");
--> statement-breakpoint
CREATE INDEX "member_user_idx" ON "member" ("user_id");
--> statement-breakpoint
CREATE TABLE "invitation" (
  "id" text PRIMARY KEY NOT NULL,
  "organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE CASCADE,
  "email" text NOT NULL,
  "role" text,
  "status" text NOT NULL DEFAULT 'pending',
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "inviter_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "invitation_organization_idx" ON "invitation" ("organization_id");
--> statement-breakpoint
CREATE INDEX "invitation_email_idx" ON "invitation" ("email");
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "active_organization_id" text;
--> statement-breakpoint
-- A quota set by an administrator; NULL is the default (STORAGE_QUOTA_BYTES).
ALTER TABLE "user" ADD COLUMN "quota_bytes" bigint CHECK ("quota_bytes" >= 0);
--> statement-breakpoint
ALTER TABLE utility_pole_images ADD COLUMN workspace_id text;
--> statement-breakpoint
UPDATE utility_pole_images SET workspace_id = user_id;
--> statement-breakpoint
ALTER TABLE utility_pole_images ALTER COLUMN workspace_id SET NOT NULL;
--> statement-breakpoint
-- Lists, regions and duplicates are per workspace now; the uploader keeps an index for usage and
-- for ON DELETE CASCADE.
DROP INDEX images_user_date_idx;
--> statement-breakpoint
DROP INDEX images_user_region_idx;
--> statement-breakpoint
DROP INDEX images_user_sha256_idx;
--> statement-breakpoint
CREATE INDEX images_workspace_date_idx ON utility_pole_images (workspace_id, date, created_at, id);
--> statement-breakpoint
CREATE INDEX images_workspace_region_idx ON utility_pole_images (workspace_id, region_lon, region_lat, date, created_at, id);
--> statement-breakpoint
CREATE UNIQUE INDEX images_workspace_sha256_idx ON utility_pole_images (workspace_id, sha256) WHERE sha256 IS NOT NULL;
--> statement-breakpoint
CREATE INDEX images_user_idx ON utility_pole_images (user_id);
--> statement-breakpoint
-- Summaries and poles are keyed by workspace: no foreign key to "user" any more.
ALTER TABLE utility_pole_regions DROP CONSTRAINT utility_pole_regions_user_id_user_id_fk;
--> statement-breakpoint
ALTER TABLE utility_pole_regions RENAME COLUMN user_id TO workspace_id;
--> statement-breakpoint
ALTER TABLE utility_poles DROP CONSTRAINT utility_poles_user_id_fkey;
--> statement-breakpoint
ALTER TABLE utility_poles RENAME COLUMN user_id TO workspace_id;
--> statement-breakpoint
ALTER TABLE utility_pole_region_risk DROP CONSTRAINT utility_pole_region_risk_user_id_fkey;
--> statement-breakpoint
ALTER TABLE utility_pole_region_risk RENAME COLUMN user_id TO workspace_id;
--> statement-breakpoint
-- Every function that named user_id, again with the new columns. Locks: utility_pole_lock_user
-- takes any key; uploader ids and workspace ids are both better-auth ids, so they never collide,
-- and utility_pole_lock_users sorts them, so statements over both cannot deadlock each other.
-- Its parameter is renamed, which CREATE OR REPLACE cannot do.
DROP FUNCTION utility_pole_regions_refresh(text[], float8[], float8[]);
--> statement-breakpoint
CREATE FUNCTION utility_pole_regions_refresh(workspace_ids text[], lons float8[], lats float8[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM utility_pole_regions r
  USING unnest(workspace_ids, lons, lats) AS k(workspace_id, region_lon, region_lat)
  WHERE r.workspace_id = k.workspace_id AND r.region_lon = k.region_lon AND r.region_lat = k.region_lat;

  INSERT INTO utility_pole_regions
    (workspace_id, region_lon, region_lat, photo_count, min_lon, min_lat, max_lon, max_lat,
     first_date, first_created_at, first_id)
  SELECT k.workspace_id, k.region_lon, k.region_lat, a.n, a.min_lon, a.min_lat, a.max_lon, a.max_lat,
         f.date, f.created_at, f.id
  FROM (SELECT DISTINCT * FROM unnest(workspace_ids, lons, lats) AS k(workspace_id, region_lon, region_lat)) k
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n, min(longitude) AS min_lon, min(latitude) AS min_lat,
           max(longitude) AS max_lon, max(latitude) AS max_lat
    FROM utility_pole_images i
    WHERE i.workspace_id = k.workspace_id AND i.region_lon = k.region_lon AND i.region_lat = k.region_lat
  ) a
  CROSS JOIN LATERAL (
    SELECT i.date, i.created_at, i.id FROM utility_pole_images i
    WHERE i.workspace_id = k.workspace_id AND i.region_lon = k.region_lon AND i.region_lat = k.region_lat
    ORDER BY utility_pole_list_key(i.date, i.created_at, i.id)
    LIMIT 1
  ) f
  WHERE a.n > 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION utility_pole_images_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM utility_pole_lock_users(ARRAY(SELECT user_id FROM new_rows UNION SELECT workspace_id FROM new_rows));

  INSERT INTO utility_pole_usage AS u (user_id, used_bytes, photo_count)
  SELECT user_id, sum(file_size), count(*) FROM new_rows GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE
    SET used_bytes = u.used_bytes + EXCLUDED.used_bytes,
        photo_count = u.photo_count + EXCLUDED.photo_count;

  -- Adding photos only widens a region: merge the new rows' summary into the stored one.
  INSERT INTO utility_pole_regions AS r
    (workspace_id, region_lon, region_lat, photo_count, min_lon, min_lat, max_lon, max_lat,
     first_date, first_created_at, first_id)
  SELECT a.workspace_id, a.region_lon, a.region_lat, a.n, a.min_lon, a.min_lat, a.max_lon, a.max_lat,
         f.date, f.created_at, f.id
  FROM (
    SELECT workspace_id, region_lon, region_lat, count(*)::int AS n,
           min(longitude) AS min_lon, min(latitude) AS min_lat,
           max(longitude) AS max_lon, max(latitude) AS max_lat
    FROM new_rows
    WHERE region_lon IS NOT NULL AND region_lat IS NOT NULL
    GROUP BY workspace_id, region_lon, region_lat
  ) a
  JOIN (
    SELECT DISTINCT ON (workspace_id, region_lon, region_lat) workspace_id, region_lon, region_lat, date, created_at, id
    FROM new_rows
    WHERE region_lon IS NOT NULL AND region_lat IS NOT NULL
    ORDER BY workspace_id, region_lon, region_lat, utility_pole_list_key(date, created_at, id)
  ) f ON f.workspace_id = a.workspace_id AND f.region_lon = a.region_lon AND f.region_lat = a.region_lat
  ON CONFLICT (workspace_id, region_lon, region_lat) DO UPDATE SET
    photo_count = r.photo_count + EXCLUDED.photo_count,
    min_lon = LEAST(r.min_lon, EXCLUDED.min_lon),
    min_lat = LEAST(r.min_lat, EXCLUDED.min_lat),
    max_lon = GREATEST(r.max_lon, EXCLUDED.max_lon),
    max_lat = GREATEST(r.max_lat, EXCLUDED.max_lat),
    first_date = CASE WHEN utility_pole_list_key(EXCLUDED.first_date, EXCLUDED.first_created_at, EXCLUDED.first_id)
                         < utility_pole_list_key(r.first_date, r.first_created_at, r.first_id)
                      THEN EXCLUDED.first_date ELSE r.first_date END,
    first_created_at = CASE WHEN utility_pole_list_key(EXCLUDED.first_date, EXCLUDED.first_created_at, EXCLUDED.first_id)
                               < utility_pole_list_key(r.first_date, r.first_created_at, r.first_id)
                            THEN EXCLUDED.first_created_at ELSE r.first_created_at END,
    first_id = CASE WHEN utility_pole_list_key(EXCLUDED.first_date, EXCLUDED.first_created_at, EXCLUDED.first_id)
                       < utility_pole_list_key(r.first_date, r.first_created_at, r.first_id)
                    THEN EXCLUDED.first_id ELSE r.first_id END;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION utility_pole_images_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM utility_pole_lock_users(ARRAY(SELECT user_id FROM old_rows UNION SELECT workspace_id FROM old_rows));

  UPDATE utility_pole_usage u
  SET used_bytes = u.used_bytes - d.bytes, photo_count = u.photo_count - d.n
  FROM (SELECT user_id, sum(file_size) AS bytes, count(*) AS n FROM old_rows GROUP BY user_id) d
  WHERE u.user_id = d.user_id;

  PERFORM utility_pole_regions_refresh(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat))
  FROM (SELECT DISTINCT workspace_id, region_lon, region_lat FROM old_rows
        WHERE region_lon IS NOT NULL AND region_lat IS NOT NULL) k;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION utility_pole_images_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
    WHERE o.id IS NULL OR n.id IS NULL
       OR (o.user_id, o.workspace_id, o.date, o.created_at, o.latitude, o.longitude, o.file_size)
          IS DISTINCT FROM (n.user_id, n.workspace_id, n.date, n.created_at, n.latitude, n.longitude, n.file_size)
  ) THEN
    RETURN NULL;
  END IF;

  PERFORM utility_pole_lock_users(ARRAY(
    SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows
    UNION SELECT workspace_id FROM old_rows UNION SELECT workspace_id FROM new_rows));

  UPDATE utility_pole_usage u
  SET used_bytes = u.used_bytes - d.bytes, photo_count = u.photo_count - d.n
  FROM (SELECT user_id, sum(file_size) AS bytes, count(*) AS n FROM old_rows GROUP BY user_id) d
  WHERE u.user_id = d.user_id;
  INSERT INTO utility_pole_usage AS u (user_id, used_bytes, photo_count)
  SELECT user_id, sum(file_size), count(*) FROM new_rows GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE
    SET used_bytes = u.used_bytes + EXCLUDED.used_bytes,
        photo_count = u.photo_count + EXCLUDED.photo_count;

  PERFORM utility_pole_regions_refresh(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat))
  FROM (SELECT workspace_id, region_lon, region_lat FROM old_rows
        WHERE region_lon IS NOT NULL AND region_lat IS NOT NULL
        UNION
        SELECT workspace_id, region_lon, region_lat FROM new_rows
        WHERE region_lon IS NOT NULL AND region_lat IS NOT NULL) k;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Its parameter is renamed, which CREATE OR REPLACE cannot do.
DROP FUNCTION utility_pole_assign(text, float8, float8, float8);
--> statement-breakpoint
CREATE FUNCTION utility_pole_assign(workspace text, lat float8, lon float8, radius float8) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  band float8 := radius / 111194.9 + 1e-9;
  found uuid;
BEGIN
  SELECT p.id INTO found FROM utility_poles p
  WHERE p.workspace_id = workspace AND p.latitude BETWEEN lat - band AND lat + band
    AND utility_pole_distance(p.latitude, p.longitude, lat, lon) <= radius
  ORDER BY utility_pole_distance(p.latitude, p.longitude, lat, lon), p.created_at, p.id
  LIMIT 1;
  IF found IS NULL THEN
    INSERT INTO utility_poles (workspace_id, latitude, longitude) VALUES (workspace, lat, lon) RETURNING id INTO found;
  END IF;
  RETURN found;
END $$;
--> statement-breakpoint
-- Its parameter is renamed, which CREATE OR REPLACE cannot do.
DROP FUNCTION utility_pole_region_risk_refresh(text[], float8[], float8[]);
--> statement-breakpoint
CREATE FUNCTION utility_pole_region_risk_refresh(workspace_ids text[], lons float8[], lats float8[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM utility_pole_region_risk r
  USING unnest(workspace_ids, lons, lats) AS k(workspace_id, region_lon, region_lat)
  WHERE r.workspace_id = k.workspace_id AND r.region_lon = k.region_lon AND r.region_lat = k.region_lat;

  INSERT INTO utility_pole_region_risk (workspace_id, region_lon, region_lat, high, medium, low, unrated)
  SELECT k.workspace_id, k.region_lon, k.region_lat, c.high, c.medium, c.low, c.unrated
  FROM (SELECT DISTINCT * FROM unnest(workspace_ids, lons, lats) AS k(workspace_id, region_lon, region_lat)) k
  CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE risk = 'high')::int AS high,
           count(*) FILTER (WHERE risk = 'medium')::int AS medium,
           count(*) FILTER (WHERE risk = 'low')::int AS low,
           count(*) FILTER (WHERE risk IS NULL)::int AS unrated,
           count(*) AS n
    FROM utility_poles p
    WHERE p.workspace_id = k.workspace_id AND p.region_lon = k.region_lon AND p.region_lat = k.region_lat
  ) c
  WHERE c.n > 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION utility_poles_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM utility_pole_lock_users(ARRAY(SELECT workspace_id FROM new_rows));
    PERFORM utility_pole_region_risk_refresh(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat))
    FROM (SELECT DISTINCT workspace_id, region_lon, region_lat FROM new_rows) k;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM utility_pole_lock_users(ARRAY(SELECT workspace_id FROM old_rows));
    PERFORM utility_pole_region_risk_refresh(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat))
    FROM (SELECT DISTINCT workspace_id, region_lon, region_lat FROM old_rows) k;
  ELSE
    PERFORM utility_pole_lock_users(ARRAY(SELECT workspace_id FROM old_rows UNION SELECT workspace_id FROM new_rows));
    PERFORM utility_pole_region_risk_refresh(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat))
    FROM (SELECT workspace_id, region_lon, region_lat FROM old_rows
          UNION SELECT workspace_id, region_lon, region_lat FROM new_rows) k;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A row written without a workspace (a bulk SQL import, as before teams existed) goes to the
-- uploader's personal workspace.
CREATE FUNCTION utility_pole_images_default_workspace() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.workspace_id := coalesce(NEW.workspace_id, NEW.user_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER utility_pole_images_default_workspace BEFORE INSERT ON utility_pole_images
  FOR EACH ROW EXECUTE FUNCTION utility_pole_images_default_workspace();
