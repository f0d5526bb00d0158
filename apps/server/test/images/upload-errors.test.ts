/**
 * The upload receiver's errors: only known client faults (a broken multipart body, too large) are
 * 4xx and stay out of the error log; anything else is a 500 and logged; a client that goes away
 * mid-upload is logged once at info, without a stack.
 */
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { messages } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempFiles, type TempFiles } from "../../src/infra/uploads/temp-files";
import { postUpload, receiverApp } from "../helpers/receiver-app";
import { listFiles, multipartBody } from "../helpers/uploads";

interface LogLine {
  level: number;
  msg: string;
  err?: { stack?: string };
}

let dir: string;
let logs: LogLine[];
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-upload-errors-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The receiver on a bare app (test/helpers/receiver-app.ts) whose log lines land in `logs`. */
function appWith(temp: TempFiles): Promise<FastifyInstance> {
  logs = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return receiverApp(temp, stream);
}

const errorsLogged = () => logs.filter((l) => l.level >= 50);

describe("upload receiver errors", () => {
  it("a fault of our own (a plain Error from the disk side) is a 500, and logged", async () => {
    const real = createTempFiles(path.join(dir, "own-fault"));
    const app = await appWith({
      ...real,
      createWriteStream: () =>
        new Writable({ write: (_c, _e, done) => done(new Error("the disk controller is on fire")) }),
    });
    const { payload, contentType } = multipartBody((await makePhoto({})).bytes);
    const res = await postUpload(app, payload, contentType);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: "internal_error", message: "Internal Server Error" });
    expect(errorsLogged()).toHaveLength(1);
    expect(JSON.stringify(errorsLogged()[0])).toContain("the disk controller is on fire");
    await app.close();
  });

  it("a broken body is a 400 that is not logged as an error", async () => {
    const app = await appWith(createTempFiles(path.join(dir, "broken")));
    const good = multipartBody((await makePhoto({})).bytes);
    for (const [contentType, payload] of [
      ["multipart/form-data", good.payload],
      [good.contentType, good.payload.subarray(0, good.payload.length - 200)],
      [good.contentType, Buffer.from("this is not multipart at all")],
    ] as const) {
      const res = await postUpload(app, payload, contentType);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: "bad_request", message: messages.uploadFailed });
    }
    expect(errorsLogged()).toEqual([]);
    expect(await listFiles(path.join(dir, "broken"))).toEqual([]);
    await app.close();
  });

  it("a client that goes away mid-upload is logged once at info, without a stack", async () => {
    const tmp = path.join(dir, "gone");
    const app = await appWith(createTempFiles(tmp));
    const port = Number(new URL(await app.listen({ host: "127.0.0.1", port: 0 })).port);
    const { payload, contentType } = multipartBody((await makePhoto({ width: 1200, height: 900 })).bytes);
    const socket = net.connect(port, "127.0.0.1");
    socket.on("error", () => {});
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\n` +
        `Content-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, Math.floor(payload.length / 2)));
    // Wait until the server is writing the file, then hang up.
    while ((await listFiles(tmp)).length === 0) await new Promise((r) => setTimeout(r, 10));
    socket.destroy();
    while (!logs.some((l) => /ended early/.test(l.msg))) await new Promise((r) => setTimeout(r, 10));
    await app.close();

    const aborts = logs.filter((l) => /ended early|aborted|premature/i.test(l.msg));
    expect(aborts).toHaveLength(1);
    expect(aborts[0]!.level).toBeLessThanOrEqual(40);
    expect(JSON.stringify(aborts[0])).not.toContain("    at ");
    expect(errorsLogged()).toEqual([]);
    expect(await listFiles(tmp)).toEqual([]);
  });
});
