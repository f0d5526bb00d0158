/**
 * Past one machine: two server processes on one PostgreSQL and one S3-compatible bucket, a client
 * alternating between them. Sessions, auth rate limits and the storage quota must hold across both,
 * and a stopping process must finish the upload it is receiving.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_UPLOADS_IN_FLIGHT, STORAGE_QUOTA_BYTES } from "@poleatlas/shared";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { startTestS3, type TestS3 } from "../helpers/s3";
import { startServerProcess, type ServerProcess } from "../helpers/server-process";

// https: a production server refuses a plain-http PUBLIC_URL to another host.
const ORIGIN = "https://poleatlas.test";
const RATE_LIMIT_MAX = 4;

let db: TestDatabase;
let s3: TestS3;
let a: ServerProcess;
let b: ServerProcess;
/** Twelve for the quota, one for the stop: random pixels of one size each. */
let photos: Buffer[];

/** Random pixels do not compress: a PNG of exactly predictable, large size. */
const noisePng = (seedColor: number) =>
  sharp({
    create: {
      width: 1400,
      height: 1200,
      channels: 3,
      background: { r: seedColor, g: 0, b: 0 },
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();

beforeAll(async () => {
  db = await createTestDatabase(); // migrated once, as `npm run migrate` would before a rollout
  s3 = await startTestS3();
  const env = {
    DATABASE_URL: db.url,
    MIGRATE_ON_START: "false",
    ...s3.env(),
    PUBLIC_URL: ORIGIN,
    BETTER_AUTH_SECRET: `shared-secret-${randomUUID()}`,
    REQUIRE_EMAIL_VERIFICATION: "false",
    AUTH_RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: "60",
    // As behind a load balancer on this machine: the client address comes from X-Forwarded-For.
    TRUST_PROXY: "127.0.0.1",
  };
  // Made while the two processes start (sharp works on threads of its own), not after.
  const making = Promise.all(Array.from({ length: 13 }, (_, i) => noisePng(i * 20)));
  [a, b] = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
  photos = await making;
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await s3?.close();
  await db?.drop();
});

function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

/** Each test is its own client, as the proxy in front of both processes reports it. */
let clientIp = "";
let clients = 0;
beforeEach(() => {
  clientIp = `203.0.113.${++clients}`;
});

const post = (server: ServerProcess, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, "x-forwarded-for": clientIp },
    body: JSON.stringify(body),
  });

async function newUser(): Promise<{ email: string; password: string; cookie: string }> {
  const email = `multi-${randomUUID()}@example.test`;
  const password = `pw-${randomUUID()}`;
  expect((await post(a, "/api/auth/sign-up/email", { email, password, name: "" })).status).toBe(200);
  const signIn = await post(b, "/api/auth/sign-in/email", { email, password });
  expect(signIn.status).toBe(200);
  return { email, password, cookie: cookieOf(signIn) };
}

async function uploadTo(server: ServerProcess, cookie: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
  const res = await fetch(`${server.url}/api/images`, { method: "POST", headers: { cookie }, body: form });
  return { status: res.status, body: (await res.json()) as { code?: string } };
}

describe("two server processes on one database and one bucket", () => {
  it("a session made on one works on the other", async () => {
    const user = await newUser(); // signed up on A, signed in on B
    for (const server of [a, b]) {
      const session = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie: user.cookie } });
      expect(((await session.json()) as { user: { email: string } }).user.email).toBe(user.email);
      const list = await fetch(`${server.url}/api/images`, { headers: { cookie: user.cookie } });
      expect(list.status).toBe(200);
    }
    const out = await fetch(`${a.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie: user.cookie, origin: ORIGIN },
    });
    expect(out.status).toBe(200);
    const after = await fetch(`${b.url}/api/images`, { headers: { cookie: user.cookie } });
    expect(after.status).toBe(401);
  });

  it("counts auth attempts across both processes", async () => {
    const email = `nobody-${randomUUID()}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT_MAX + 2; i++) {
      const server = i % 2 === 0 ? a : b;
      statuses.push(
        (await post(server, "/api/auth/sign-in/email", { email, password: "wrong-password" })).status,
      );
    }
    // Each process alone saw at most half the attempts: only a shared count reaches the limit.
    expect(statuses.slice(0, RATE_LIMIT_MAX).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(RATE_LIMIT_MAX)).toEqual([429, 429]);
  });

  it("never lets concurrent uploads split between them exceed the quota", async () => {
    const user = await newUser();
    const batch = photos.slice(0, 12);
    const size = batch[0]!.length;
    expect(batch.every((p) => p.length === size)).toBe(true);
    const fit = Math.floor(STORAGE_QUOTA_BYTES / size);
    expect(fit).toBeLessThan(batch.length);

    // Half to each process, each with as many in flight as one user may have there.
    const results: Awaited<ReturnType<typeof uploadTo>>[] = [];
    let next = 0;
    await Promise.all(
      [a, b].flatMap((server) =>
        Array.from({ length: MAX_UPLOADS_IN_FLIGHT }, async () => {
          for (let i = next++; i < batch.length; i = next++) {
            results[i] = await uploadTo(server, user.cookie, batch[i]!, `pole-${i}.png`);
          }
        }),
      ),
    );
    const created = results.filter((r) => r.status === 201).length;
    expect(created).toBe(fit);
    expect(results.filter((r) => r.status === 413).every((r) => r.body.code === "quota_exceeded")).toBe(true);
    expect(created + results.filter((r) => r.status === 413).length).toBe(batch.length);

    for (const server of [a, b]) {
      const usage = await fetch(`${server.url}/api/storage/usage`, { headers: { cookie: user.cookie } });
      const { usedBytes } = (await usage.json()) as { usedBytes: number };
      expect(usedBytes).toBe(fit * size);
      expect(usedBytes).toBeLessThanOrEqual(STORAGE_QUOTA_BYTES);
    }
  }, 120_000);
});

describe("stopping a process", () => {
  it("finishes the upload in flight before it exits", async () => {
    const user = await newUser();
    const photo = photos[12]!;
    const boundary = `----poleatlas${randomUUID()}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\n` +
        "Content-Type: image/png\r\n\r\n",
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const { port } = new URL(a.url);
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          // A socket of its own, closed after the answer: the agent's kept-alive one would hold the
          // stopping process open until the agent let it go, 5 s on.
          agent: false,
          method: "POST",
          path: "/api/images",
          headers: {
            cookie: user.cookie,
            "content-type": `multipart/form-data; boundary=${boundary}`,
            "content-length": head.length + photo.length + tail.length,
          },
        },
        (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.write(head);
      req.write(photo.subarray(0, photo.length / 2));
      // Half the photo is on its way when the process is told to stop; the rest follows later.
      setTimeout(() => {
        a.child.kill("SIGTERM");
        setTimeout(() => req.end(Buffer.concat([photo.subarray(photo.length / 2), tail])), 500);
      }, 300);
    });

    const res = await response;
    expect(res.status, res.body).toBe(201);
    expect(await a.exited).toBe(0);
    // The photo it accepted is really there, as the other process sees it.
    const list = await fetch(`${b.url}/api/images`, { headers: { cookie: user.cookie } });
    const { images } = (await list.json()) as { images: { name: string }[] };
    expect(images.map((i) => i.name)).toContain("slow.png");
    await expect(fetch(`${a.url}/api/health`)).rejects.toThrow();
  }, 60_000);
});
