-- Storage belongs to the workspace that holds the photos. A quota per user, counted in every
-- workspace and settable by any team's owner or admin, let anyone raise their own (through a team
-- they created) or lock a member out of their personal workspace. Now:
--   * workspace_quotas: a personal workspace's quota or a team's pool, where an instance
--     administrator set one (no row: the default, 52428800 bytes for a personal workspace,
--     TEAM_QUOTA_BYTES for a team);
--   * team_member_caps: a cap a team's owner or admin set on one member inside the team's pool;
--     it goes with the membership;
--   * utility_pole_workspace_usage: bytes per workspace and uploader, kept by triggers, so the
--     upload's check reads a workspace's total and a member's share there.
CREATE TABLE workspace_quotas (
  -- A user's id (their personal workspace) or an organization's id.
  workspace_id text PRIMARY KEY,
  quota_bytes bigint NOT NULL CHECK (quota_bytes > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE team_member_caps (
  organization_id text NOT NULL,
  user_id text NOT NULL,
  cap_bytes bigint NOT NULL CHECK (cap_bytes > 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id),
  -- A member who leaves or is removed takes no cap along, nor back when invited again.
  FOREIGN KEY (organization_id, user_id) REFERENCES member (organization_id, user_id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE TABLE utility_pole_workspace_usage (
  workspace_id text NOT NULL,
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  used_bytes bigint NOT NULL,
  photo_count bigint NOT NULL,
  PRIMARY KEY (workspace_id, user_id)
);
--> statement-breakpoint
-- Takes the same locks as the other summary triggers (0007, 0009) before touching a row, so a
-- statement reaching a workspace's usage already holds that workspace's lock: an upload's check
-- and its insert see one consistent total. Deltas, which concurrent statements sum correctly.
CREATE FUNCTION utility_pole_images_workspace_usage() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM utility_pole_lock_users(ARRAY(SELECT user_id FROM new_rows UNION SELECT workspace_id FROM new_rows));
    INSERT INTO utility_pole_workspace_usage AS u (workspace_id, user_id, used_bytes, photo_count)
    SELECT workspace_id, user_id, sum(file_size), count(*) FROM new_rows GROUP BY workspace_id, user_id
    ON CONFLICT (workspace_id, user_id) DO UPDATE
      SET used_bytes = u.used_bytes + EXCLUDED.used_bytes, photo_count = u.photo_count + EXCLUDED.photo_count;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM utility_pole_lock_users(ARRAY(SELECT user_id FROM old_rows UNION SELECT workspace_id FROM old_rows));
    UPDATE utility_pole_workspace_usage u
    SET used_bytes = u.used_bytes - d.bytes, photo_count = u.photo_count - d.n
    FROM (SELECT workspace_id, user_id, sum(file_size) AS bytes, count(*) AS n
          FROM old_rows GROUP BY workspace_id, user_id) d
    WHERE u.workspace_id = d.workspace_id AND u.user_id = d.user_id;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
      WHERE o.id IS NULL OR n.id IS NULL
         OR (o.user_id, o.workspace_id, o.file_size) IS DISTINCT FROM (n.user_id, n.workspace_id, n.file_size)
    ) THEN
      RETURN NULL;
    END IF;
    PERFORM utility_pole_lock_users(ARRAY(
      SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows
      UNION SELECT workspace_id FROM old_rows UNION SELECT workspace_id FROM new_rows));
    UPDATE utility_pole_workspace_usage u
    SET used_bytes = u.used_bytes - d.bytes, photo_count = u.photo_count - d.n
    FROM (SELECT workspace_id, user_id, sum(file_size) AS bytes, count(*) AS n
          FROM old_rows GROUP BY workspace_id, user_id) d
    WHERE u.workspace_id = d.workspace_id AND u.user_id = d.user_id;
    INSERT INTO utility_pole_workspace_usage AS u (workspace_id, user_id, used_bytes, photo_count)
    SELECT workspace_id, user_id, sum(file_size), count(*) FROM new_rows GROUP BY workspace_id, user_id
    ON CONFLICT (workspace_id, user_id) DO UPDATE
      SET used_bytes = u.used_bytes + EXCLUDED.used_bytes, photo_count = u.photo_count + EXCLUDED.photo_count;
  ELSE -- TRUNCATE
    DELETE FROM utility_pole_workspace_usage;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER utility_pole_images_workspace_usage_inserted AFTER INSERT ON utility_pole_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_workspace_usage();
--> statement-breakpoint
CREATE TRIGGER utility_pole_images_workspace_usage_deleted AFTER DELETE ON utility_pole_images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_workspace_usage();
--> statement-breakpoint
CREATE TRIGGER utility_pole_images_workspace_usage_updated AFTER UPDATE ON utility_pole_images
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_workspace_usage();
--> statement-breakpoint
CREATE TRIGGER utility_pole_images_workspace_usage_truncated AFTER TRUNCATE ON utility_pole_images
  FOR EACH STATEMENT EXECUTE FUNCTION utility_pole_images_workspace_usage();
--> statement-breakpoint
-- The photos stored before this migration.
INSERT INTO utility_pole_workspace_usage (workspace_id, user_id, used_bytes, photo_count)
SELECT workspace_id, user_id, sum(file_size), count(*) FROM utility_pole_images GROUP BY workspace_id, user_id;
--> statement-breakpoint
-- Today's per-user quotas. Who set each one is in the audit trail (the latest 'quota.set' on the
-- user): a team's rights worked only with that team active, so an entry written in the setter's
-- own personal workspace came from an instance administrator; a quota with no entry was set
-- directly in the database by an operator. Both become the user's personal workspace quota.
INSERT INTO workspace_quotas (workspace_id, quota_bytes)
SELECT u.id, u.quota_bytes
FROM "user" u
LEFT JOIN LATERAL (
  SELECT a.workspace_id, a.actor_id FROM audit_log a
  WHERE a.action = 'quota.set' AND a.target_type = 'user' AND a.target_id = u.id
  ORDER BY a.id DESC LIMIT 1
) latest ON true
WHERE u.quota_bytes > 0 AND (latest.workspace_id IS NULL OR latest.workspace_id = latest.actor_id);
--> statement-breakpoint
-- One set with a team active (by that team's owner or admin, as far as anyone can tell) only ever
-- spoke for that team: it becomes the member's cap there while they still belong to it, a limit
-- inside the team's pool that never raises anything. It no longer counts anywhere else.
INSERT INTO team_member_caps (organization_id, user_id, cap_bytes)
SELECT m.organization_id, u.id, u.quota_bytes
FROM "user" u
JOIN LATERAL (
  SELECT a.workspace_id, a.actor_id FROM audit_log a
  WHERE a.action = 'quota.set' AND a.target_type = 'user' AND a.target_id = u.id
  ORDER BY a.id DESC LIMIT 1
) latest ON latest.workspace_id <> latest.actor_id
JOIN member m ON m.organization_id = latest.workspace_id AND m.user_id = u.id
WHERE u.quota_bytes > 0;
--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN quota_bytes;
