-- Privacy by default: faces are blurred before a photo is stored.
--   * workspace_settings: a workspace's settings (no row: every default, blur_faces on);
--   * utility_pole_images gains what was blurred in the stored photo: the faces the detector found
--     at upload, the rectangles members drew afterwards, and when the photo was last blurred.
CREATE TABLE workspace_settings (
  -- A user's id (their personal workspace) or an organization's id.
  workspace_id text PRIMARY KEY,
  blur_faces boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
ALTER TABLE utility_pole_images
  ADD COLUMN faces_blurred integer NOT NULL DEFAULT 0,
  ADD COLUMN manual_boxes integer NOT NULL DEFAULT 0,
  ADD COLUMN blurred_at timestamptz;
