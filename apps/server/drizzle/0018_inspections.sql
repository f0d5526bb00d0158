-- Inspections: findings on poles with a priority level and a date to fix them by, resolved with a
-- record of the repair; per-workspace settings (codes, allowance per level, inspection cycle).
CREATE TABLE utility_pole_findings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id text NOT NULL,
  -- A pole with findings is never removed (utility_pole_refresh keeps it), so a resolved finding
  -- is kept with its pole.
  pole_id uuid NOT NULL REFERENCES utility_poles(id),
  image_id uuid REFERENCES utility_pole_images(id) ON DELETE SET NULL,
  code text NOT NULL,
  level smallint NOT NULL CHECK (level IN (1, 2, 3)),
  notes text,
  observed_on date NOT NULL,
  due_on date NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  resolved_on date,
  resolved_by text,
  action text,
  repair_image_id uuid REFERENCES utility_pole_images(id) ON DELETE SET NULL,
  CHECK ((status = 'resolved') = (resolved_on IS NOT NULL AND action IS NOT NULL AND resolved_by IS NOT NULL))
);
--> statement-breakpoint
-- The work list: a workspace's findings by due date, and its open ones alone.
CREATE INDEX findings_workspace_due_idx ON utility_pole_findings (workspace_id, due_on, id);
--> statement-breakpoint
CREATE INDEX findings_open_due_idx ON utility_pole_findings (workspace_id, due_on, id) WHERE status = 'open';
--> statement-breakpoint
CREATE INDEX findings_pole_idx ON utility_pole_findings (pole_id, observed_on, created_at);
--> statement-breakpoint
CREATE TABLE workspace_inspection_settings (
  workspace_id text PRIMARY KEY,
  codes jsonb NOT NULL,
  allowance_days_1 integer NOT NULL,
  allowance_days_2 integer NOT NULL,
  allowance_days_3 integer NOT NULL,
  cycle_years integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- What the condition roll-up reads, kept on the pole: its worst open finding's level, the earliest
-- due date of its open findings, and its last inspection (latest photo or finding date).
ALTER TABLE utility_poles
  ADD COLUMN finding_level smallint,
  ADD COLUMN finding_due_on date,
  ADD COLUMN last_photo_on date,
  ADD COLUMN last_finding_on date,
  ADD COLUMN condition text GENERATED ALWAYS AS (
    CASE finding_level WHEN 1 THEN 'high' WHEN 2 THEN 'medium' WHEN 3 THEN 'low' ELSE risk END) STORED,
  ADD COLUMN last_inspected_on date GENERATED ALWAYS AS (greatest(last_photo_on, last_finding_on)) STORED;
--> statement-breakpoint
CREATE INDEX poles_finding_due_idx ON utility_poles (workspace_id, finding_due_on, region_lon, region_lat)
  WHERE finding_due_on IS NOT NULL;
--> statement-breakpoint
CREATE INDEX poles_inspected_idx ON utility_poles (workspace_id, region_lon, region_lat, last_inspected_on);
--> statement-breakpoint
UPDATE utility_poles p SET last_photo_on = (SELECT max(i.date) FROM utility_pole_images i WHERE i.pole_id = p.id);
--> statement-breakpoint
-- A pole's finding columns, from its findings.
CREATE FUNCTION utility_pole_findings_refresh(pole_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE utility_poles p
  SET finding_level = f.level, finding_due_on = f.due_on, last_finding_on = f.observed_on
  FROM (
    SELECT q.id,
           (SELECT min(level) FROM utility_pole_findings x WHERE x.pole_id = q.id AND x.status = 'open') AS level,
           (SELECT min(due_on) FROM utility_pole_findings x WHERE x.pole_id = q.id AND x.status = 'open') AS due_on,
           (SELECT max(observed_on) FROM utility_pole_findings x WHERE x.pole_id = q.id) AS observed_on
    FROM unnest(pole_ids) AS q(id)
  ) f
  WHERE p.id = f.id
    AND (p.finding_level, p.finding_due_on, p.last_finding_on) IS DISTINCT FROM (f.level, f.due_on, f.observed_on);
$$;
--> statement-breakpoint
CREATE FUNCTION utility_pole_findings_changed() RETURNS trigger
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
--> statement-breakpoint
CREATE TRIGGER utility_pole_findings_inserted AFTER INSERT ON utility_pole_findings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_findings_changed();
--> statement-breakpoint
CREATE TRIGGER utility_pole_findings_deleted AFTER DELETE ON utility_pole_findings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_findings_changed();
--> statement-breakpoint
CREATE TRIGGER utility_pole_findings_updated AFTER UPDATE ON utility_pole_findings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_findings_changed();
--> statement-breakpoint
-- Each pole's latest photo date (a part of its last inspection), for every write to the photos.
CREATE FUNCTION utility_pole_images_last_photo() RETURNS trigger
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
--> statement-breakpoint
CREATE TRIGGER utility_pole_images_last_photo_inserted AFTER INSERT ON utility_pole_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_last_photo();
--> statement-breakpoint
CREATE TRIGGER utility_pole_images_last_photo_deleted AFTER DELETE ON utility_pole_images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_last_photo();
--> statement-breakpoint
CREATE TRIGGER utility_pole_images_last_photo_updated AFTER UPDATE ON utility_pole_images
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_last_photo();
--> statement-breakpoint
-- Empty photo-made poles go unless findings hold them (imported poles stay); the others take their
-- latest rated photo's rating.
CREATE OR REPLACE FUNCTION utility_pole_refresh(pole_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM utility_poles p WHERE p.id = ANY(pole_ids) AND p.source = 'photo'
    AND NOT EXISTS (SELECT 1 FROM utility_pole_images i WHERE i.pole_id = p.id)
    AND NOT EXISTS (SELECT 1 FROM utility_pole_findings f WHERE f.pole_id = p.id);
  UPDATE utility_poles p SET risk = (
    SELECT i.risk FROM utility_pole_images i
    WHERE i.pole_id = p.id AND i.risk IS NOT NULL
    ORDER BY utility_pole_list_key(i.date, i.created_at, i.id) DESC
    LIMIT 1)
  WHERE p.id = ANY(pole_ids);
$$;
--> statement-breakpoint
-- The regions' counts are by condition now: the worst open finding, else the quick rating.
CREATE OR REPLACE FUNCTION utility_pole_region_risk_refresh(workspace_ids text[], lons float8[], lats float8[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM utility_pole_region_risk r
  USING unnest(workspace_ids, lons, lats) AS k(workspace_id, region_lon, region_lat)
  WHERE r.workspace_id = k.workspace_id AND r.region_lon = k.region_lon AND r.region_lat = k.region_lat;

  INSERT INTO utility_pole_region_risk (workspace_id, region_lon, region_lat, high, medium, low, unrated)
  SELECT k.workspace_id, k.region_lon, k.region_lat, c.high, c.medium, c.low, c.unrated
  FROM (SELECT DISTINCT * FROM unnest(workspace_ids, lons, lats) AS k(workspace_id, region_lon, region_lat)) k
  CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE condition = 'high')::int AS high,
           count(*) FILTER (WHERE condition = 'medium')::int AS medium,
           count(*) FILTER (WHERE condition = 'low')::int AS low,
           count(*) FILTER (WHERE condition IS NULL)::int AS unrated,
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
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
      WHERE o.id IS NULL OR n.id IS NULL
         OR (o.workspace_id, o.region_lon, o.region_lat, o.condition)
            IS DISTINCT FROM (n.workspace_id, n.region_lon, n.region_lat, n.condition)
    ) THEN
      RETURN NULL;
    END IF;
    PERFORM utility_pole_lock_users(ARRAY(SELECT workspace_id FROM old_rows UNION SELECT workspace_id FROM new_rows));
    PERFORM utility_pole_region_risk_refresh(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat))
    FROM (SELECT workspace_id, region_lon, region_lat FROM old_rows
          UNION SELECT workspace_id, region_lon, region_lat FROM new_rows) k;
  END IF;
  RETURN NULL;
END $$;
