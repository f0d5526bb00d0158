/**
 * Crash and recovery of the embedded PostgreSQL: `kill -9` of the server leaves its
 * PostgreSQL running on the data folder, and the next start must work without manual steps; a
 * PostgreSQL that dies under a running server makes it exit non-zero and /api/health say why.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { startEmbeddedPostgres } from "../../src/infra/db/embedded-postgres";
import { openDatabase } from "../../src/infra/db/open-database";
import { isAlive, readPostmasterPid } from "../../src/infra/db/postgres-leftover";
import { makeDataDir, startServerProcess, type ServerProcess } from "../helpers/server-process";

/**
 * One data folder for the file, its cluster made once: the tests take turns on it, and a server a
 * test leaves running is the next test's (each server start is seconds of loading the app).
 */
let dataDir: string;
let pgDir: string;
let running: ServerProcess | undefined;
beforeAll(async () => {
  dataDir = await makeDataDir("poleatlas-recovery-");
  pgDir = path.join(dataDir, "postgres");
});
afterAll(async () => {
  await running?.stop("SIGTERM");
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The server the test before left running on the folder, or a new one (a test run alone). */
async function aRunningServer(): Promise<ServerProcess> {
  if (!running || running.child.exitCode !== null || running.child.signalCode !== null)
    running = await startServerProcess({ dataDir });
  return running;
}

/** Stops the server a test before left running, so the folder is free. */
async function noServer(): Promise<void> {
  await running?.stop("SIGTERM");
  running = undefined;
}

async function waitUntil(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  await expect.poll(check, { timeout: 20_000, interval: 50, message: what }).toBe(true);
}

describe("embedded PostgreSQL after a crash", () => {
  it("starts again after kill -9 of the server, stopping the PostgreSQL it left running", async () => {
    await noServer();
    const first = await startServerProcess({ dataDir });
    const leftover = await readPostmasterPid(pgDir);
    expect(leftover).not.toBeNull();
    expect(await first.stop("SIGKILL")).toBeNull();
    expect(isAlive(leftover!.pid)).toBe(true); // what used to block the next start

    const second = await startServerProcess({ dataDir });
    running = second; // stopped cleanly by the test after next
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    // pg_ctl returns once postmaster.pid is gone; the process itself ends a moment later.
    await waitUntil(() => !isAlive(leftover!.pid), "the leftover PostgreSQL has ended");
    expect((await readPostmasterPid(pgDir))?.pid).not.toBe(leftover!.pid);
  }, 90_000);

  it("refuses to take over the PostgreSQL of a server that is still running", async () => {
    const server = await aRunningServer();
    const postmaster = await readPostmasterPid(pgDir);
    await expect(startEmbeddedPostgres(pgDir)).rejects.toThrow(
      `The embedded PostgreSQL in ${pgDir} (pid ${postmaster!.pid}) belongs to another running process (pid ${server.child.pid}`,
    );
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200); // untouched
  }, 90_000);

  it("exits non-zero when its PostgreSQL dies, saying why, and the next start works", async () => {
    const server = await aRunningServer();
    const postmaster = await readPostmasterPid(pgDir);
    process.kill(postmaster!.pid, "SIGKILL");
    const code = await server.exited;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(server.log()).toContain("embedded PostgreSQL exited unexpectedly (signal SIGKILL)");

    running = await startServerProcess({ dataDir });
    expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
    expect(await running.stop("SIGTERM")).toBe(0);
    running = undefined;
    expect(await readPostmasterPid(pgDir)).toBeNull(); // stopped cleanly this time
  }, 90_000);

  it("answers /api/health with 503 and the reason while its PostgreSQL is down", async () => {
    await noServer();
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
