-- The kept region counts behind /api/regions move by each statement's own poles instead of being
-- recounted: a recount reads every pole of each region a statement touches, so a register import
-- of a million poles (batches of thousands into regions of 100k+) spent most of its time
-- recounting. The counts stay exact: every writer holds the workspace's lock (utility_pole_lock_users)
-- while it adds its difference, and a region left with no poles loses its row as before.
CREATE FUNCTION utility_pole_region_risk_add(workspace_ids text[], lons float8[], lats float8[],
  highs int[], mediums int[], lows int[], unrateds int[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO utility_pole_region_risk AS r (workspace_id, region_lon, region_lat, high, medium, low, unrated)
  SELECT * FROM unnest(workspace_ids, lons, lats, highs, mediums, lows, unrateds)
  ON CONFLICT (workspace_id, region_lon, region_lat) DO UPDATE
    SET high = r.high + excluded.high, medium = r.medium + excluded.medium,
        low = r.low + excluded.low, unrated = r.unrated + excluded.unrated;

  DELETE FROM utility_pole_region_risk r
  USING unnest(workspace_ids, lons, lats) AS k(workspace_id, region_lon, region_lat)
  WHERE r.workspace_id = k.workspace_id AND r.region_lon = k.region_lon AND r.region_lat = k.region_lat
    AND r.high = 0 AND r.medium = 0 AND r.low = 0 AND r.unrated = 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION utility_poles_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM utility_pole_lock_users(ARRAY(SELECT workspace_id FROM new_rows));
    PERFORM utility_pole_region_risk_add(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat),
      array_agg(high), array_agg(medium), array_agg(low), array_agg(unrated))
    FROM (SELECT workspace_id, region_lon, region_lat,
                 count(*) FILTER (WHERE condition = 'high')::int AS high,
                 count(*) FILTER (WHERE condition = 'medium')::int AS medium,
                 count(*) FILTER (WHERE condition = 'low')::int AS low,
                 count(*) FILTER (WHERE condition IS NULL)::int AS unrated
          FROM new_rows GROUP BY workspace_id, region_lon, region_lat) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM utility_pole_lock_users(ARRAY(SELECT workspace_id FROM old_rows));
    PERFORM utility_pole_region_risk_add(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat),
      array_agg(high), array_agg(medium), array_agg(low), array_agg(unrated))
    FROM (SELECT workspace_id, region_lon, region_lat,
                 -count(*) FILTER (WHERE condition = 'high')::int AS high,
                 -count(*) FILTER (WHERE condition = 'medium')::int AS medium,
                 -count(*) FILTER (WHERE condition = 'low')::int AS low,
                 -count(*) FILTER (WHERE condition IS NULL)::int AS unrated
          FROM old_rows GROUP BY workspace_id, region_lon, region_lat) d;
  ELSE
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
      WHERE o.id IS NULL OR n.id IS NULL
         OR (o.workspace_id, o.region_lon, o.region_lat, o.condition)
            IS DISTINCT FROM (n.workspace_id, n.region_lon, n.region_lat, n.condition)
    ) THEN
      RETURN NULL;
    END IF;
    PERFORM utility_pole_lock_users(ARRAY(SELECT workspace_id FROM old_rows UNION SELECT workspace_id FROM new_rows));
    PERFORM utility_pole_region_risk_add(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat),
      array_agg(high), array_agg(medium), array_agg(low), array_agg(unrated))
    FROM (SELECT workspace_id, region_lon, region_lat,
                 coalesce(sum(s) FILTER (WHERE condition = 'high'), 0)::int AS high,
                 coalesce(sum(s) FILTER (WHERE condition = 'medium'), 0)::int AS medium,
                 coalesce(sum(s) FILTER (WHERE condition = 'low'), 0)::int AS low,
                 coalesce(sum(s) FILTER (WHERE condition IS NULL), 0)::int AS unrated
          FROM (SELECT 1 AS s, workspace_id, region_lon, region_lat, condition FROM new_rows
                UNION ALL
                SELECT -1, workspace_id, region_lon, region_lat, condition FROM old_rows) x
          GROUP BY workspace_id, region_lon, region_lat) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A time-ordered id (UUID version 7: the millisecond, then random bits) for a register import's
-- new poles, so a million inserts go to the end of the primary key instead of all over it.
-- PostgreSQL 18 has uuidv7() built in; this works from 13 on (Debian 12 ships 15).
CREATE FUNCTION utility_pole_uuidv7() RETURNS uuid
LANGUAGE sql VOLATILE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
    FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid;
$$;
