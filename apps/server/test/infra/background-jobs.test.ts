/**
 * The recurring jobs (pg-boss): the orphan sweep removes stored files no row points to once they
 * are older than the grace period, and the temp sweep removes dead uploads' temp files within
 * minutes, both run by the app's own workers when a job is sent.
 */
import { randomUUID } from "node:crypto";
import { mkdir, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { imageCreatedSchema } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_PRUNE, ORPHAN_SWEEP, TEMP_SWEEP } from "../../src/infra/jobs/background-jobs";
import { sweepOrphans } from "../../src/infra/jobs/orphan-sweep";
import { DIGEST_JOB } from "../../src/modules/alerts/alerts.module";
import { createLocalStorage } from "../../src/infra/storage/local-storage";
import { createS3Storage } from "../../src/infra/storage/s3-storage";
import type { Storage } from "../../src/infra/storage/storage";
import { buildTestApp, type TestApp } from "../helpers/app";
import { useTestApp } from "../helpers/setup";
import { startTestS3, type TestS3 } from "../helpers/s3";
import { listFiles, tmpDir, upload } from "../helpers/uploads";
import { createSignedInUser } from "../helpers/users";

const silent = { info() {}, warn() {}, error() {} };
const MINUTE = 60_000;

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3(["utility-poles"]);
});
afterAll(async () => {
  await s3?.close();
});

async function keys(storage: Storage): Promise<string[]> {
  const out: string[] = [];
  for await (const o of storage.list("utility-poles/")) out.push(o.key);
  return out.sort();
}

const setups: [string, (t: TestApp) => Storage, () => Record<string, string>][] = [
  [
    "local folder",
    (t) => createLocalStorage({ rootDir: path.join(t.dataDir, "files"), bucket: "utility-poles" }),
    () => ({}),
  ],
  ["S3 (s3rver)", () => createS3Storage(s3.storageOptions()), () => s3.env()],
];

describe.each(setups)("orphan sweep: %s", (_name, storageOf, envOf) => {
  it("removes only files that no row points to and that are older than the grace period", async () => {
    const t = await buildTestApp(envOf());
    try {
      const storage = storageOf(t);
      const user = await createSignedInUser(t);
      const { bytes } = await makePhoto({ width: 320, height: 240 });
      const res = await upload(t, user.cookie, bytes, { filename: "kept.jpg" });
      expect(res.statusCode, res.body).toBe(201);
      const { image } = imageCreatedSchema.parse(res.json());
      const rowKeys = [image.image_url, image.thumbnail_url].map((u) => u.replace(/^\/files\//, ""));

      // What a crash between storing and COMMIT leaves: files under fresh keys, no row.
      const src = path.join(t.dataDir, "orphan-src");
      await writeFile(src, "orphan bytes");
      const orphan = `utility-poles/${user.id}/${randomUUID()}.jpg`;
      await storage.put(orphan, src, "image/jpeg");

      const run = (nowShiftMs: number) =>
        sweepOrphans({
          db: t.db.database.db,
          storage,
          graceMs: 10 * MINUTE,
          log: silent,
          now: () => Date.now() + nowShiftMs,
        });
      // Young: it may be an upload about to commit.
      expect(await run(0)).toEqual([]);
      expect(await keys(storage)).toEqual([...rowKeys, orphan].sort());
      // Eleven minutes on: the orphan goes, the photo's own files stay.
      expect(await run(11 * MINUTE)).toEqual([orphan]);
      expect(await keys(storage)).toEqual([...rowKeys].sort());
      const served = await t.app.inject({ url: image.image_url, headers: { cookie: user.cookie } });
      expect([200, 302]).toContain(served.statusCode);
    } finally {
      await t.close();
    }
  });
});

describe("jobs run by the app's workers", () => {
  // The workers ask for due jobs twice a second instead of every 5 s: each job sent below is
  // picked up at once rather than after a wait of up to a whole interval.
  const t = useTestApp({ REQUEST_TIMEOUT_SECONDS: "60", JOBS_POLL_SECONDS: "0.5" });
  let boss: PgBoss;
  beforeAll(async () => {
    boss = new PgBoss({ connectionString: t.db.url, supervise: false, schedule: false, migrate: false });
    await boss.start();
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false, wait: true });
  });

  const runJob = async (name: string, data: object = {}) => {
    const id = await boss.send(name, data);
    await expect
      .poll(async () => (await boss.getJobById(name, id!))?.state, { timeout: 20_000, interval: 100 })
      .toBe("completed");
  };

  it("schedules the sweeps, the event prune and the digest on a cron, the temp sweep every minute", async () => {
    const schedules = await boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron]).sort()).toEqual([
      [EVENT_PRUNE, "23 * * * *"],
      [DIGEST_JOB, "0 6 * * *"],
      [ORPHAN_SWEEP, "*/30 * * * *"],
      [TEMP_SWEEP, "* * * * *"],
    ]);
  });

  it("temp sweep: removes temp files untouched for longer than a request may take, keeps live ones", async () => {
    const tmp = tmpDir(t);
    await mkdir(tmp, { recursive: true });
    // REQUEST_TIMEOUT_SECONDS=60, plus the two-minute margin: four minutes is dead.
    const fourMinutesAgo = new Date(Date.now() - 4 * MINUTE);
    for (const name of ["upload-dead", "thumb-dead.webp", "upload-live", "notes.txt"]) {
      await writeFile(path.join(tmp, name), "x");
    }
    for (const name of ["upload-dead", "thumb-dead.webp", "notes.txt"]) {
      await utimes(path.join(tmp, name), fourMinutesAgo, fourMinutesAgo);
    }
    await runJob(TEMP_SWEEP);
    expect(await listFiles(tmp)).toEqual(["notes.txt", "upload-live"]);
  });

  it("orphan sweep: the job removes an old orphan through the app's own storage", async () => {
    const storage = createLocalStorage({ rootDir: path.join(t.dataDir, "files"), bucket: "utility-poles" });
    const src = path.join(t.dataDir, "orphan-src");
    await writeFile(src, "orphan");
    const orphan = `utility-poles/nobody/${randomUUID()}.jpg`;
    await storage.put(orphan, src, "image/jpeg");
    await runJob(ORPHAN_SWEEP, { graceMs: 10 * MINUTE });
    expect(await keys(storage)).toEqual([orphan]); // young: kept
    await runJob(ORPHAN_SWEEP, { graceMs: 0 });
    expect(await keys(storage)).toEqual([]);
  });

  it("event prune: drops live-update events older than asked, always keeping the newest", async () => {
    const db = t.db.database.db;
    const ws = randomUUID();
    await db.execute(sql`
      INSERT INTO workspace_events (workspace_id, type, actor_id, created_at)
      VALUES (${ws}, 'pole.updated', 'someone', now() - interval '3 hours'),
             (${ws}, 'pole.updated', 'someone', now() - interval '2 hours'),
             (${ws}, 'pole.updated', 'someone', now() - interval '1 minute')`);
    await runJob(EVENT_PRUNE, { maxAgeMs: 3600_000 });
    const left = await db.execute(
      sql`SELECT count(*)::int AS n FROM workspace_events WHERE workspace_id = ${ws}`,
    );
    expect(left.rows[0]).toEqual({ n: 1 });
    // All of them old: the newest stays, so a reconnecting client can tell it missed some.
    await db.execute(sql`UPDATE workspace_events SET created_at = now() - interval '5 hours'`);
    await runJob(EVENT_PRUNE, { maxAgeMs: 3600_000 });
    const kept = await db.execute(sql`SELECT count(*)::int AS n FROM workspace_events`);
    expect(kept.rows[0]).toEqual({ n: 1 });
  });
});
