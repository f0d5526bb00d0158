/**
 * The mail queue's promise: a message that cannot be delivered is retried, then kept on disk
 * and logged as an error, never silently dropped. Delivery goes to a real (closed) SMTP port.
 */
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMailQueue } from "../../src/infra/mail/mail-queue";
import type { MailLog, MailMessage } from "../../src/infra/mail/mailer";
import { writeToFolder } from "../../src/infra/mail/outbox-transport";
import { createSmtpTransport } from "../../src/infra/mail/smtp-transport";
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
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("retries an unreachable SMTP server, then keeps the message in failed/ and logs an error", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-mailq-"));
    const failedDir = path.join(dir, "failed");
    const { log, lines } = recordingLog();
    const port = await closedPort();
    const queue = createMailQueue({
      transport: createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: "PoleAtlas <a@b.test>" }),
      log,
      retryDelaysMs: [20, 40],
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

  it("keeps a message still waiting for a retry when the server stops", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-mailq-"));
    const failedDir = path.join(dir, "failed");
    const { log, lines } = recordingLog();
    const queue = createMailQueue({
      transport: { kind: "smtp", deliver: () => Promise.reject(new Error("451 try later")) },
      log,
      retryDelaysMs: [60_000],
      spool: async (m) => path.join(failedDir, `${await writeToFolder(failedDir, m, "x@y.test")}.eml`),
    });
    queue.send(message);
    await expect.poll(() => lines.some((l) => l.level === "warn")).toBe(true);
    const started = Date.now();
    await queue.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await readOutbox(failedDir)).toHaveLength(1);
    expect(lines.at(-1)).toMatchObject({ level: "error" });
  });
});
