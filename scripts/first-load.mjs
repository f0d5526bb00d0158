// What a cold visit downloads of a web build, in bytes as the server sends them (the brotli copy
// the build wrote beside a file, else the file): the sign-in page's first load and the map's.
// Read from the built files alone, so the bundle check needs no browser. It counts the build's
// own files; the wire bench (bench/wire.ts) also counts headers, API answers and the Cesium
// files the globe asks for at run time.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/**
 * The map route's chunks, by the name Vite gives a dynamic import's chunk: the screen, the globe
 * (asked for beside it) and the live stream the signed-in pages open.
 */
export const MAP_CHUNKS = ["map-screen", "globe", "live-updates"];

/** Bytes sent for one built file: its brotli copy when the build wrote one. */
function servedBytes(dist, rel) {
  const file = path.join(dist, rel);
  if (existsSync(`${file}.br`)) return statSync(`${file}.br`).size;
  const raw = readFileSync(file);
  // A build not precompressed yet: the same brotli the precompress step would write.
  if (raw.length < 1024) return raw.length;
  const br = zlib.brotliCompressSync(raw, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
  });
  return Math.min(br.length, raw.length);
}

/** The files index.html makes the browser fetch at once: the entry, its preloads, stylesheets. */
function htmlFiles(html) {
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/(assets\/[^"]+)"/g)];
  return refs.map((m) => m[1]);
}

/** A chunk's static imports (`from"./x.js"`, `import"./x.js"`), as build paths. */
function staticImports(code) {
  return [...code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => `assets/${m[1]}`);
}

/**
 * The files a dynamic import of `name` fetches: its chunk and what Vite preloads with it (the
 * `__vite__mapDeps` list beside the import, which holds its JS and CSS).
 */
function dynamicImport(dist, entry, name) {
  const code = readFileSync(path.join(dist, entry), "utf8");
  const deps = /m\.f=(\[[^\]]*\])/.exec(code);
  const table = deps ? JSON.parse(deps[1]) : [];
  const call = new RegExp(
    `import\\(\`\\./(${name}-[\\w-]+\\.js)\`\\)(?:,__vite__mapDeps\\(\\[([\\d,]*)\\]\\))?`,
  );
  const hit = call.exec(code);
  if (!hit) return null;
  const listed = hit[2] ? hit[2].split(",").map((i) => table[Number(i)]) : [];
  return [`assets/${hit[1]}`, ...listed];
}

/** Every JS chunk `files` import statically, transitively, with `files` themselves. */
function withStaticImports(dist, files) {
  const seen = new Set();
  const queue = [...files];
  while (queue.length > 0) {
    const rel = queue.pop();
    if (seen.has(rel)) continue;
    seen.add(rel);
    if (rel.endsWith(".js")) queue.push(...staticImports(readFileSync(path.join(dist, rel), "utf8")));
  }
  return seen;
}

function total(dist, files) {
  const list = [...files].map((rel) => ({ rel, bytes: servedBytes(dist, rel) }));
  list.sort((a, b) => b.bytes - a.bytes);
  return { bytes: list.reduce((s, f) => s + f.bytes, 0), files: list };
}

/**
 * The first loads of the build in `dist`: `login` (/login) and `map` (/map, signed in; `missing`
 * lists the map chunks not found, so the figure may be short).
 */
export function firstLoads(dist) {
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  const atOnce = htmlFiles(html);
  const entry = atOnce.find((rel) => /^assets\/index-[\w-]+\.js$/.test(rel));
  if (!entry) throw new Error("index.html names no entry chunk (assets/index-*.js)");
  const login = withStaticImports(dist, atOnce);
  const mapFiles = [...login];
  /** Names no dynamic import of the entry has (merged into another chunk, or renamed). */
  const missing = [];
  for (const name of MAP_CHUNKS) {
    const files = dynamicImport(dist, entry, name);
    if (files) mapFiles.push(...files);
    else missing.push(name);
  }
  const map = withStaticImports(dist, mapFiles);
  const indexHtml = "index.html";
  return {
    login: total(dist, [indexHtml, ...login]),
    map: { ...total(dist, [indexHtml, ...map]), missing },
  };
}
