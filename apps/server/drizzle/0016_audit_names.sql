-- What an audit entry's people and things were called when it was written, by id: a person's
-- name and e-mail, a pole's tag and place, a photo's file name, a team's name. The trail then
-- shows them as they were, not as renamed since; entries written before this column read the
-- current names. (Adding a column fires no row trigger: the trail stays append-only.)
ALTER TABLE audit_log ADD COLUMN names jsonb NOT NULL DEFAULT '{}'::jsonb;
--> statement-breakpoint
-- The trail filtered by person, newest first.
CREATE INDEX audit_log_workspace_actor_idx ON audit_log (workspace_id, actor_id, id DESC);
