-- Inspection visits: a pole is inspected when a visit of one of the workspace's inspection types
-- is recorded, no longer when a photo is uploaded. The pole keeps what the map reads: its last
-- visit and the earliest day one of its types' cycles runs out (inspection_due_on; null when it
-- has no visit: "No inspection on record", never overdue by assumption).
CREATE TABLE utility_pole_visits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id text NOT NULL,
  -- A pole with visits is never removed (utility_pole_refresh keeps it), as with findings.
  pole_id uuid NOT NULL REFERENCES utility_poles(id),
  type text NOT NULL,
  inspected_on date NOT NULL,
  inspector text,
  result text,
  notes text,
  finding_ids uuid[] DEFAULT '{}'::uuid[] NOT NULL,
  image_ids uuid[] DEFAULT '{}'::uuid[] NOT NULL,
  source text DEFAULT 'app' NOT NULL,
  created_by text,
  created_at timestamptz DEFAULT now() NOT NULL,
  CONSTRAINT utility_pole_visits_result_check CHECK (result IN ('no-defects', 'findings')),
  CONSTRAINT utility_pole_visits_source_check CHECK (source IN ('app', 'imported', 'photos')),
  -- A visit recorded in the app says what it found; one made from photo dates or a register's
  -- last inspection may not.
  CONSTRAINT utility_pole_visits_result_known CHECK (result IS NOT NULL OR source <> 'app')
);
--> statement-breakpoint
CREATE INDEX visits_pole_type_idx ON utility_pole_visits (pole_id, type, inspected_on);
--> statement-breakpoint
CREATE INDEX visits_workspace_date_idx ON utility_pole_visits (workspace_id, inspected_on, created_at, id);
--> statement-breakpoint
CREATE INDEX visits_workspace_type_idx ON utility_pole_visits (workspace_id, type);
--> statement-breakpoint
CREATE TABLE workspace_inspection_types (
  workspace_id text PRIMARY KEY,
  types jsonb NOT NULL,
  updated_at timestamptz DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Workspaces that had a cycle keep it as the detailed inspection's: the visits made below from
-- photo dates are detailed ones, so every pole keeps the state it showed.
INSERT INTO workspace_inspection_types (workspace_id, types)
SELECT w.workspace_id, jsonb_build_array(
  jsonb_build_object('code', 'patrol', 'name', 'Patrol', 'cycleYears', 2),
  jsonb_build_object('code', 'detailed', 'name', 'Detailed', 'cycleYears', coalesce(s.cycle_years, 10)),
  jsonb_build_object('code', 'intrusive', 'name', 'Intrusive', 'cycleYears', 10))
FROM (SELECT workspace_id FROM workspace_inspection_settings
      UNION SELECT workspace_id FROM utility_poles WHERE last_inspected_on IS NOT NULL) w
LEFT JOIN workspace_inspection_settings s ON s.workspace_id = w.workspace_id;
--> statement-breakpoint
-- The cycles of a workspace's types, in years (the defaults where none are stored).
CREATE FUNCTION utility_pole_inspection_cycles(ws text) RETURNS TABLE (code text, cycle_years int)
LANGUAGE sql STABLE AS $$
  SELECT t->>'code', (t->>'cycleYears')::int
  FROM jsonb_array_elements(coalesce(
    (SELECT types FROM workspace_inspection_types WHERE workspace_id = ws),
    '[{"code": "patrol", "cycleYears": 2}, {"code": "detailed", "cycleYears": 5}, {"code": "intrusive", "cycleYears": 10}]'::jsonb)) t;
$$;
--> statement-breakpoint
ALTER TABLE utility_poles DROP COLUMN last_inspected_on;
--> statement-breakpoint
ALTER TABLE utility_poles ADD COLUMN last_inspected_on date, ADD COLUMN inspection_due_on date;
--> statement-breakpoint
CREATE INDEX poles_inspected_idx ON utility_poles (workspace_id, region_lon, region_lat, inspection_due_on);
--> statement-breakpoint
CREATE INDEX poles_inspection_due_idx ON utility_poles (workspace_id, inspection_due_on, region_lon, region_lat);
--> statement-breakpoint
-- A pole's visit columns from its visits: the last of any type, and per type its last plus the
-- type's cycle, the earliest of those. A type no longer in the workspace's list has no cycle.
CREATE FUNCTION utility_pole_visits_refresh(pole_ids uuid[]) RETURNS void
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
--> statement-breakpoint
CREATE FUNCTION utility_pole_visits_changed() RETURNS trigger
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
--> statement-breakpoint
CREATE TRIGGER utility_pole_visits_inserted AFTER INSERT ON utility_pole_visits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_visits_changed();
--> statement-breakpoint
CREATE TRIGGER utility_pole_visits_deleted AFTER DELETE ON utility_pole_visits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_visits_changed();
--> statement-breakpoint
CREATE TRIGGER utility_pole_visits_updated AFTER UPDATE ON utility_pole_visits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_visits_changed();
--> statement-breakpoint
-- A workspace's types changed: its poles' due days follow the new cycles.
CREATE FUNCTION workspace_inspection_types_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM utility_pole_lock_users(ARRAY(SELECT workspace_id FROM new_rows));
  PERFORM utility_pole_visits_refresh(ARRAY(
    SELECT DISTINCT v.pole_id FROM utility_pole_visits v JOIN new_rows n ON n.workspace_id = v.workspace_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workspace_inspection_types_inserted AFTER INSERT ON workspace_inspection_types
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_inspection_types_changed();
--> statement-breakpoint
CREATE TRIGGER workspace_inspection_types_updated AFTER UPDATE ON workspace_inspection_types
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_inspection_types_changed();
--> statement-breakpoint
-- Empty photo-made poles go unless findings or visits hold them.
CREATE OR REPLACE FUNCTION utility_pole_refresh(pole_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM utility_poles p WHERE p.id = ANY(pole_ids) AND p.source = 'photo'
    AND NOT EXISTS (SELECT 1 FROM utility_pole_images i WHERE i.pole_id = p.id)
    AND NOT EXISTS (SELECT 1 FROM utility_pole_findings f WHERE f.pole_id = p.id)
    AND NOT EXISTS (SELECT 1 FROM utility_pole_visits v WHERE v.pole_id = p.id);
  UPDATE utility_poles p SET risk = (
    SELECT i.risk FROM utility_pole_images i
    WHERE i.pole_id = p.id AND i.risk IS NOT NULL
    ORDER BY utility_pole_list_key(i.date, i.created_at, i.id) DESC
    LIMIT 1)
  WHERE p.id = ANY(pole_ids);
$$;
--> statement-breakpoint
-- The 'inspected' counts are by the day a pole's inspection falls due now; a pole with no visit
-- is counted at 'infinity' (never before a threshold; its own count).
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
--> statement-breakpoint
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
--> statement-breakpoint
-- The 'inspected' counts again, from the poles as they are now (none has a visit yet).
DELETE FROM utility_pole_region_dates WHERE kind = 'inspected';
--> statement-breakpoint
SELECT utility_pole_region_dates_add(array_agg(workspace_id), array_agg(region_lon), array_agg(region_lat),
  array_agg(NULL::date), array_agg(inspection_due_on), array_agg(1))
FROM utility_poles;
--> statement-breakpoint
-- What a user saw as inspected stays so: one detailed visit per pole on its last photo or finding
-- date, marked as made from photo dates. Its trigger sets the poles' columns and counts.
INSERT INTO utility_pole_visits (workspace_id, pole_id, type, inspected_on, source)
SELECT workspace_id, id, 'detailed', greatest(last_photo_on, last_finding_on), 'photos'
FROM utility_poles WHERE greatest(last_photo_on, last_finding_on) IS NOT NULL;
