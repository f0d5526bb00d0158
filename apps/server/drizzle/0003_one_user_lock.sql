-- The per-user lock, named once. Uploads (images.repository.ts withUserLock) and the summary
-- triggers of 0002 must take the very same lock, or a quota check could race a summary update;
-- both now call this function instead of spelling out the key (0x504f4c45 = "POLE" as the
-- namespace, hashtext(user_id) as the key).
CREATE FUNCTION utility_pole_lock_user(user_id text) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(1347374149, hashtext(user_id));
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION utility_pole_lock_users(user_ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  u text;
BEGIN
  -- Sorted, so two multi-user statements cannot deadlock on each other.
  FOREACH u IN ARRAY coalesce((SELECT array_agg(DISTINCT x ORDER BY x) FROM unnest(user_ids) x), '{}') LOOP
    PERFORM utility_pole_lock_user(u);
  END LOOP;
END $$;
