-- Live updates: each change a workspace's open screens should hear of, numbered. The number is the
-- stream's event id (Last-Event-ID), the same on every server process; the change itself travels
-- by NOTIFY on the channel 'workspace_events' when its transaction commits. Rows older than a few
-- hours are pruned by a background job: a client away longer reads everything again.
CREATE TABLE workspace_events (
  id bigserial PRIMARY KEY,
  -- A user's id (their personal workspace) or an organization's id.
  workspace_id text NOT NULL,
  type text NOT NULL,
  actor_id text NOT NULL,
  image_ids text[] NOT NULL DEFAULT '{}',
  pole_ids text[] NOT NULL DEFAULT '{}',
  member_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX workspace_events_workspace_idx ON workspace_events (workspace_id, id);
--> statement-breakpoint
CREATE INDEX workspace_events_created_idx ON workspace_events (created_at);
