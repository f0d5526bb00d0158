/**
 * Fails when the Drizzle schema (src/infra/db/schema.ts) and the committed migrations disagree:
 *
 * - every migration of the journal has its snapshot (drizzle/meta/NNNN_snapshot.json), and the
 *   snapshots form one chain (each names the one before as its prevId);
 * - the latest snapshot equals what schema.ts describes now. Else `drizzle-kit generate` would
 *   write a migration for a change nobody migrated (schema.ts edited without a migration), or
 *   diff a new change against a stale picture of the database.
 *
 * `npm run check:migrations` (part of `npm run check`). With `--write` it (re)writes the latest
 * migration's snapshot from schema.ts: for a migration written by hand (`drizzle-kit generate
 * --custom`) or after merging branches that each added one. It writes no SQL.
 */
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateDrizzleJson } from "drizzle-kit/api";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Snapshot {
  id: string;
  prevId: string;
  [key: string]: Json;
}
interface Journal {
  entries: { idx: number; tag: string }[];
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const metaDir = path.join(serverDir, "drizzle", "meta");

const ZERO_ID = "00000000-0000-0000-0000-000000000000";

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, "utf8")) as T;
const snapshotFile = (tag: string) => path.join(metaDir, `${tag.slice(0, 4)}_snapshot.json`);

/** What schema.ts describes, in drizzle-kit's snapshot form. */
export async function schemaSnapshot(prevId: string): Promise<Snapshot> {
  const schema = (await import("../src/infra/db/schema")) as Record<string, unknown>;
  const snapshot: unknown = generateDrizzleJson(schema, prevId);
  return snapshot as Snapshot;
}

/** Key order and the snapshot's own ids do not matter; everything else does. */
function normalise(value: Json): Json {
  if (Array.isArray(value)) return value.map(normalise);
  if (value === null || typeof value !== "object") return value;
  const out: { [key: string]: Json } = {};
  for (const key of Object.keys(value).sort()) {
    if (key === "id" && typeof value[key] === "string" && "prevId" in value) continue;
    if (key === "prevId") continue;
    out[key] = normalise(value[key]!);
  }
  return out;
}

/** Paths (tables.public.user.columns.email.notNull …) where the two differ. */
function differences(a: Json, b: Json, at = ""): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  const isObject = (v: Json): v is { [key: string]: Json } =>
    v !== null && typeof v === "object" && !Array.isArray(v);
  if (!isObject(a) || !isObject(b)) return [at || "(root)"];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys.flatMap((k) => {
    const here = at ? `${at}.${k}` : k;
    if (!(k in a)) return [`${here} (only in the latest snapshot)`];
    if (!(k in b)) return [`${here} (only in schema.ts)`];
    return differences(a[k]!, b[k]!, here);
  });
}

/**
 * After a merge: the latest snapshot from schema.ts, a missing one in between from its successor
 * (drizzle-kit only ever diffs against the latest), and the prevId chain in journal order.
 */
async function repair(journal: Journal, snapshots: (Snapshot | undefined)[]): Promise<void> {
  const last = journal.entries.length - 1;
  const latest = await schemaSnapshot("");
  latest.id = snapshots[last]?.id ?? randomUUID();
  snapshots[last] = latest;
  for (let i = last - 1; i >= 0; i--) {
    if (snapshots[i]) continue;
    console.warn(`${journal.entries[i]!.tag}: no snapshot, copied from the next one`);
    snapshots[i] = { ...snapshots[i + 1]!, id: randomUUID() };
  }
  snapshots.forEach((snap, i) => {
    const next = { ...snap!, prevId: i === 0 ? ZERO_ID : snapshots[i - 1]!.id };
    snapshots[i] = next;
    const file = snapshotFile(journal.entries[i]!.tag);
    if (!existsSync(file) || JSON.stringify(readJson(file)) !== JSON.stringify(next)) {
      writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
    }
  });
}

async function main(write: boolean): Promise<number> {
  const journal = readJson<Journal>(path.join(metaDir, "_journal.json"));
  const problems: string[] = [];

  const snapshots: (Snapshot | undefined)[] = journal.entries.map((e) =>
    existsSync(snapshotFile(e.tag)) ? readJson<Snapshot>(snapshotFile(e.tag)) : undefined,
  );
  const extra = readdirSync(metaDir).filter(
    (f) => f.endsWith("_snapshot.json") && !journal.entries.some((e) => snapshotFile(e.tag).endsWith(f)),
  );
  for (const f of extra) problems.push(`${f} belongs to no migration of the journal`);

  const last = journal.entries.length - 1;
  if (write) await repair(journal, snapshots);

  journal.entries.forEach((entry, i) => {
    const snap = snapshots[i];
    if (!snap) return problems.push(`${entry.tag}: no snapshot (${path.basename(snapshotFile(entry.tag))})`);
    const before = snapshots[i - 1];
    if (before && snap.prevId !== before.id)
      problems.push(`${entry.tag}: its prevId is not the snapshot before`);
  });

  const latest = snapshots[last];
  if (latest) {
    const fromSchema = await schemaSnapshot(latest.prevId);
    const diff = differences(normalise(fromSchema), normalise(latest));
    if (diff.length > 0) {
      problems.push(
        `schema.ts and the latest migration's snapshot disagree:\n    ${diff.slice(0, 20).join("\n    ")}` +
          (diff.length > 20 ? `\n    … ${diff.length - 20} more` : ""),
      );
    }
  }

  if (problems.length === 0) {
    console.log(`migrations: ${journal.entries.length} in the journal, snapshots match schema.ts`);
    return 0;
  }
  console.error(`migrations check failed:\n  ${problems.join("\n  ")}`);
  console.error(
    "\nA schema change needs its migration: cd apps/server && npx drizzle-kit generate --name what_it_does." +
      "\nA migration written by hand, or two merged branches that each added one: npm run check:migrations -- --write" +
      "\n(rewrites the latest snapshot from schema.ts; check the schema really matches the SQL first).",
  );
  return 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.includes("--write"));
}
