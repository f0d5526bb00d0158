/**
 * Crash and recovery of the embedded PostgreSQL: `kill -9` of the server leaves its
 * PostgreSQL running on the data folder, and the next start must work without manual steps; a
 * PostgreSQL that dies under a running server makes it exit non-zero and /api/health say why.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { startEmbeddedPostgres } from "../../src/infra/db/embedded-postgres";
import { openDatabase } from "../../src/infra/db/open-database";
import { isAlive, readPostmasterPid } from "../../src/infra/db/postgres-leftover";
import { makeDataDir, startServerProcess } from "../helpers/server-process";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function keptDataDir(): Promise<string> {
  const dir = await makeDataDir("poleatlas-recovery-");
  dirs.push(dir);
  return dir;
}

async function waitUntil(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  await expect.poll(check, { timeout: 20_000, interval: 50, message: what }).toBe(true);
}

describe("embedded PostgreSQL after a crash", () => {
  it("starts again after kill -9 of the server, stopping the PostgreSQL it left running", async () => {
    const dataDir = await keptDataDir();
    const pgDir = path.join(dataDir, "postgres");
    const first = await startServerProcess({ dataDir });
    const leftover = await readPostmasterPid(pgDir);
    expect(leftover).not.toBeNull();
    expect(await first.stop("SIGKILL")).toBeNull();
    expect(isAlive(leftover!.pid)).toBe(true); // what used to block the next start

    const second = await startServerProcess({ dataDir });
    try {
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
      // pg_ctl returns once postmaster.pid is gone; the process itself ends a moment later.
      await waitUntil(() => !isAlive(leftover!.pid), "the leftover PostgreSQL has ended");
      expect((await readPostmasterPid(pgDir))?.pid).not.toBe(leftover!.pid);
    } finally {
      expect(await second.stop("SIGTERM")).toBe(0);
    }
    expect(await readPostmasterPid(pgDir)).toBeNull(); // stopped cleanly this time
  }, 90_000);

  it("refuses to take over the PostgreSQL of a server that is still running", async () => {
    const dataDir = await keptDataDir();
    const pgDir = path.join(dataDir, "postgres");
    const running = await startServerProcess({ dataDir });
    try {
      const postmaster = await readPostmasterPid(pgDir);
      await expect(startEmbeddedPostgres(pgDir)).rejects.toThrow(
        `The embedded PostgreSQL in ${pgDir} (pid ${postmaster!.pid}) belongs to another running process (pid ${running.child.pid}`,
      );
      expect((await fetch(`${running.url}/api/health`)).status).toBe(200); // untouched
    } finally {
      expect(await running.stop("SIGTERM")).toBe(0);
    }
  }, 90_000);

  it("exits non-zero when its PostgreSQL dies, saying why, and the next start works", async () => {
    const dataDir = await keptDataDir();
    const pgDir = path.join(dataDir, "postgres");
    const server = await startServerProcess({ dataDir });
    const postmaster = await readPostmasterPid(pgDir);
    process.kill(postmaster!.pid, "SIGKILL");
    const code = await server.exited;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(server.log()).toContain("embedded PostgreSQL exited unexpectedly (signal SIGKILL)");

    const again = await startServerProcess({ dataDir });
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    expect(await again.stop("SIGTERM")).toBe(0);
  }, 90_000);

  it("answers /api/health with 503 and the reason while its PostgreSQL is down", async () => {
    const dataDir = await keptDataDir();
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir });
    const opened = await openDatabase(config, () => {});
    const app = await buildApp({ config, database: opened.database, databaseDown: opened.downReason });
    try {
      expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
      const postmaster = await readPostmasterPid(config.embeddedPostgresDir);
      process.kill(postmaster!.pid, "SIGKILL");
      await waitUntil(() => opened.downReason() !== undefined, "the exit is noticed");
      const res = await app.inject({ url: "/api/health" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: "unavailable",
        database: false,
        reason: "embedded PostgreSQL exited unexpectedly (signal SIGKILL)",
      });
    } finally {
      await app.close();
      await opened.close();
    }
  }, 60_000);
});
