-- The utility's pole register: a pole may come from an import (with the utility's tag and
-- attributes) and then exists without photos. Photo-made poles keep today's behaviour.
ALTER TABLE utility_poles
  ADD COLUMN tag text CHECK (char_length(tag) BETWEEN 1 AND 64),
  ADD COLUMN material text CHECK (material IN ('wood', 'steel', 'concrete', 'composite', 'other')),
  ADD COLUMN height_m double precision CHECK (height_m BETWEEN 1 AND 100),
  ADD COLUMN class text CHECK (char_length(class) <= 16),
  -- The upper bound (next year) moves with the calendar: the service checks it.
  ADD COLUMN installed_year integer CHECK (installed_year >= 1850),
  ADD COLUMN circuit text CHECK (char_length(circuit) <= 64),
  ADD COLUMN source text NOT NULL DEFAULT 'photo' CHECK (source IN ('photo', 'import')),
  ADD COLUMN attributes jsonb NOT NULL DEFAULT '{}'::jsonb
    CHECK (jsonb_typeof(attributes) = 'object' AND octet_length(attributes::text) <= 4096);
--> statement-breakpoint
-- A tag names one pole of a workspace whatever its case ('p-1' is 'P-1'); the same index answers
-- the re-import's look-up by tag and the search box's prefix match (text_pattern_ops).
CREATE UNIQUE INDEX poles_workspace_tag_idx ON utility_poles (workspace_id, lower(tag) text_pattern_ops)
  WHERE tag IS NOT NULL;
--> statement-breakpoint
-- GET /api/regions asks whether a workspace has imported poles (then regions count poles too).
CREATE INDEX poles_imported_idx ON utility_poles (workspace_id) WHERE source = 'import';
--> statement-breakpoint
-- After photos joined or left these poles: empty photo-made poles go (an imported pole stays: it
-- is the utility's asset, photographed or not), the others take the rating of their latest rated
-- photo (list order: utility_pole_list_key).
CREATE OR REPLACE FUNCTION utility_pole_refresh(pole_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM utility_poles p WHERE p.id = ANY(pole_ids) AND p.source = 'photo'
    AND NOT EXISTS (SELECT 1 FROM utility_pole_images i WHERE i.pole_id = p.id);
  UPDATE utility_poles p SET risk = (
    SELECT i.risk FROM utility_pole_images i
    WHERE i.pole_id = p.id AND i.risk IS NOT NULL
    ORDER BY utility_pole_list_key(i.date, i.created_at, i.id) DESC
    LIMIT 1)
  WHERE p.id = ANY(pole_ids);
$$;
