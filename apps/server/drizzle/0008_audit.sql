-- The audit trail: who did what, when, with before/after, per workspace. Rows are only
-- ever added: the API has no route that changes them, and the table refuses UPDATE and DELETE.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  workspace_id text NOT NULL,
  -- No foreign keys: an entry outlives the account or the photo it names.
  actor_id text NOT NULL,
  actor_email text NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);
--> statement-breakpoint
CREATE INDEX audit_log_workspace_idx ON audit_log (workspace_id, id DESC);
--> statement-breakpoint
CREATE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
-- Who last set the photo's rating (the panel and a pole's history show it).
ALTER TABLE utility_pole_images ADD COLUMN rated_by text REFERENCES "user"(id) ON DELETE SET NULL;
