-- Resumable uploads (the tus protocol at /api/uploads): one row per upload from its creation.
-- While open (finished_at null) its length is held against the workspace's quota, so uploads
-- created side by side cannot together promise more than is left; once its last byte has landed
-- it keeps the outcome GET /api/uploads/:id answers: the photo, or the error a plain upload gives.
CREATE TABLE resumable_uploads (
  id uuid PRIMARY KEY,
  -- A user's id (their personal workspace) or an organization's id.
  workspace_id text NOT NULL,
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  length bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  image_id uuid REFERENCES utility_pole_images(id) ON DELETE SET NULL,
  duplicate boolean NOT NULL DEFAULT false,
  error_status integer,
  error_code text,
  error_message text
);
--> statement-breakpoint
CREATE INDEX resumable_uploads_open_idx ON resumable_uploads (workspace_id, user_id) WHERE finished_at IS NULL;
