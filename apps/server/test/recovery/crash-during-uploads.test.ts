/**
 * `kill -9` during concurrent uploads (real HTTP, a real server process on the embedded
 * PostgreSQL), a restart, and the recovery jobs: afterwards every stored file has its row, every
 * row its files, usage is the sum of the stored photos, and no dead upload's temp file is left.
 */
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { makePhoto } from "@poleatlas/shared/testing";
import pg from "pg";
import PgBoss from "pg-boss";
import { afterAll, describe, expect, it } from "vitest";
import { ORPHAN_SWEEP, TEMP_SWEEP } from "../../src/infra/jobs/background-jobs";
import { readPostmasterPid } from "../../src/infra/db/postgres-leftover";
import {
  makeDataDir,
  signUpOverHttp,
  startServerProcess,
  type ServerProcess,
} from "../helpers/server-process";
import { listFiles } from "../helpers/uploads";

// https: a production server refuses a plain-http PUBLIC_URL to another host.
const ORIGIN = "https://poleatlas.test";
const UPLOADS = 16;
/** Four accounts with four uploads each: the most one user may have in flight at once. */
const USERS = 4;
const servers: ServerProcess[] = [];
let dataDir: string | undefined;
afterAll(async () => {
  for (const s of servers) await s.stop("SIGTERM");
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function uploadTo(server: ServerProcess, cookie: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), name);
  const res = await fetch(`${server.url}/api/images`, { method: "POST", headers: { cookie }, body: form });
  return { status: res.status, body: (await res.json()) as { image?: { id: string } } };
}

/** The embedded PostgreSQL the server started, reached the way the server does. */
function embeddedUrl(port: number): string {
  return `postgres://poleatlas:poleatlas@127.0.0.1:${port}/postgres`;
}

describe("kill -9 during concurrent uploads", () => {
  it("leaves files, rows, usage and temp files in agreement after restart and the recovery jobs", async () => {
    dataDir = await makeDataDir("poleatlas-crash-");
    // The workers pick the recovery jobs sent below up within half a second, not up to five.
    const env = { PUBLIC_URL: ORIGIN, REQUIRE_EMAIL_VERIFICATION: "false", JOBS_POLL_SECONDS: "0.5" };
    // The photos are made while the server starts: it mostly waits on PostgreSQL meanwhile.
    const making = Promise.all(
      Array.from({ length: UPLOADS }, (_, i) =>
        makePhoto({ width: 1600, height: 1200, color: { r: i * 15, g: 100, b: 200 - i * 10 } }),
      ),
    );
    const first = await startServerProcess({ env, dataDir });
    servers.push(first);
    const cookies = (
      await Promise.all(Array.from({ length: USERS }, () => signUpOverHttp(first, ORIGIN)))
    ).map((u) => u.cookie);
    const photos = await making;

    // All at once; the process dies as soon as the first one is stored (or all were answered).
    let firstStored!: () => void;
    const stored201 = new Promise<void>((r) => (firstStored = r));
    const attempts = photos.map((p, i) =>
      uploadTo(first, cookies[i % USERS]!, p.bytes, `pole-${i}.jpg`).then(
        (r) => {
          if (r.status === 201) firstStored();
          return r;
        },
        () => null, // cut off by the kill
      ),
    );
    await Promise.race([stored201, Promise.all(attempts)]);
    first.child.kill("SIGKILL");
    const results = await Promise.all(attempts);
    await first.exited;
    const accepted = results.flatMap((r) => (r?.status === 201 && r.body.image ? [r.body.image.id] : []));
    expect(accepted.length, JSON.stringify(results)).toBeGreaterThan(0);

    const second = await startServerProcess({ env, dataDir });
    servers.push(second);
    const pgInfo = await readPostmasterPid(path.join(dataDir, "postgres"));
    const url = embeddedUrl(pgInfo!.port);

    // Trigger the recovery jobs in the restarted server; nothing is in flight, so no grace is needed.
    const boss = new PgBoss({ connectionString: url, supervise: false, schedule: false, migrate: false });
    await boss.start();
    try {
      for (const [name, data] of [
        [ORPHAN_SWEEP, { graceMs: 0 }],
        [TEMP_SWEEP, { maxAgeMs: 0 }],
      ] as const) {
        const id = await boss.send(name, data);
        await expect
          .poll(async () => (await boss.getJobById(name, id!))?.state, { timeout: 30_000, interval: 100 })
          .toBe("completed");
      }
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{
        id: string;
        storage_key: string;
        thumbnail_key: string;
        file_size: string;
      }>("select id, storage_key, thumbnail_key, file_size from utility_pole_images");
      const bucketDir = path.join(dataDir, "files", "utility-poles");
      const files = await listFiles(bucketDir);
      const rowKeys = rows.flatMap((r) => [r.storage_key, r.thumbnail_key]).sort();
      // No file without a row, no row without its files.
      expect(files).toEqual(rowKeys);
      // Every upload that was answered 201 survived the crash.
      expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(accepted));
      // Usage is the sum of the stored photos' sizes.
      let stored = 0;
      for (const r of rows) {
        const size = (await stat(path.join(bucketDir, ...r.storage_key.split("/")))).size;
        expect(size).toBe(Number(r.file_size));
        stored += size;
      }
      const usage = await client.query<{ used: string | null }>(
        "select coalesce(sum(used_bytes), 0)::text as used from utility_pole_usage",
      );
      expect(Number(usage.rows[0]?.used)).toBe(stored);
      let apiUsed = 0;
      for (const cookie of cookies) {
        const api = await fetch(`${second.url}/api/storage/usage`, { headers: { cookie } });
        apiUsed += ((await api.json()) as { usedBytes: number }).usedBytes;
      }
      expect(apiUsed).toBe(stored);
    } finally {
      await client.end();
    }
    const tmpLeft = (await readdir(path.join(dataDir, "tmp")).catch(() => [] as string[])).filter((n) =>
      /^(upload|thumb)-/.test(n),
    );
    expect(tmpLeft).toEqual([]);
  }, 120_000);
});
