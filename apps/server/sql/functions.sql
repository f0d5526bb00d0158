-- The SQL functions and triggers of PoleAtlas, as they stand after the latest migration.
--
-- Rules that must hold for every write to the tables, whoever makes it (the API, a cascade, a
-- bulk SQL import), live in the database: the pole rule, the kept counts behind the quota and
-- /api/regions, the append-only audit trail. The migrations in ../drizzle build them up step by
-- step; this file is where a reader finds each one whole. It is not applied by anything:
-- test/infra/sql-functions.test.ts migrates a fresh database and fails when a definition here
-- and the database differ. A migration that changes a function or trigger changes it here too,
-- in the same commit.
--
-- Locks: every writer of one user's or workspace's rows takes its advisory lock first
-- (utility_pole_lock_users, sorted, so two statements cannot deadlock), so summary maintenance
-- is serialised and a recount never races an increment. Recounts read with a fresh snapshot per
-- statement, which holds under READ COMMITTED (the default, and what the server uses).

-- ================================================================================================
-- Locks and the list order
-- ================================================================================================

-- Current since drizzle/0003_one_lock_one_order.sql.
-- The lock of one user or workspace, named once. Uploads (images.repository.ts) and every
-- summary trigger below take the very same lock, or a quota check could race a summary update
-- (0x504f4c45 = "POLE" as the namespace, hashtext(id) as the key).
CREATE OR REPLACE FUNCTION utility_pole_lock_user(user_id text) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(1347374149, hashtext(user_id));
$$;

-- Current since drizzle/0003_one_lock_one_order.sql.
-- Several locks at once, in sorted order.
CREATE OR REPLACE FUNCTION utility_pole_lock_users(user_ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  u text;
BEGIN
  -- Sorted, so two multi-user statements cannot deadlock on each other.
  FOREACH u IN ARRAY coalesce((SELECT array_agg(DISTINCT x ORDER BY x) FROM unnest(user_ids) x), '{}') LOOP
    PERFORM utility_pole_lock_user(u);
  END LOOP;
END $$;

-- Current since drizzle/0003_one_lock_one_order.sql.
-- The list order, named once for SQL: date ascending with undated photos last, then created_at,
-- then id (packages/shared LIST_ORDER_COLUMNS says the same for JavaScript; the composite type
-- utility_pole_list_key is created by drizzle/0003). Comparing two keys compares two photos'
-- places in the list.
CREATE OR REPLACE FUNCTION utility_pole_list_key(d date, c timestamptz, i uuid) RETURNS utility_pole_list_key
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(coalesce(d, 'infinity'::date), c, i)::utility_pole_list_key;
$$;


-- ================================================================================================
-- Photo summaries: storage usage and regions
-- ================================================================================================

-- Current since drizzle/0007_workspaces.sql.
-- Recounts the given regions from utility_pole_images (after deletes and updates, where a
-- minimum, maximum or first photo may have left).
CREATE OR REPLACE FUNCTION utility_pole_regions_refresh(workspace_ids text[], lons float8[], lats float8[]) RETURNS void
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

-- Current since drizzle/0007_workspaces.sql.
-- The summary triggers on utility_pole_images: statement-level, with transition tables, so a
-- bulk INSERT is summarised once, not per row. Inserts add to the counts; deletes and updates
-- recount the regions they touched; TRUNCATE empties the summaries.
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

-- Current since drizzle/0007_workspaces.sql.
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

-- Current since drizzle/0007_workspaces.sql.
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

-- Current since drizzle/0002_photo_summary_triggers.sql.
CREATE OR REPLACE FUNCTION utility_pole_images_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM utility_pole_regions;
  DELETE FROM utility_pole_usage;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER utility_pole_images_inserted AFTER INSERT ON utility_pole_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_inserted();

CREATE OR REPLACE TRIGGER utility_pole_images_deleted AFTER DELETE ON utility_pole_images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_deleted();

CREATE OR REPLACE TRIGGER utility_pole_images_updated AFTER UPDATE ON utility_pole_images
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_updated();

CREATE OR REPLACE TRIGGER utility_pole_images_truncated AFTER TRUNCATE ON utility_pole_images
  FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_truncated();


-- ================================================================================================
-- Poles: the pole rule, the risk roll-up, photo counts
-- ================================================================================================

-- Current since drizzle/0004_poles.sql.
-- Great-circle distance in metres (haversine on the mean Earth radius). sin² of half the
-- longitude difference is periodic, so poles across the antimeridian are as near as they are.
CREATE OR REPLACE FUNCTION utility_pole_distance(lat1 float8, lon1 float8, lat2 float8, lon2 float8) RETURNS float8
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 2 * 6371008.8 * asin(least(1, sqrt(
    sin(radians(lat2 - lat1) / 2) ^ 2 +
    cos(radians(lat1)) * cos(radians(lat2)) * sin(radians(lon2 - lon1) / 2) ^ 2)));
$$;

-- Current since drizzle/0040_line_of_sight.sql.
-- The register's poles (imported, or given a tag) within `reach` metres of a place, nearest first,
-- with the bearing from the place to each. A box on poles_user_lat_lon_idx: the latitude band as
-- the index's range, the longitude band checked inside the index (the whole circle of longitude
-- where the box crosses the antimeridian or comes within a degree of a geographic pole).
CREATE OR REPLACE FUNCTION utility_pole_register_near(workspace text, lat float8, lon float8, reach float8)
RETURNS TABLE (id uuid, tag text, label text, latitude float8, longitude float8, distance_m float8, bearing_deg float8)
LANGUAGE sql STABLE AS $$
  WITH box AS (
    SELECT b.dlat,
      CASE WHEN abs(lat) + b.dlat >= 89 OR abs(lon) + b.dlat / cos(radians(abs(lat) + b.dlat)) >= 180
        THEN NULL ELSE b.dlat / cos(radians(abs(lat) + b.dlat)) END AS dlon
    FROM (SELECT reach / 111194.9 + 1e-9 AS dlat) b
  )
  SELECT p.id, p.tag, p.label, p.latitude, p.longitude, d.m,
    mod((degrees(atan2(
      sin(radians(p.longitude - lon)) * cos(radians(p.latitude)),
      cos(radians(lat)) * sin(radians(p.latitude))
        - sin(radians(lat)) * cos(radians(p.latitude)) * cos(radians(p.longitude - lon)))) + 360)::numeric, 360)::float8
  FROM box
  JOIN utility_poles p ON p.workspace_id = workspace
    AND p.latitude BETWEEN lat - box.dlat AND lat + box.dlat
    AND p.longitude BETWEEN coalesce(lon - box.dlon, -180) AND coalesce(lon + box.dlon, 180)
  CROSS JOIN LATERAL (SELECT utility_pole_distance(p.latitude, p.longitude, lat, lon) AS m) d
  WHERE (p.source = 'import' OR p.tag IS NOT NULL) AND d.m <= reach
  ORDER BY d.m, p.created_at, p.id;
$$;

-- Current since drizzle/0040_line_of_sight.sql.
-- The pole rule (docs/architecture.md "The pole rule"; the constants are pole-join.ts's). Where the
-- register stands within 50 m: with a bearing (heading, and half the field of view in degrees),
-- the register pole within 30 m nearest the line of sight inside the view (one within 3 m
-- whatever the bearing); without one, the only register pole within 25 m; NULL when that names no
-- single pole: the photo waits, unplaced, for a member to choose. Elsewhere the photo-only rule:
-- the nearest pole within `radius`, else a new pole at the photo's place.
CREATE OR REPLACE FUNCTION utility_pole_assign(workspace text, lat float8, lon float8, radius float8,
  heading float8 DEFAULT NULL, half_view float8 DEFAULT NULL) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  band float8 := radius / 111194.9 + 1e-9;
  near_count int := 0;
  best uuid;
  best_across float8;
  runner_across float8;
  off float8;
  across float8;
  r record;
BEGIN
  FOR r IN SELECT * FROM utility_pole_register_near(workspace, lat, lon, 50) LOOP
    near_count := near_count + 1;
    IF heading IS NULL OR half_view IS NULL THEN
      IF r.distance_m <= 25 THEN
        -- Two register poles within reach and no bearing to choose: the member is asked.
        IF best IS NOT NULL THEN RETURN NULL; END IF;
        best := r.id;
      END IF;
    ELSIF r.distance_m <= 30 THEN
      -- The angle between the bearing and the pole, 0-180°.
      off := abs(mod((r.bearing_deg - heading + 540)::numeric, 360)::float8 - 180);
      IF r.distance_m <= 3 OR off <= half_view THEN
        across := CASE WHEN r.distance_m <= 3 THEN 0 ELSE r.distance_m * sin(radians(off)) END;
        IF best IS NULL OR across < best_across THEN
          runner_across := best_across;
          best := r.id;
          best_across := across;
        ELSIF runner_across IS NULL OR across < runner_across THEN
          runner_across := across;
        END IF;
      END IF;
    END IF;
  END LOOP;
  IF best IS NOT NULL THEN
    -- Two poles about as near the line of sight: one compass error apart, so the member is asked.
    IF runner_across IS NOT NULL AND runner_across - best_across < 2 THEN RETURN NULL; END IF;
    RETURN best;
  END IF;
  -- The register stands near but no pole of it is the photo's: asked, not a pole of its own.
  IF near_count > 0 THEN RETURN NULL; END IF;
  SELECT p.id INTO best FROM utility_poles p
  WHERE p.workspace_id = workspace AND p.latitude BETWEEN lat - band AND lat + band
    AND utility_pole_distance(p.latitude, p.longitude, lat, lon) <= radius
  ORDER BY utility_pole_distance(p.latitude, p.longitude, lat, lon), p.created_at, p.id
  LIMIT 1;
  IF best IS NULL THEN
    INSERT INTO utility_poles (workspace_id, latitude, longitude) VALUES (workspace, lat, lon) RETURNING id INTO best;
  END IF;
  RETURN best;
END $$;

-- Current since drizzle/0043_pole_attachments.sql.
-- After photos joined or left these poles: empty photo-made poles go unless findings, visits or
-- attachments hold them (what was recorded of a pole is kept; an imported pole stays: it is the utility's asset,
-- photographed or not), the others take the rating of their latest rated photo (list order:
-- utility_pole_list_key).
CREATE OR REPLACE FUNCTION utility_pole_refresh(pole_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM utility_poles p WHERE p.id = ANY(pole_ids) AND p.source = 'photo'
    AND NOT EXISTS (SELECT 1 FROM utility_pole_images i WHERE i.pole_id = p.id)
    AND NOT EXISTS (SELECT 1 FROM utility_pole_findings f WHERE f.pole_id = p.id)
    AND NOT EXISTS (SELECT 1 FROM utility_pole_visits v WHERE v.pole_id = p.id)
    AND NOT EXISTS (SELECT 1 FROM pole_attachments a WHERE a.pole_id = p.id);
  UPDATE utility_poles p SET risk = (
    SELECT i.risk FROM utility_pole_images i
    WHERE i.pole_id = p.id AND i.risk IS NOT NULL
    ORDER BY utility_pole_list_key(i.date, i.created_at, i.id) DESC
    LIMIT 1)
  WHERE p.id = ANY(pole_ids);
$$;

-- Current since drizzle/0009_pole_photo_count.sql.
-- Each pole's photo_count, moved by deltas that concurrent statements sum correctly on the
-- pole's row. Takes the same locks as the photo summary triggers first, so a statement that reaches a
-- pole's row here already holds its workspace's lock: no deadlock with an upload into it.
CREATE OR REPLACE FUNCTION utility_pole_images_pole_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE pole_id IS NOT NULL) THEN RETURN NULL; END IF;
    PERFORM utility_pole_lock_users(ARRAY(SELECT user_id FROM new_rows UNION SELECT workspace_id FROM new_rows));
    UPDATE utility_poles p SET photo_count = p.photo_count + d.n
    FROM (SELECT pole_id, count(*)::int AS n FROM new_rows WHERE pole_id IS NOT NULL GROUP BY pole_id) d
    WHERE p.id = d.pole_id;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows WHERE pole_id IS NOT NULL) THEN RETURN NULL; END IF;
    PERFORM utility_pole_lock_users(ARRAY(SELECT user_id FROM old_rows UNION SELECT workspace_id FROM old_rows));
    UPDATE utility_poles p SET photo_count = p.photo_count - d.n
    FROM (SELECT pole_id, count(*)::int AS n FROM old_rows WHERE pole_id IS NOT NULL GROUP BY pole_id) d
    WHERE p.id = d.pole_id;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.pole_id IS DISTINCT FROM o.pole_id
    ) THEN
      RETURN NULL;
    END IF;
    PERFORM utility_pole_lock_users(ARRAY(
      SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows
      UNION SELECT workspace_id FROM old_rows UNION SELECT workspace_id FROM new_rows));
    UPDATE utility_poles p SET photo_count = p.photo_count + d.n
    FROM (
      SELECT pole_id, sum(n)::int AS n FROM (
        SELECT n.pole_id, 1 AS n FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE n.pole_id IS DISTINCT FROM o.pole_id AND n.pole_id IS NOT NULL
        UNION ALL
        SELECT o.pole_id, -1 AS n FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE n.pole_id IS DISTINCT FROM o.pole_id AND o.pole_id IS NOT NULL
      ) c GROUP BY pole_id
    ) d
    WHERE p.id = d.pole_id AND d.n <> 0;
  ELSE -- TRUNCATE
    UPDATE utility_poles SET photo_count = 0 WHERE photo_count <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER utility_pole_images_pole_count_inserted AFTER INSERT ON utility_pole_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_pole_count();

CREATE OR REPLACE TRIGGER utility_pole_images_pole_count_deleted AFTER DELETE ON utility_pole_images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_pole_count();

CREATE OR REPLACE TRIGGER utility_pole_images_pole_count_updated AFTER UPDATE ON utility_pole_images
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_pole_count();

CREATE OR REPLACE TRIGGER utility_pole_images_pole_count_truncated AFTER TRUNCATE ON utility_pole_images
  FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_pole_count();


-- ================================================================================================
-- Regions' pole counts by risk
-- ================================================================================================

-- Current since drizzle/0036_imported_counts.sql.
-- Moves the given regions' counts by a statement's difference (negative for poles gone), and drops a
-- region left with no poles. What the triggers below use: a recount reads every pole of a region,
-- which for an import of a million poles in batches was most of its time. `imported` counts the
-- region's poles a register import wrote (whether a workspace has any is read from it).
CREATE OR REPLACE FUNCTION utility_pole_region_risk_add(workspace_ids text[], lons float8[], lats float8[],
  highs int[], mediums int[], lows int[], unrateds int[], importeds int[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO utility_pole_region_risk AS r (workspace_id, region_lon, region_lat, high, medium, low, unrated, imported)
  SELECT * FROM unnest(workspace_ids, lons, lats, highs, mediums, lows, unrateds, importeds)
  ON CONFLICT (workspace_id, region_lon, region_lat) DO UPDATE
    SET high = r.high + excluded.high, medium = r.medium + excluded.medium,
        low = r.low + excluded.low, unrated = r.unrated + excluded.unrated,
        imported = r.imported + excluded.imported;

  DELETE FROM utility_pole_region_risk r
  USING unnest(workspace_ids, lons, lats) AS k(workspace_id, region_lon, region_lat)
  WHERE r.workspace_id = k.workspace_id AND r.region_lon = k.region_lon AND r.region_lat = k.region_lat
    AND r.high = 0 AND r.medium = 0 AND r.low = 0 AND r.unrated = 0;
END $$;

-- Current since drizzle/0036_imported_counts.sql.
-- Keeps utility_pole_region_risk (each region's poles by condition, and its imported ones) for every
-- write to utility_poles, by the difference the statement's own rows make (old rows out, new rows in).
-- The counts read only a pole's workspace, region, condition and source: an update that changes none
-- of them (a photo count, a label) does not touch its region's row.
CREATE OR REPLACE FUNCTION utility_poles_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM utility_pole_lock_users(ARRAY(SELECT workspace_id FROM new_rows));
    PERFORM utility_pole_region_risk_add(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat),
      array_agg(high), array_agg(medium), array_agg(low), array_agg(unrated), array_agg(imported))
    FROM (SELECT workspace_id, region_lon, region_lat,
                 count(*) FILTER (WHERE condition = 'high')::int AS high,
                 count(*) FILTER (WHERE condition = 'medium')::int AS medium,
                 count(*) FILTER (WHERE condition = 'low')::int AS low,
                 count(*) FILTER (WHERE condition IS NULL)::int AS unrated,
                 count(*) FILTER (WHERE source = 'import')::int AS imported
          FROM new_rows GROUP BY workspace_id, region_lon, region_lat) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM utility_pole_lock_users(ARRAY(SELECT workspace_id FROM old_rows));
    PERFORM utility_pole_region_risk_add(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat),
      array_agg(high), array_agg(medium), array_agg(low), array_agg(unrated), array_agg(imported))
    FROM (SELECT workspace_id, region_lon, region_lat,
                 -count(*) FILTER (WHERE condition = 'high')::int AS high,
                 -count(*) FILTER (WHERE condition = 'medium')::int AS medium,
                 -count(*) FILTER (WHERE condition = 'low')::int AS low,
                 -count(*) FILTER (WHERE condition IS NULL)::int AS unrated,
                 -count(*) FILTER (WHERE source = 'import')::int AS imported
          FROM old_rows GROUP BY workspace_id, region_lon, region_lat) d;
  ELSE
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
      WHERE o.id IS NULL OR n.id IS NULL
         OR (o.workspace_id, o.region_lon, o.region_lat, o.condition, o.source)
            IS DISTINCT FROM (n.workspace_id, n.region_lon, n.region_lat, n.condition, n.source)
    ) THEN
      RETURN NULL;
    END IF;
    PERFORM utility_pole_lock_users(ARRAY(SELECT workspace_id FROM old_rows UNION SELECT workspace_id FROM new_rows));
    PERFORM utility_pole_region_risk_add(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat),
      array_agg(high), array_agg(medium), array_agg(low), array_agg(unrated), array_agg(imported))
    FROM (SELECT workspace_id, region_lon, region_lat,
                 coalesce(sum(s) FILTER (WHERE condition = 'high'), 0)::int AS high,
                 coalesce(sum(s) FILTER (WHERE condition = 'medium'), 0)::int AS medium,
                 coalesce(sum(s) FILTER (WHERE condition = 'low'), 0)::int AS low,
                 coalesce(sum(s) FILTER (WHERE condition IS NULL), 0)::int AS unrated,
                 coalesce(sum(s) FILTER (WHERE source = 'import'), 0)::int AS imported
          FROM (SELECT 1 AS s, workspace_id, region_lon, region_lat, condition, source FROM new_rows
                UNION ALL
                SELECT -1, workspace_id, region_lon, region_lat, condition, source FROM old_rows) x
          GROUP BY workspace_id, region_lon, region_lat) d;
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER utility_poles_inserted AFTER INSERT ON utility_poles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_poles_changed();

CREATE OR REPLACE TRIGGER utility_poles_deleted AFTER DELETE ON utility_poles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_poles_changed();

CREATE OR REPLACE TRIGGER utility_poles_updated AFTER UPDATE ON utility_poles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION utility_poles_changed();


-- ================================================================================================
-- Regions' poles by date: overdue findings and inspections due
-- ================================================================================================

-- Current since drizzle/0027_inspection_visits.sql.
-- Moves utility_pole_region_dates (per region, poles by the year and the month of their earliest
-- open fix-by date and of the day their inspection falls due, 'infinity' with no visit) by the
-- given poles, sign 1 in and -1 out, under the workspaces' locks; a row left at zero goes. The
-- regions list sums the rows before today and before a year from today, and counts only each
-- threshold's own month from the poles.
CREATE OR REPLACE FUNCTION utility_pole_region_dates_add(workspace_ids text[], lons float8[], lats float8[],
  due_ons date[], inspected_ons date[], signs int[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  ws text[]; los float8[]; las float8[]; kinds text[]; spans text[]; starts_on date[]; ns int[];
BEGIN
  SELECT array_agg(d.workspace_id), array_agg(d.region_lon), array_agg(d.region_lat), array_agg(d.kind),
         array_agg(d.span), array_agg(d.starts), array_agg(d.n)
  INTO ws, los, las, kinds, spans, starts_on, ns
  FROM (
    SELECT p.workspace_id, p.region_lon, p.region_lat, k.kind, s.span,
           date_trunc(s.span, k.on_date::timestamp)::date AS starts, sum(p.sign)::int AS n
    FROM unnest(workspace_ids, lons, lats, due_ons, inspected_ons, signs)
      AS p(workspace_id, region_lon, region_lat, due_on, inspected_on, sign)
    CROSS JOIN LATERAL (VALUES ('due', p.due_on), ('inspected', coalesce(p.inspected_on, 'infinity'::date)))
      AS k(kind, on_date)
    CROSS JOIN (VALUES ('year'), ('month')) AS s(span)
    WHERE k.on_date IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(p.sign) <> 0
  ) d;
  IF ws IS NULL THEN
    RETURN;
  END IF;
  PERFORM utility_pole_lock_users(ws);

  INSERT INTO utility_pole_region_dates AS r (workspace_id, region_lon, region_lat, kind, span, starts, poles)
  SELECT * FROM unnest(ws, los, las, kinds, spans, starts_on, ns)
  ON CONFLICT (workspace_id, kind, span, starts, region_lon, region_lat) DO UPDATE SET poles = r.poles + excluded.poles;

  DELETE FROM utility_pole_region_dates r
  USING unnest(ws, los, las, kinds, spans, starts_on) AS k(workspace_id, region_lon, region_lat, kind, span, starts)
  WHERE r.workspace_id = k.workspace_id AND r.kind = k.kind AND r.span = k.span AND r.starts = k.starts
    AND r.region_lon = k.region_lon AND r.region_lat = k.region_lat AND r.poles = 0;
END $$;

-- Current since drizzle/0027_inspection_visits.sql.
-- Keeps utility_pole_region_dates for every write to utility_poles by the statement's own rows; an
-- update that changes none of a pole's workspace, region, fix-by date or inspection due day moves
-- nothing.
CREATE OR REPLACE FUNCTION utility_poles_dates_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM utility_pole_region_dates_add(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat),
      array_agg(finding_due_on), array_agg(inspection_due_on), array_agg(1))
    FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM utility_pole_region_dates_add(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat),
      array_agg(finding_due_on), array_agg(inspection_due_on), array_agg(-1))
    FROM old_rows;
  ELSE
    PERFORM utility_pole_region_dates_add(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat),
      array_agg(finding_due_on), array_agg(inspection_due_on), array_agg(sign))
    FROM (
      SELECT n.workspace_id, n.region_lon, n.region_lat, n.finding_due_on, n.inspection_due_on, 1 AS sign
      FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
      WHERE o.id IS NULL
         OR (o.workspace_id, o.region_lon, o.region_lat, o.finding_due_on, o.inspection_due_on)
            IS DISTINCT FROM (n.workspace_id, n.region_lon, n.region_lat, n.finding_due_on, n.inspection_due_on)
      UNION ALL
      SELECT o.workspace_id, o.region_lon, o.region_lat, o.finding_due_on, o.inspection_due_on, -1
      FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
      WHERE n.id IS NULL
         OR (o.workspace_id, o.region_lon, o.region_lat, o.finding_due_on, o.inspection_due_on)
            IS DISTINCT FROM (n.workspace_id, n.region_lon, n.region_lat, n.finding_due_on, n.inspection_due_on)
    ) x;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER utility_poles_dates_inserted AFTER INSERT ON utility_poles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_poles_dates_changed();

CREATE OR REPLACE TRIGGER utility_poles_dates_deleted AFTER DELETE ON utility_poles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_poles_dates_changed();

CREATE OR REPLACE TRIGGER utility_poles_dates_updated AFTER UPDATE ON utility_poles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION utility_poles_dates_changed();


-- ================================================================================================
-- Inspections: findings and a pole's roll-up of them
-- ================================================================================================

-- Current since drizzle/0025_region_inspection_dates.sql.
-- A pole's finding columns from its findings: the worst open level and earliest open due date
-- (its condition and whether it is overdue) and the latest observation (its last inspection).
-- One aggregate on the pole index: with a status condition of its own PostgreSQL could pair the
-- pole index with the whole open-findings index per pole while statistics were stale.
CREATE OR REPLACE FUNCTION utility_pole_findings_refresh(pole_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE utility_poles p
  SET finding_level = f.level, finding_due_on = f.due_on, last_finding_on = f.observed_on
  FROM (
    SELECT q.id, x.level, x.due_on, x.observed_on
    FROM unnest(pole_ids) AS q(id)
    CROSS JOIN LATERAL (
      SELECT min(level) FILTER (WHERE status = 'open') AS level,
             min(due_on) FILTER (WHERE status = 'open') AS due_on,
             max(observed_on) AS observed_on
      FROM utility_pole_findings x WHERE x.pole_id = q.id
    ) x
  ) f
  WHERE p.id = f.id
    AND (p.finding_level, p.finding_due_on, p.last_finding_on) IS DISTINCT FROM (f.level, f.due_on, f.observed_on);
$$;

-- Current since drizzle/0018_inspections.sql.
CREATE OR REPLACE FUNCTION utility_pole_findings_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM utility_pole_lock_users(ARRAY(SELECT DISTINCT workspace_id FROM new_rows));
    PERFORM utility_pole_findings_refresh(ARRAY(SELECT DISTINCT pole_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM utility_pole_lock_users(ARRAY(SELECT DISTINCT workspace_id FROM old_rows));
    PERFORM utility_pole_findings_refresh(ARRAY(SELECT DISTINCT pole_id FROM old_rows));
  ELSE
    PERFORM utility_pole_lock_users(ARRAY(SELECT workspace_id FROM old_rows UNION SELECT workspace_id FROM new_rows));
    PERFORM utility_pole_findings_refresh(ARRAY(SELECT pole_id FROM old_rows UNION SELECT pole_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER utility_pole_findings_inserted AFTER INSERT ON utility_pole_findings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_findings_changed();

CREATE OR REPLACE TRIGGER utility_pole_findings_deleted AFTER DELETE ON utility_pole_findings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_findings_changed();

CREATE OR REPLACE TRIGGER utility_pole_findings_updated AFTER UPDATE ON utility_pole_findings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_findings_changed();

-- Current since drizzle/0018_inspections.sql.
-- Each pole's latest photo date, for every write to the photos (no longer its last inspection:
-- a visit is, drizzle/0027).
CREATE OR REPLACE FUNCTION utility_pole_images_last_photo() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT DISTINCT pole_id FROM new_rows WHERE pole_id IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT DISTINCT pole_id FROM old_rows WHERE pole_id IS NOT NULL);
  ELSE
    touched := ARRAY(
      SELECT o.pole_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.pole_id, o.date) IS DISTINCT FROM (n.pole_id, n.date) AND o.pole_id IS NOT NULL
      UNION
      SELECT n.pole_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.pole_id, o.date) IS DISTINCT FROM (n.pole_id, n.date) AND n.pole_id IS NOT NULL);
  END IF;
  IF cardinality(touched) = 0 THEN RETURN NULL; END IF;
  UPDATE utility_poles p SET last_photo_on = l.last
  FROM (SELECT q.id, (SELECT max(i.date) FROM utility_pole_images i WHERE i.pole_id = q.id) AS last
        FROM unnest(touched) AS q(id)) l
  WHERE p.id = l.id AND p.last_photo_on IS DISTINCT FROM l.last;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER utility_pole_images_last_photo_inserted AFTER INSERT ON utility_pole_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_last_photo();

CREATE OR REPLACE TRIGGER utility_pole_images_last_photo_deleted AFTER DELETE ON utility_pole_images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_last_photo();

CREATE OR REPLACE TRIGGER utility_pole_images_last_photo_updated AFTER UPDATE ON utility_pole_images
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_last_photo();


-- ================================================================================================
-- Inspection visits and a pole's inspection state
-- ================================================================================================

-- Current since drizzle/0027_inspection_visits.sql.
-- The cycles of a workspace's types, in years (the defaults where none are stored: DEFAULT_INSPECTION_TYPES
-- in packages/shared says the same).
CREATE OR REPLACE FUNCTION utility_pole_inspection_cycles(ws text) RETURNS TABLE (code text, cycle_years int)
LANGUAGE sql STABLE AS $$
  SELECT t->>'code', (t->>'cycleYears')::int
  FROM jsonb_array_elements(coalesce(
    (SELECT types FROM workspace_inspection_types WHERE workspace_id = ws),
    '[{"code": "patrol", "cycleYears": 2}, {"code": "detailed", "cycleYears": 5}, {"code": "intrusive", "cycleYears": 10}]'::jsonb)) t;
$$;

-- Current since drizzle/0027_inspection_visits.sql.
-- A pole's visit columns from its visits: the last of any type, and per type its last plus the
-- type's cycle, the earliest of those (null with no visit: no inspection on record). A type no
-- longer in the workspace's list has no cycle.
CREATE OR REPLACE FUNCTION utility_pole_visits_refresh(pole_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  WITH cycles AS (
    SELECT w.workspace_id, c.code, c.cycle_years
    FROM (SELECT DISTINCT pp.workspace_id FROM unnest(pole_ids) AS q(id) JOIN utility_poles pp ON pp.id = q.id) w
    CROSS JOIN LATERAL utility_pole_inspection_cycles(w.workspace_id) c
  )
  UPDATE utility_poles p SET last_inspected_on = v.last_on, inspection_due_on = v.due_on
  FROM (
    SELECT q.id, max(l.last_on) AS last_on,
           min((l.last_on + make_interval(years => c.cycle_years))::date) AS due_on
    FROM unnest(pole_ids) AS q(id)
    JOIN utility_poles pp ON pp.id = q.id
    LEFT JOIN LATERAL (
      SELECT x.type, max(x.inspected_on) AS last_on FROM utility_pole_visits x WHERE x.pole_id = q.id GROUP BY x.type
    ) l ON true
    LEFT JOIN cycles c ON c.workspace_id = pp.workspace_id AND c.code = l.type
    GROUP BY q.id
  ) v
  WHERE p.id = v.id AND (p.last_inspected_on, p.inspection_due_on) IS DISTINCT FROM (v.last_on, v.due_on);
$$;

-- Current since drizzle/0027_inspection_visits.sql.
CREATE OR REPLACE FUNCTION utility_pole_visits_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM utility_pole_lock_users(ARRAY(SELECT DISTINCT workspace_id FROM new_rows));
    PERFORM utility_pole_visits_refresh(ARRAY(SELECT DISTINCT pole_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM utility_pole_lock_users(ARRAY(SELECT DISTINCT workspace_id FROM old_rows));
    PERFORM utility_pole_visits_refresh(ARRAY(SELECT DISTINCT pole_id FROM old_rows));
  ELSE
    PERFORM utility_pole_lock_users(ARRAY(SELECT workspace_id FROM old_rows UNION SELECT workspace_id FROM new_rows));
    PERFORM utility_pole_visits_refresh(ARRAY(SELECT pole_id FROM old_rows UNION SELECT pole_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER utility_pole_visits_inserted AFTER INSERT ON utility_pole_visits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_visits_changed();

CREATE OR REPLACE TRIGGER utility_pole_visits_deleted AFTER DELETE ON utility_pole_visits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_visits_changed();

CREATE OR REPLACE TRIGGER utility_pole_visits_updated AFTER UPDATE ON utility_pole_visits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_visits_changed();

-- Current since drizzle/0027_inspection_visits.sql.
-- A workspace's types changed: its poles' due days follow the new cycles.
CREATE OR REPLACE FUNCTION workspace_inspection_types_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM utility_pole_lock_users(ARRAY(SELECT workspace_id FROM new_rows));
  PERFORM utility_pole_visits_refresh(ARRAY(
    SELECT DISTINCT v.pole_id FROM utility_pole_visits v JOIN new_rows n ON n.workspace_id = v.workspace_id));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER workspace_inspection_types_inserted AFTER INSERT ON workspace_inspection_types
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_inspection_types_changed();

CREATE OR REPLACE TRIGGER workspace_inspection_types_updated AFTER UPDATE ON workspace_inspection_types
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_inspection_types_changed();


-- ================================================================================================
-- Workspaces
-- ================================================================================================

-- Current since drizzle/0007_workspaces.sql.
-- A row written without a workspace (a bulk SQL import, as before teams existed) goes to the
-- uploader's personal workspace.
CREATE OR REPLACE FUNCTION utility_pole_images_default_workspace() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.workspace_id := coalesce(NEW.workspace_id, NEW.user_id);
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER utility_pole_images_default_workspace BEFORE INSERT ON utility_pole_images
  FOR EACH ROW EXECUTE FUNCTION utility_pole_images_default_workspace();


-- ================================================================================================
-- Storage per workspace
-- ================================================================================================

-- Current since drizzle/0010_workspace_quotas.sql.
-- Bytes per workspace and uploader (utility_pole_workspace_usage), read by the upload's quota
-- check: a workspace's total against its quota or pool, a member's share against their cap.
-- Takes the same locks as the other summary triggers before touching a row, so a statement
-- reaching a workspace's usage already holds that workspace's lock: an upload's check and its
-- insert see one consistent total. Deltas, which concurrent statements sum correctly.
CREATE OR REPLACE FUNCTION utility_pole_images_workspace_usage() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM utility_pole_lock_users(ARRAY(SELECT user_id FROM new_rows UNION SELECT workspace_id FROM new_rows));
    INSERT INTO utility_pole_workspace_usage AS u (workspace_id, user_id, used_bytes, photo_count)
    SELECT workspace_id, user_id, sum(file_size), count(*) FROM new_rows GROUP BY workspace_id, user_id
    ON CONFLICT (workspace_id, user_id) DO UPDATE
      SET used_bytes = u.used_bytes + EXCLUDED.used_bytes, photo_count = u.photo_count + EXCLUDED.photo_count;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM utility_pole_lock_users(ARRAY(SELECT user_id FROM old_rows UNION SELECT workspace_id FROM old_rows));
    UPDATE utility_pole_workspace_usage u
    SET used_bytes = u.used_bytes - d.bytes, photo_count = u.photo_count - d.n
    FROM (SELECT workspace_id, user_id, sum(file_size) AS bytes, count(*) AS n
          FROM old_rows GROUP BY workspace_id, user_id) d
    WHERE u.workspace_id = d.workspace_id AND u.user_id = d.user_id;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
      WHERE o.id IS NULL OR n.id IS NULL
         OR (o.user_id, o.workspace_id, o.file_size) IS DISTINCT FROM (n.user_id, n.workspace_id, n.file_size)
    ) THEN
      RETURN NULL;
    END IF;
    PERFORM utility_pole_lock_users(ARRAY(
      SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows
      UNION SELECT workspace_id FROM old_rows UNION SELECT workspace_id FROM new_rows));
    UPDATE utility_pole_workspace_usage u
    SET used_bytes = u.used_bytes - d.bytes, photo_count = u.photo_count - d.n
    FROM (SELECT workspace_id, user_id, sum(file_size) AS bytes, count(*) AS n
          FROM old_rows GROUP BY workspace_id, user_id) d
    WHERE u.workspace_id = d.workspace_id AND u.user_id = d.user_id;
    INSERT INTO utility_pole_workspace_usage AS u (workspace_id, user_id, used_bytes, photo_count)
    SELECT workspace_id, user_id, sum(file_size), count(*) FROM new_rows GROUP BY workspace_id, user_id
    ON CONFLICT (workspace_id, user_id) DO UPDATE
      SET used_bytes = u.used_bytes + EXCLUDED.used_bytes, photo_count = u.photo_count + EXCLUDED.photo_count;
  ELSE -- TRUNCATE
    DELETE FROM utility_pole_workspace_usage;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER utility_pole_images_workspace_usage_inserted AFTER INSERT ON utility_pole_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_workspace_usage();

CREATE OR REPLACE TRIGGER utility_pole_images_workspace_usage_deleted AFTER DELETE ON utility_pole_images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_workspace_usage();

CREATE OR REPLACE TRIGGER utility_pole_images_workspace_usage_updated AFTER UPDATE ON utility_pole_images
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_workspace_usage();

CREATE OR REPLACE TRIGGER utility_pole_images_workspace_usage_truncated AFTER TRUNCATE ON utility_pole_images
  FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_workspace_usage();


-- ================================================================================================
-- Region numbers
-- ================================================================================================

-- Current since drizzle/0011_region_numbers.sql.
-- 'Region N': a region is numbered when its summary row is first inserted (the summary triggers
-- hold the workspace's lock then, so two statements cannot take the same number). The refresh
-- deletes and re-inserts rows of regions that exist: those already have their number. A number
-- is never given again: a region emptied and filled again gets its own back.
CREATE OR REPLACE FUNCTION utility_pole_regions_numbered() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO utility_pole_region_numbers (workspace_id, region_lon, region_lat, number)
  SELECT n.workspace_id, n.region_lon, n.region_lat,
         COALESCE((SELECT max(number) FROM utility_pole_region_numbers m WHERE m.workspace_id = n.workspace_id), 0)
         + row_number() OVER (PARTITION BY n.workspace_id ORDER BY n.first_created_at, n.first_id)
  FROM new_rows n
  WHERE NOT EXISTS (
    SELECT 1 FROM utility_pole_region_numbers e
    WHERE e.workspace_id = n.workspace_id AND e.region_lon = n.region_lon AND e.region_lat = n.region_lat
  );
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER utility_pole_regions_numbered AFTER INSERT ON utility_pole_regions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_regions_numbered();


-- Current since drizzle/0023_region_risk_deltas.sql.
-- A time-ordered id (UUID version 7: the millisecond, then random bits) for a register import's
-- new poles, so a million inserts go to the end of the primary key instead of all over it.
-- PostgreSQL 18 has uuidv7() built in; this works from 13 on (Debian 12 ships 15).
CREATE OR REPLACE FUNCTION utility_pole_uuidv7() RETURNS uuid
LANGUAGE sql VOLATILE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
    FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid;
$$;

-- ================================================================================================
-- The audit trail
-- ================================================================================================

-- Current since drizzle/0008_audit.sql.
-- The audit trail only grows: UPDATE and DELETE are refused, whoever sends them.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only';
END $$;

CREATE OR REPLACE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
