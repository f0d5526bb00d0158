/**
 * A mail queued before a crash is still sent after the restart: retries are pg-boss jobs in
 * PostgreSQL, not timers in the process that `kill -9` ends.
 */
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "../auth/mail-helpers";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { makeDataDir, startServerProcess, type ServerProcess } from "../helpers/server-process";

let db: TestDatabase;
let smtp: TestSmtpServer;
const servers: ServerProcess[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop("SIGKILL")));
  await smtp?.close();
  await db?.drop();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function mailJobState(): Promise<string | undefined> {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    const { rows } = await c.query<{ state: string }>("select state from pgboss.job where name = 'mail'");
    return rows[0]?.state;
  } finally {
    await c.end();
  }
}

describe("mail across a crash", () => {
  it("is delivered by the next process after the one that queued it was killed", async () => {
    const dataDir = await makeDataDir("poleatlas-mailcrash-");
    dirs.push(dataDir);
    const origin = "https://poleatlas.test"; // production refuses plain http to another host
    const env = {
      DATABASE_URL: db.url,
      MIGRATE_ON_START: "false",
      SMTP_URL: smtp.url,
      PUBLIC_URL: origin,
      MAIL_RETRY_DELAY_SECONDS: "1",
      MAIL_RETRY_LIMIT: "10",
    };
    smtp.failNext(1000); // the mail server refuses everything for now (451)
    const first = await startServerProcess({ env, dataDir });
    servers.push(first);
    const email = `crash-${randomUUID()}@example.test`;
    const res = await fetch(`${first.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email, password: `pw-${randomUUID()}`, name: "" }),
    });
    expect(res.status).toBe(200);
    // Refused once and waiting for its retry: then the process dies.
    await expect.poll(mailJobState, { timeout: 20_000, interval: 50 }).toBe("retry");
    await first.stop("SIGKILL");
    expect(smtp.received).toHaveLength(0);

    smtp.failNext(0);
    const second = await startServerProcess({ env, dataDir });
    servers.push(second);
    await expect
      .poll(() => smtp.received.find((m) => m.to.includes(email))?.subject, {
        timeout: 20_000,
        interval: 100,
      })
      .toMatch(/confirm/i);
    expect(await second.stop("SIGTERM")).toBe(0);
  }, 90_000);
});
