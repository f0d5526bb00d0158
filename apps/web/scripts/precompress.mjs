// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of a web build (our
// assets and Cesium's static files), so the server sends them by Accept-Encoding without
// compressing per request. Run after `vite build`: node scripts/precompress.mjs <outDir>.
// A copy that would not be smaller than its file is not written (the server then sends the file).
// `--quick` (the test build the browser tier serves): our own files at quick levels, since only
// whether a copy is sent is tested there, never its size; Cesium's cached copies are used as ever.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text and binary formats that shrink; images and fonts are compressed already. */
const COMPRESSIBLE = new Set([
  ".js",
  ".mjs",
  ".css",
  ".html",
  ".json",
  ".svg",
  ".xml",
  ".txt",
  ".wasm",
  ".map",
]);
/** Below this a copy saves less than its extra response header costs. */
const MIN_BYTES = 1024;

const webRoot = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const quick = args.includes("--quick");
const outDir = path.resolve(webRoot, args.find((a) => !a.startsWith("--")) ?? "dist");
const BROTLI_QUALITY = quick ? 4 : zlib.constants.BROTLI_MAX_QUALITY;
const GZIP_LEVEL = quick ? 6 : zlib.constants.Z_BEST_COMPRESSION;
// Cesium's files (cesium/<version>/) are the same in every build: their copies are kept by content
// hash, so a rebuild spends brotli's best quality only on our own files.
const cacheDir = path.resolve(webRoot, "../../node_modules/.cache/poleatlas-precompress");

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.has(path.extname(entry.name))) yield full;
  }
}

async function cached(useCache, key, make) {
  if (!useCache) return make();
  const file = path.join(cacheDir, key);
  try {
    return await readFile(file);
  } catch {
    const bytes = await make();
    await mkdir(cacheDir, { recursive: true });
    await writeFile(file, bytes);
    return bytes;
  }
}

async function precompress(file) {
  const raw = await readFile(file);
  if (raw.length < MIN_BYTES) return { raw: raw.length, br: raw.length, gz: raw.length };
  const hash = createHash("sha256").update(raw).digest("hex");
  const useCache = path.relative(outDir, file).startsWith(`cesium${path.sep}`);
  const [quality, level] = useCache
    ? [zlib.constants.BROTLI_MAX_QUALITY, zlib.constants.Z_BEST_COMPRESSION]
    : [BROTLI_QUALITY, GZIP_LEVEL];
  const [br, gz] = await Promise.all([
    cached(useCache, `${hash}.br`, () =>
      brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    ),
    cached(useCache, `${hash}.gz`, () => gzip(raw, { level })),
  ]);
  if (br.length < raw.length) await writeFile(`${file}.br`, br);
  if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
  return { raw: raw.length, br: Math.min(br.length, raw.length), gz: Math.min(gz.length, raw.length) };
}

if (!(await stat(outDir).catch(() => null))?.isDirectory()) {
  console.error(`precompress: no build at ${outDir}`);
  process.exit(1);
}
const t0 = performance.now();
const list = [];
for await (const f of files(outDir)) list.push(f);
// zlib runs on libuv's pool: a few at a time keeps every core busy without holding every file.
const totals = { files: 0, raw: 0, br: 0, gz: 0 };
let next = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (next < list.length) {
      const sizes = await precompress(list[next++]);
      totals.files += 1;
      totals.raw += sizes.raw;
      totals.br += sizes.br;
      totals.gz += sizes.gz;
    }
  }),
);
const mb = (n) => (n / 1e6).toFixed(2);
console.log(
  `precompress: ${totals.files} files in ${path.relative(webRoot, outDir)}, ${mb(totals.raw)} MB → ` +
    `${mb(totals.br)} MB brotli, ${mb(totals.gz)} MB gzip (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
);
