-- A pole's finding columns read its findings by the pole index alone. The three subqueries of
-- 0018 also named status = 'open', and while the findings table's statistics were stale (a batch
-- written before an analyze) PostgreSQL paired the pole index with the whole open-findings index
-- for every pole: a batch of 5,000 findings took 6 s, 200,000 in one statement never finished.
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
--> statement-breakpoint
-- Per region, poles by the year and by the month of a date: `due` (the pole's earliest open fix-by
-- date) and `inspected` (its last inspection; '-infinity' for a pole never inspected). The regions
-- list counts poles with an overdue finding and poles due for inspection as of today and the
-- workspace's cycle: whole years and months before a threshold come from here, and only the
-- threshold's own month is counted from the poles, so a request reads a few rows per region
-- instead of every pole. Kept by the statement triggers on utility_poles below.
CREATE TABLE utility_pole_region_dates (
  workspace_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('due', 'inspected')),
  span text NOT NULL CHECK (span IN ('year', 'month')),
  starts date NOT NULL,
  region_lon double precision NOT NULL,
  region_lat double precision NOT NULL,
  poles integer NOT NULL,
  -- The count rides in the key's index, so a request reads the index alone.
  PRIMARY KEY (workspace_id, kind, span, starts, region_lon, region_lat) INCLUDE (poles)
);
--> statement-breakpoint
-- The threshold's own month of last inspections, read by date across the workspace's regions.
CREATE INDEX poles_inspected_on_idx ON utility_poles (workspace_id, last_inspected_on, region_lon, region_lat);
--> statement-breakpoint
-- Moves the year and month rows by the given poles (sign 1: counted in, -1: counted out), under
-- the workspaces' locks; a row left at zero goes.
CREATE FUNCTION utility_pole_region_dates_add(workspace_ids text[], lons float8[], lats float8[],
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
    CROSS JOIN LATERAL (VALUES ('due', p.due_on), ('inspected', coalesce(p.inspected_on, '-infinity'::date)))
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
--> statement-breakpoint
-- Keeps utility_pole_region_dates for every write to utility_poles by the statement's own rows: new
-- rows in, old rows out; an update that changes none of a pole's workspace, region, earliest open
-- fix-by date or last inspection (a photo count, a label) moves nothing.
CREATE FUNCTION utility_poles_dates_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM utility_pole_region_dates_add(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat),
      array_agg(finding_due_on), array_agg(last_inspected_on), array_agg(1))
    FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM utility_pole_region_dates_add(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat),
      array_agg(finding_due_on), array_agg(last_inspected_on), array_agg(-1))
    FROM old_rows;
  ELSE
    PERFORM utility_pole_region_dates_add(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat),
      array_agg(finding_due_on), array_agg(last_inspected_on), array_agg(sign))
    FROM (
      SELECT n.workspace_id, n.region_lon, n.region_lat, n.finding_due_on, n.last_inspected_on, 1 AS sign
      FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
      WHERE o.id IS NULL
         OR (o.workspace_id, o.region_lon, o.region_lat, o.finding_due_on, o.last_inspected_on)
            IS DISTINCT FROM (n.workspace_id, n.region_lon, n.region_lat, n.finding_due_on, n.last_inspected_on)
      UNION ALL
      SELECT o.workspace_id, o.region_lon, o.region_lat, o.finding_due_on, o.last_inspected_on, -1
      FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
      WHERE n.id IS NULL
         OR (o.workspace_id, o.region_lon, o.region_lat, o.finding_due_on, o.last_inspected_on)
            IS DISTINCT FROM (n.workspace_id, n.region_lon, n.region_lat, n.finding_due_on, n.last_inspected_on)
    ) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER utility_poles_dates_inserted AFTER INSERT ON utility_poles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_poles_dates_changed();
--> statement-breakpoint
CREATE TRIGGER utility_poles_dates_deleted AFTER DELETE ON utility_poles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_poles_dates_changed();
--> statement-breakpoint
CREATE TRIGGER utility_poles_dates_updated AFTER UPDATE ON utility_poles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION utility_poles_dates_changed();
--> statement-breakpoint
-- The poles there are now.
SELECT utility_pole_region_dates_add(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat),
  array_agg(finding_due_on), array_agg(last_inspected_on), array_agg(1))
FROM utility_poles;
