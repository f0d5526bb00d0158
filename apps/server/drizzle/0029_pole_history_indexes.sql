-- A pole's history (GET /api/poles/:id/history) searches the trail once for each way an entry
-- names a pole; without these it walked the workspace's whole trail for every record opened.
-- An entry by what it is about: the pole itself, one of its photos, one of its findings.
CREATE INDEX audit_log_target_idx ON audit_log (workspace_id, target_type, target_id);
--> statement-breakpoint
-- The pole an entry's details name: a photo deleted from it, moved off it or onto it, a visit or
-- a finding on it. Each holds only the entries that name one.
CREATE INDEX audit_log_pole_idx ON audit_log (workspace_id, (details->>'pole_id'))
  WHERE (details->>'pole_id') IS NOT NULL;
--> statement-breakpoint
CREATE INDEX audit_log_before_pole_idx ON audit_log (workspace_id, (details->'before'->>'pole_id'))
  WHERE (details->'before'->>'pole_id') IS NOT NULL;
--> statement-breakpoint
CREATE INDEX audit_log_after_pole_idx ON audit_log (workspace_id, (details->'after'->>'pole_id'))
  WHERE (details->'after'->>'pole_id') IS NOT NULL;
--> statement-breakpoint
CREATE INDEX audit_log_after_finding_pole_idx ON audit_log (workspace_id, (details->'after'->>'poleId'))
  WHERE (details->'after'->>'poleId') IS NOT NULL;
