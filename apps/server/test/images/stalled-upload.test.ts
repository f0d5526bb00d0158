/**
 * An upload whose body stalls or trickles is cut off after REQUEST_TIMEOUT_SECONDS with a 408,
 * instead of holding its socket and temp file forever; the temp file goes with it.
 */
import net from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { useTestApp, useSignedInUser } from "../helpers/setup";
import { listFiles, tmpDir } from "../helpers/uploads";

let port: number;
const t = useTestApp({ REQUEST_TIMEOUT_SECONDS: "1" });
const user = useSignedInUser(t);
beforeAll(async () => {
  port = Number(new URL(await t.app.listen({ host: "127.0.0.1", port: 0 })).port);
});

describe("request timeout", () => {
  it("is 300 s unless REQUEST_TIMEOUT_SECONDS says otherwise", () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(300_000);
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: "900" }).requestTimeoutMs).toBe(900_000);
  });

  it("answers 408 to an upload that keeps trickling, and removes its temp file", async () => {
    const boundary = "----stalled";
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.jpg"\r\n` +
      `Content-Type: image/jpeg\r\n\r\n`;
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (c: Buffer) => (answer += c.toString()));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.on("error", () => {});
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `POST /api/images HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${user.cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n${head}`,
    );
    // A byte every 100 ms: the socket is never idle, but the body never completes.
    const trickle = setInterval(() => socket.writable && socket.write(Buffer.from([0xff])), 100);
    const t0 = performance.now();
    await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000))]);
    clearInterval(trickle);
    const elapsed = performance.now() - t0;
    socket.destroy();

    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(elapsed).toBeLessThan(5000);
    // The half-received file was already being written to the temp folder; it must not stay.
    for (let i = 0; i < 50 && (await listFiles(tmpDir(t))).length > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await listFiles(tmpDir(t))).toEqual([]);
  });
});
