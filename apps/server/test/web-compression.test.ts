import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helpers/setup";

const CESIUM_FILE = "cesium/1.140.0/Workers/createGeometry.js";
/** Compressible text, a few KB, as a built chunk would be. */
const text = (name: string) =>
  `/* ${name} */\n` + `export const rows = ${JSON.stringify(Array(400).fill(name))};\n`;

async function put(dist: string, rel: string, body: string, copies: { br?: boolean; gz?: boolean }) {
  const file = path.join(dist, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body);
  if (copies.br) await writeFile(`${file}.br`, brotliCompressSync(body));
  if (copies.gz) await writeFile(`${file}.gz`, gzipSync(body));
}

describe("compressed and cached static files", () => {
  let root: string;
  let dist: string;
  beforeAll(async () => {
    // A stand-in build beside a file that must never be served.
    root = await mkdtemp(path.join(os.tmpdir(), "poleatlas-web-z-"));
    dist = path.join(root, "dist");
    await put(dist, "index.html", "<!doctype html><title>PoleAtlas</title>", {});
    await put(dist, "assets/app-1234.js", text("app"), { br: true, gz: true });
    await put(dist, "assets/style-1234.css", text("style"), { gz: true });
    await put(dist, CESIUM_FILE, text("cesium"), { br: true, gz: true });
    await put(root, "secret.txt", "not for the web", { br: true, gz: true });
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  const t = useTestApp(() => ({ WEB_DIST_DIR: dist }));

  const get = (url: string, acceptEncoding?: string, method: "GET" | "HEAD" = "GET") =>
    t.app.inject({ method, url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  it("sends the brotli copy when the browser accepts it, with the file's type and the copy's length", async () => {
    const res = await get("/assets/app-1234.js", "gzip, deflate, br, zstd");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.headers["vary"]).toMatch(/accept-encoding/i);
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(text("app"));
    expect(res.rawPayload.length).toBeLessThan(text("app").length / 4);
  });

  it("falls back to gzip when brotli is not accepted, or when the build has no brotli copy", async () => {
    const gz = await get("/assets/app-1234.js", "gzip, deflate");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(text("app"));

    const noBr = await get("/assets/style-1234.css", "br, gzip");
    expect(noBr.statusCode).toBe(200);
    expect(noBr.headers["content-encoding"]).toBe("gzip");
    expect(noBr.headers["content-type"]).toMatch(/^text\/css/);
    expect(gunzipSync(noBr.rawPayload).toString()).toBe(text("style"));
  });

  it("sends the file itself, still varying on Accept-Encoding, when no encoding is accepted", async () => {
    for (const accept of [undefined, "identity", "zstd"]) {
      const res = await get("/assets/app-1234.js", accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers["content-encoding"], accept).toBeUndefined();
      expect(res.headers["vary"], accept).toMatch(/accept-encoding/i);
      expect(res.body, accept).toBe(text("app"));
      expect(Number(res.headers["content-length"]), accept).toBe(Buffer.byteLength(text("app")));
    }
  });

  it("answers HEAD with the headers of the copy GET would send and no body", async () => {
    const head = await get("/assets/app-1234.js", "br", "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["vary"]).toMatch(/accept-encoding/i);
    expect(Number(head.headers["content-length"])).toBe(brotliCompressSync(text("app")).length);
    expect(head.rawPayload.length).toBe(0);
  });

  it("lets browsers keep hashed assets and Cesium's versioned files for a year, and revalidates the page", async () => {
    for (const url of ["/assets/app-1234.js", `/${CESIUM_FILE}`]) {
      for (const accept of ["br", "gzip", undefined]) {
        const res = await get(url, accept);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers["cache-control"], `${url} ${accept}`).toBe("public, max-age=31536000, immutable");
      }
    }
    const cesium = await get(`/${CESIUM_FILE}`, "br");
    expect(cesium.headers["content-encoding"]).toBe("br");
    for (const url of ["/", "/index.html", "/map"]) {
      const res = await get(url, "br, gzip");
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.body, url).toContain("<title>PoleAtlas</title>");
    }
  });

  it("still refuses paths out of the build, compressed copies included", async () => {
    for (const url of [
      "/../secret.txt",
      "/assets/../../secret.txt",
      "/assets/%2e%2e/%2e%2e/secret.txt",
      "/assets/..%2f..%2fsecret.txt",
      "/%2e%2e/secret.txt",
      "/assets/..\\..\\secret.txt",
    ]) {
      for (const accept of ["br", "gzip", undefined]) {
        const res = await get(url, accept);
        expect([400, 403, 404], `${url} ${accept}`).toContain(res.statusCode);
        expect(res.rawPayload.includes("not for the web"), url).toBe(false);
        const copy = accept === "br" ? brotliCompressSync("not for the web") : gzipSync("not for the web");
        expect(res.rawPayload.equals(copy), url).toBe(false);
      }
    }
  });
});

describe("the web build's precompress step (apps/web/scripts/precompress.mjs)", () => {
  it("writes smaller brotli and gzip copies of text files, and none for images or tiny files", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-precompress-"));
    try {
      await put(dir, "assets/app-1.js", text("app"), {});
      await put(dir, "assets/tiny-1.js", "export {};", {});
      await put(dir, "cesium/9.9.9/Assets/data.json", JSON.stringify(Array(500).fill({ a: 1 })), {});
      await writeFile(path.join(dir, "assets/photo.png"), Buffer.alloc(4096, 7));
      const script = path.resolve(import.meta.dirname, "../../web/scripts/precompress.mjs");
      await promisify(execFile)(process.execPath, [script, dir]);

      const listed = async (sub: string) => (await readdir(path.join(dir, sub))).sort();
      expect(await listed("assets")).toEqual([
        "app-1.js",
        "app-1.js.br",
        "app-1.js.gz",
        "photo.png",
        "tiny-1.js",
      ]);
      expect(await listed("cesium/9.9.9/Assets")).toEqual(["data.json", "data.json.br", "data.json.gz"]);
      const br = await readFile(path.join(dir, "assets/app-1.js.br"));
      const gz = await readFile(path.join(dir, "assets/app-1.js.gz"));
      expect(brotliDecompressSync(br).toString()).toBe(text("app"));
      expect(gunzipSync(gz).toString()).toBe(text("app"));
      expect(br.length).toBeLessThan(gz.length);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
