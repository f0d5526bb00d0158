-- Keeps utility_pole_usage and utility_pole_regions exact for every write to utility_pole_images
-- (the API, bulk SQL imports, cascades), so /api/storage/usage, the quota check and /api/regions
-- read a few rows instead of aggregating up to a million photos.
--
-- Statement-level triggers with transition tables: a bulk INSERT is summarised once, not per row.
-- Every trigger first takes the same per-user advisory lock as the upload path
-- (pg_advisory_xact_lock(0x504f4c45 = "POLE", hashtext(user_id))), so summary maintenance of one
-- user is serialised and a recount never races an increment. Recounts read with a fresh snapshot
-- per statement, which holds under READ COMMITTED (the default, and what the server uses).
--
-- A region's "first" photo is its first in list order (date ASC NULLS LAST, created_at, id);
-- comparing (coalesce(date, 'infinity'), created_at, id) as a row gives exactly that order.
CREATE FUNCTION utility_pole_lock_users(user_ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  u text;
BEGIN
  -- Sorted, so two multi-user statements cannot deadlock on each other.
  FOREACH u IN ARRAY coalesce((SELECT array_agg(DISTINCT x ORDER BY x) FROM unnest(user_ids) x), '{}') LOOP
    PERFORM pg_advisory_xact_lock(1347374149, hashtext(u));
  END LOOP;
END $$;
--> statement-breakpoint
-- Recounts the given regions from utility_pole_images (after deletes and updates, where a
-- minimum, maximum or first photo may have left).
CREATE FUNCTION utility_pole_regions_refresh(user_ids text[], lons float8[], lats float8[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM utility_pole_regions r
  USING unnest(user_ids, lons, lats) AS k(user_id, region_lon, region_lat)
  WHERE r.user_id = k.user_id AND r.region_lon = k.region_lon AND r.region_lat = k.region_lat;

  INSERT INTO utility_pole_regions
    (user_id, region_lon, region_lat, photo_count, min_lon, min_lat, max_lon, max_lat,
     first_date, first_created_at, first_id)
  SELECT k.user_id, k.region_lon, k.region_lat, a.n, a.min_lon, a.min_lat, a.max_lon, a.max_lat,
         f.date, f.created_at, f.id
  FROM (SELECT DISTINCT * FROM unnest(user_ids, lons, lats) AS k(user_id, region_lon, region_lat)) k
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n, min(longitude) AS min_lon, min(latitude) AS min_lat,
           max(longitude) AS max_lon, max(latitude) AS max_lat
    FROM utility_pole_images i
    WHERE i.user_id = k.user_id AND i.region_lon = k.region_lon AND i.region_lat = k.region_lat
  ) a
  CROSS JOIN LATERAL (
    SELECT i.date, i.created_at, i.id FROM utility_pole_images i
    WHERE i.user_id = k.user_id AND i.region_lon = k.region_lon AND i.region_lat = k.region_lat
    ORDER BY i.date ASC NULLS LAST, i.created_at ASC, i.id ASC
    LIMIT 1
  ) f
  WHERE a.n > 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION utility_pole_images_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM utility_pole_lock_users(ARRAY(SELECT user_id FROM new_rows));

  INSERT INTO utility_pole_usage AS u (user_id, used_bytes, photo_count)
  SELECT user_id, sum(file_size), count(*) FROM new_rows GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE
    SET used_bytes = u.used_bytes + EXCLUDED.used_bytes,
        photo_count = u.photo_count + EXCLUDED.photo_count;

  -- Adding photos only widens a region: merge the new rows' summary into the stored one.
  INSERT INTO utility_pole_regions AS r
    (user_id, region_lon, region_lat, photo_count, min_lon, min_lat, max_lon, max_lat,
     first_date, first_created_at, first_id)
  SELECT a.user_id, a.region_lon, a.region_lat, a.n, a.min_lon, a.min_lat, a.max_lon, a.max_lat,
         f.date, f.created_at, f.id
  FROM (
    SELECT user_id, region_lon, region_lat, count(*)::int AS n,
           min(longitude) AS min_lon, min(latitude) AS min_lat,
           max(longitude) AS max_lon, max(latitude) AS max_lat
    FROM new_rows
    WHERE region_lon IS NOT NULL AND region_lat IS NOT NULL
    GROUP BY user_id, region_lon, region_lat
  ) a
  JOIN (
    SELECT DISTINCT ON (user_id, region_lon, region_lat) user_id, region_lon, region_lat, date, created_at, id
    FROM new_rows
    WHERE region_lon IS NOT NULL AND region_lat IS NOT NULL
    ORDER BY user_id, region_lon, region_lat, date ASC NULLS LAST, created_at ASC, id ASC
  ) f ON f.user_id = a.user_id AND f.region_lon = a.region_lon AND f.region_lat = a.region_lat
  ON CONFLICT (user_id, region_lon, region_lat) DO UPDATE SET
    photo_count = r.photo_count + EXCLUDED.photo_count,
    min_lon = LEAST(r.min_lon, EXCLUDED.min_lon),
    min_lat = LEAST(r.min_lat, EXCLUDED.min_lat),
    max_lon = GREATEST(r.max_lon, EXCLUDED.max_lon),
    max_lat = GREATEST(r.max_lat, EXCLUDED.max_lat),
    first_date = CASE WHEN (coalesce(EXCLUDED.first_date, 'infinity'::date), EXCLUDED.first_created_at, EXCLUDED.first_id)
                         < (coalesce(r.first_date, 'infinity'::date), r.first_created_at, r.first_id)
                      THEN EXCLUDED.first_date ELSE r.first_date END,
    first_created_at = CASE WHEN (coalesce(EXCLUDED.first_date, 'infinity'::date), EXCLUDED.first_created_at, EXCLUDED.first_id)
                               < (coalesce(r.first_date, 'infinity'::date), r.first_created_at, r.first_id)
                            THEN EXCLUDED.first_created_at ELSE r.first_created_at END,
    first_id = CASE WHEN (coalesce(EXCLUDED.first_date, 'infinity'::date), EXCLUDED.first_created_at, EXCLUDED.first_id)
                       < (coalesce(r.first_date, 'infinity'::date), r.first_created_at, r.first_id)
                    THEN EXCLUDED.first_id ELSE r.first_id END;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION utility_pole_images_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM utility_pole_lock_users(ARRAY(SELECT user_id FROM old_rows));

  UPDATE utility_pole_usage u
  SET used_bytes = u.used_bytes - d.bytes, photo_count = u.photo_count - d.n
  FROM (SELECT user_id, sum(file_size) AS bytes, count(*) AS n FROM old_rows GROUP BY user_id) d
  WHERE u.user_id = d.user_id;

  PERFORM utility_pole_regions_refresh(array_agg(user_id), array_agg(region_lon), array_agg(region_lat))
  FROM (SELECT DISTINCT user_id, region_lon, region_lat FROM old_rows
        WHERE region_lon IS NOT NULL AND region_lat IS NOT NULL) k;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION utility_pole_images_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
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
CREATE FUNCTION utility_pole_images_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM utility_pole_regions;
  DELETE FROM utility_pole_usage;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER utility_pole_images_inserted AFTER INSERT ON utility_pole_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_inserted();
--> statement-breakpoint
CREATE TRIGGER utility_pole_images_deleted AFTER DELETE ON utility_pole_images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_deleted();
--> statement-breakpoint
CREATE TRIGGER utility_pole_images_updated AFTER UPDATE ON utility_pole_images
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_updated();
--> statement-breakpoint
CREATE TRIGGER utility_pole_images_truncated AFTER TRUNCATE ON utility_pole_images
  FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_truncated();
--> statement-breakpoint
-- Photos stored before this migration.
INSERT INTO utility_pole_usage (user_id, used_bytes, photo_count)
SELECT user_id, sum(file_size), count(*) FROM utility_pole_images GROUP BY user_id;
--> statement-breakpoint
SELECT utility_pole_regions_refresh(array_agg(user_id), array_agg(region_lon), array_agg(region_lat))
FROM (SELECT DISTINCT user_id, region_lon, region_lat FROM utility_pole_images
      WHERE region_lon IS NOT NULL AND region_lat IS NOT NULL) k;
