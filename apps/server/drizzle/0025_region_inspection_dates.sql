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
