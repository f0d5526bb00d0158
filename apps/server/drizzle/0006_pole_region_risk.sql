-- GET /api/regions counts each region's poles by risk. Grouping a million poles per request took
-- 266 ms (bench, 1M rows); this table keeps the counts, refreshed by statement triggers on
-- utility_poles for just the regions a statement touched (at most ~1,000 poles each).
CREATE TABLE utility_pole_region_risk (
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  region_lon double precision NOT NULL,
  region_lat double precision NOT NULL,
  high integer NOT NULL,
  medium integer NOT NULL,
  low integer NOT NULL,
  unrated integer NOT NULL,
  PRIMARY KEY (user_id, region_lon, region_lat)
);
--> statement-breakpoint
CREATE FUNCTION utility_pole_region_risk_refresh(user_ids text[], lons float8[], lats float8[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM utility_pole_region_risk r
  USING unnest(user_ids, lons, lats) AS k(user_id, region_lon, region_lat)
  WHERE r.user_id = k.user_id AND r.region_lon = k.region_lon AND r.region_lat = k.region_lat;

  INSERT INTO utility_pole_region_risk (user_id, region_lon, region_lat, high, medium, low, unrated)
  SELECT k.user_id, k.region_lon, k.region_lat, c.high, c.medium, c.low, c.unrated
  FROM (SELECT DISTINCT * FROM unnest(user_ids, lons, lats) AS k(user_id, region_lon, region_lat)) k
  CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE risk = 'high')::int AS high,
           count(*) FILTER (WHERE risk = 'medium')::int AS medium,
           count(*) FILTER (WHERE risk = 'low')::int AS low,
           count(*) FILTER (WHERE risk IS NULL)::int AS unrated,
           count(*) AS n
    FROM utility_poles p
    WHERE p.user_id = k.user_id AND p.region_lon = k.region_lon AND p.region_lat = k.region_lat
  ) c
  WHERE c.n > 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION utility_poles_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The same per-owner lock as the photo summaries (0003), so two statements cannot interleave.
  IF TG_OP = 'INSERT' THEN
    PERFORM utility_pole_lock_users(ARRAY(SELECT user_id FROM new_rows));
    PERFORM utility_pole_region_risk_refresh(array_agg(user_id), array_agg(region_lon), array_agg(region_lat))
    FROM (SELECT DISTINCT user_id, region_lon, region_lat FROM new_rows) k;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM utility_pole_lock_users(ARRAY(SELECT user_id FROM old_rows));
    PERFORM utility_pole_region_risk_refresh(array_agg(user_id), array_agg(region_lon), array_agg(region_lat))
    FROM (SELECT DISTINCT user_id, region_lon, region_lat FROM old_rows) k;
  ELSE
    PERFORM utility_pole_lock_users(ARRAY(SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows));
    PERFORM utility_pole_region_risk_refresh(array_agg(user_id), array_agg(region_lon), array_agg(region_lat))
    FROM (SELECT user_id, region_lon, region_lat FROM old_rows
          UNION SELECT user_id, region_lon, region_lat FROM new_rows) k;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER utility_poles_inserted AFTER INSERT ON utility_poles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_poles_changed();
--> statement-breakpoint
CREATE TRIGGER utility_poles_deleted AFTER DELETE ON utility_poles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_poles_changed();
--> statement-breakpoint
CREATE TRIGGER utility_poles_updated AFTER UPDATE ON utility_poles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION utility_poles_changed();
--> statement-breakpoint
-- The poles made before this migration.
SELECT utility_pole_region_risk_refresh(array_agg(user_id), array_agg(region_lon), array_agg(region_lat))
FROM (SELECT DISTINCT user_id, region_lon, region_lat FROM utility_poles) k;
