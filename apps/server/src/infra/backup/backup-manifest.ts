/** What a PoleAtlas backup archive holds: a small JSON file at its root says so. */
import { z } from "zod";

export const MANIFEST_NAME = "poleatlas-backup.json";

export const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  /** `cluster`: the embedded cluster's files (postgres/); `pg_dump`: database.dump (custom format). */
  database: z.enum(["cluster", "pg_dump"]),
  /** `local`: the photo files are in files/; `s3`: they stay in the bucket (not in the archive). */
  storage: z.enum(["local", "s3"]),
});

export type Manifest = z.infer<typeof manifestSchema>;
