/**
 * The mail queue's promise: a message that cannot be delivered is retried (pg-boss jobs in a real
 * PostgreSQL), then kept on disk and logged as an error, never silently dropped. Delivery goes to
 * a real (closed) SMTP port.
 */
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type PgBoss from "pg-boss";
import { afterEach, describe, expect, it } from "vitest";
import { startBoss, stopBoss } from "../../src/infra/jobs/job-runner";
import { createMailQueue } from "../../src/infra/mail/mail-queue";
import type { MailLog, MailMessage } from "../../src/infra/mail/mailer";
import { writeToFolder } from "../../src/infra/mail/outbox-transport";
import { createSmtpTransport } from "../../src/infra/mail/smtp-transport";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { readOutbox } from "./mail-helpers";

async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const log: MailLog = {
    info: (_o, msg) => lines.push({ level: "info", msg }),
    warn: (_o, msg) => lines.push({ level: "warn", msg }),
    error: (_o, msg) => lines.push({ level: "error", msg }),
  };
  return { log, lines };
}

const message: MailMessage = {
  to: "stuck@example.test",
  subject: "Reset your PoleAtlas password",
  text: "To choose a new password, open this link:\nhttp://localhost:8080/reset-password?token=abc",
  links: [{ label: "Reset your password", url: "http://localhost:8080/reset-password?token=abc" }],
};

describe("mail queue", () => {
  let dir: string | undefined;
  let db: TestDatabase | undefined;
  let boss: PgBoss | undefined;
  afterEach(async () => {
    if (boss) await stopBoss(boss);
    await db?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function jobs(log: ReturnType<typeof recordingLog>["log"]): Promise<PgBoss> {
    db = await createTestDatabase();
    boss = await startBoss(db.database, log);
    return boss;
  }

  it("retries an unreachable SMTP server, then keeps the message in failed/ and logs an error", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-mailq-"));
    const failedDir = path.join(dir, "failed");
    const { log, lines } = recordingLog();
    const port = await closedPort();
    const queue = createMailQueue({
      transport: createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: "PoleAtlas <a@b.test>" }),
      log,
      boss: await jobs(log),
      retry: { limit: 2, delaySeconds: 1 },
      spool: async (m) =>
        path.join(failedDir, `${await writeToFolder(failedDir, m, "PoleAtlas <a@b.test>")}.eml`),
    });
    queue.send(message);
    await queue.idle();
    expect(lines.filter((l) => l.level === "warn")).toHaveLength(2);
    expect(lines.filter((l) => l.level === "error")).toHaveLength(1);
    expect(lines.at(-1)?.msg).toMatch(/not delivered \(3 attempts failed\); kept in .*failed/);
    const kept = await readOutbox(failedDir);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ subject: message.subject, to: [message.to] });
    expect(kept[0]?.links).toContain("http://localhost:8080/reset-password?token=abc");
    await queue.close();
  });

  it("without a job queue, keeps a message that failed its one attempt", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-mailq-"));
    const failedDir = path.join(dir, "failed");
    const { log, lines } = recordingLog();
    const queue = createMailQueue({
      transport: { kind: "smtp", deliver: () => Promise.reject(new Error("451 try later")) },
      log,
      spool: async (m) => path.join(failedDir, `${await writeToFolder(failedDir, m, "x@y.test")}.eml`),
    });
    queue.send(message);
    await queue.idle();
    expect(await readOutbox(failedDir)).toHaveLength(1);
    expect(lines.at(-1)).toMatchObject({ level: "error" });
    await queue.close();
  });
});
