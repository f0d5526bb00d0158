/**
 * `npm run backup -- FILE` while the server runs, then `npm run restore -- FILE` into an empty
 * DATA_DIR: users, sessions and photos come back, the files byte for byte. A non-empty DATA_DIR
 * is refused with a clear message.
 */
import { execFile } from "node:child_process";
import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { makePhoto } from "@poleatlas/shared/testing";
import { afterAll, describe, expect, it } from "vitest";
import { serverRoot } from "../../src/paths";
import {
  makeDataDir,
  signUpOverHttp,
  startServerProcess,
  type ServerProcess,
} from "../helpers/server-process";

const run = promisify(execFile);
// https: a production server refuses a plain-http PUBLIC_URL to another host.
const ORIGIN = "https://poleatlas.test";
const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop("SIGTERM");
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function newDir(prefix: string): Promise<string> {
  const d = await makeDataDir(prefix);
  dirs.push(d);
  return d;
}

/** The CLI as `npm run backup`/`restore` runs it, from source. */
function cli(script: "backup" | "restore", file: string, dataDir: string) {
  return run(process.execPath, ["--import", "tsx", path.join(serverRoot, "src", `${script}.ts`), file], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production", LOG_LEVEL: "warn" },
  });
}

interface Listed {
  id: string;
  name: string;
  image_url: string;
  thumbnail_url: string;
}

async function listImages(server: ServerProcess, cookie: string): Promise<Listed[]> {
  const res = await fetch(`${server.url}/api/images`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { images: Listed[] }).images;
}

const bytesOf = async (server: ServerProcess, cookie: string, url: string) => {
  const res = await fetch(`${server.url}${url}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};

describe("backup and restore", () => {
  it("round-trips users, sessions and photos (files byte-equal) into an empty DATA_DIR", async () => {
    const env = { PUBLIC_URL: ORIGIN, REQUIRE_EMAIL_VERIFICATION: "false" };
    const source = await newDir("poleatlas-backup-src-");
    const original = await startServerProcess({ env, dataDir: source });
    servers.push(original);
    const user = await signUpOverHttp(original, ORIGIN);
    for (const [i, gps] of [{ latitude: 52.5, longitude: 13.4 }, null].entries()) {
      const { bytes } = await makePhoto({ width: 640, height: 480, gps });
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `pole-${i}.jpg`);
      const res = await fetch(`${original.url}/api/images`, {
        method: "POST",
        headers: { cookie: user.cookie },
        body: form,
      });
      expect(res.status).toBe(201);
    }
    const before = await listImages(original, user.cookie);
    const files = new Map<string, Buffer>();
    for (const img of before) {
      for (const url of [img.image_url, img.thumbnail_url])
        files.set(url, await bytesOf(original, user.cookie, url));
    }

    // Online: the server keeps running and serving while the backup is made.
    const archive = path.join(await newDir("poleatlas-backup-out-"), "poleatlas.tar");
    await cli("backup", archive, source);
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    expect((await fetch(`${original.url}/api/health`)).status).toBe(200);
    expect(await original.stop("SIGTERM")).toBe(0);

    const target = path.join(await newDir("poleatlas-backup-dst-"), "data");
    await cli("restore", archive, target);
    // A restore never goes into a folder that already holds data: tried while the restored server
    // starts (each is seconds of loading code), as the refusal looks at nothing but the folder.
    const refusing = cli("restore", archive, target).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    const restored = await startServerProcess({ env, dataDir: target });
    servers.push(restored);
    // The old session cookie still works: sessions and the auth secret came back.
    const session = await fetch(`${restored.url}/api/auth/get-session`, { headers: { cookie: user.cookie } });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(user.email);
    const after = await listImages(restored, user.cookie);
    expect(after).toEqual(before);
    for (const [url, bytes] of files)
      expect((await bytesOf(restored, user.cookie, url)).equals(bytes), url).toBe(true);
    // And the password still signs in.
    const signIn = await fetch(`${restored.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(signIn.status).toBe(200);

    const refused = await refusing;
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain(`DATA_DIR ${target} is not empty`);
    expect(refused?.stderr).toContain("A restore goes into an empty folder only");
  }, 180_000);
});
