// `npm start`: builds the web app and the server only when their sources changed since the last
// build (a fingerprint of every source file's path, size and time, kept beside each build), then
// runs the server. A first start builds; later starts go straight to the server.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const shared = ["packages/shared/src", "packages/shared/package.json", "package-lock.json"];

const BUILDS = [
  {
    what: "the web app",
    workspace: "apps/web",
    output: "apps/web/dist",
    sources: [
      "apps/web/src",
      "apps/web/public",
      "apps/web/vite",
      "apps/web/index.html",
      "apps/web/vite.config.ts",
      "apps/web/package.json",
      ...shared,
    ],
  },
  {
    what: "the server",
    workspace: "apps/server",
    output: "apps/server/dist",
    sources: [
      "apps/server/src",
      "apps/server/drizzle",
      "apps/server/sql",
      "apps/server/tsup.config.ts",
      "apps/server/package.json",
      ...shared,
    ],
  },
];

function* filesUnder(p) {
  if (!existsSync(p)) return;
  const s = statSync(p);
  if (!s.isDirectory()) {
    yield [p, s];
    return;
  }
  for (const name of readdirSync(p).sort()) yield* filesUnder(path.join(p, name));
}

function fingerprint(sources) {
  const hash = createHash("sha256");
  for (const source of sources) {
    for (const [file, s] of filesUnder(path.join(root, source))) {
      hash.update(`${path.relative(root, file)}\0${s.size}\0${s.mtimeMs}\n`);
    }
  }
  return hash.digest("hex");
}

for (const build of BUILDS) {
  const stamp = path.join(root, build.output, ".source-fingerprint");
  const now = fingerprint(build.sources);
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === now) continue;
  // A build made by `npm run build` (npm test makes one) has no fingerprint: it is made again once.
  const why = !existsSync(path.join(root, build.output))
    ? "first start only"
    : existsSync(stamp)
      ? "its sources changed"
      : "not built by npm start";
  console.log(`Building ${build.what} (${why})…`);
  const { status } = spawnSync("npm", ["run", "build", "--silent", "-w", build.workspace], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (status !== 0) {
    console.error(`Building ${build.what} failed (above). Nothing was started.`);
    process.exit(status ?? 1);
  }
  writeFileSync(stamp, now);
}

// The server stops gracefully on SIGINT and SIGTERM: a signal sent to this process reaches it.
const server = spawn(process.execPath, [path.join(root, "apps/server/dist/server.js")], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
