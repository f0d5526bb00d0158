-- The per-user lock, named once. Uploads (images.repository.ts withUserLock) and the summary
-- triggers of 0002 must take the very same lock, or a quota check could race a summary update;
-- both now call this function instead of spelling out the key (0x504f4c45 = "POLE" as the
-- namespace, hashtext(user_id) as the key).
CREATE FUNCTION utility_pole_lock_user(user_id text) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(1347374149, hashtext(user_id));
$$;
--> statement-breakpoint
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

--> statement-breakpoint
-- The list order, named once for SQL: date ascending with undated photos last, then created_at,
-- then id (packages/shared LIST_ORDER_COLUMNS says the same for JavaScript and for the
-- repository's index-ordered queries; test/images/regions.test.ts holds the two together).
-- Comparing two keys compares two photos' places in the list.
CREATE TYPE utility_pole_list_key AS (date date, created_at timestamptz, id uuid);
--> statement-breakpoint
CREATE FUNCTION utility_pole_list_key(d date, c timestamptz, i uuid) RETURNS utility_pole_list_key
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(coalesce(d, 'infinity'::date), c, i)::utility_pole_list_key;
$$;
--> statement-breakpoint
-- The summary triggers of 0002, now ordering by that key.
CREATE OR REPLACE FUNCTION utility_pole_regions_refresh(user_ids text[], lons float8[], lats float8[]) RETURNS void
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
    -- Every row of the region is read for the counts above anyway: ordering them by the key costs
    -- no more than the index order did.
    ORDER BY utility_pole_list_key(i.date, i.created_at, i.id)
    LIMIT 1
  ) f
  WHERE a.n > 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION utility_pole_images_inserted() RETURNS trigger
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
    ORDER BY user_id, region_lon, region_lat, utility_pole_list_key(date, created_at, id)
  ) f ON f.user_id = a.user_id AND f.region_lon = a.region_lon AND f.region_lat = a.region_lat
  ON CONFLICT (user_id, region_lon, region_lat) DO UPDATE SET
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
