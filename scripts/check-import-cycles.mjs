#!/usr/bin/env node
// Fails on any import circle, between files or between areas, in the server's and the web app's
// sources, and prints each circle. Type-only imports count: they tie the areas together as much
// as any other. ESLint could find file circles too, but its cycle rules resolve every import of
// every file once per file and would cost `npm run check` more than this whole pass.
//
//   node scripts/check-import-cycles.mjs               check, exit 1 on a circle
//   node scripts/check-import-cycles.mjs --count       print the number of circles per tree only
//   node scripts/check-import-cycles.mjs --root DIR    check the trees under DIR (the tests' copies)
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const rootArg = process.argv.indexOf("--root");
const root =
  rootArg > 0
    ? resolve(process.argv[rootArg + 1] ?? ".")
    : resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = /\.(ts|tsx|mts)$/;
const MAX_LISTED = 40;

/** The area a file belongs to: a server module or infra part, a web feature, a top folder or file. */
const trees = [
  {
    name: "server",
    dir: "apps/server/src",
    area: (path) => {
      const [top, sub, ...rest] = path.split("/");
      if ((top === "modules" || top === "infra") && rest.length > 0) return `${top}/${sub}`;
      return sub === undefined ? path : top;
    },
  },
  {
    name: "web",
    dir: "apps/web/src",
    area: (path) => {
      const [top, sub, ...rest] = path.split("/");
      if (top === "features" && rest.length > 0) return `features/${sub}`;
      return sub === undefined ? path : top;
    },
  },
  { name: "shared", dir: "packages/shared/src", area: () => "shared" },
];

function sourceFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(path));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(path);
  }
  return found;
}

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Resolves a relative specifier as the bundler resolution does: extension optional, index files. */
function resolveRelative(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, "");
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    join(base, "index.ts"),
    join(base, "index.tsx"),
  ];
  return candidates.find(isFile);
}

/** file → files it imports (static, type-only, re-exports and dynamic imports alike). */
function fileGraph(dir) {
  const graph = new Map();
  for (const file of sourceFiles(dir)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const target = resolveRelative(file, fileName);
      if (target?.startsWith(dir + sep)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every elementary circle of a graph (Johnson's algorithm), at most `limit` of them. */
function circles(graph, limit) {
  const nodes = [...graph.keys()].sort();
  const index = new Map(nodes.map((node, i) => [node, i]));
  const found = [];
  for (let s = 0; s < nodes.length && found.length < limit; s++) {
    const start = nodes[s];
    const blocked = new Set();
    const blockedBy = new Map();
    const stack = [];
    const next = (node) => [...(graph.get(node) ?? [])].filter((n) => index.get(n) >= s);
    const unblock = (node) => {
      blocked.delete(node);
      for (const other of blockedBy.get(node) ?? []) if (blocked.has(other)) unblock(other);
      blockedBy.delete(node);
    };
    const walk = (node) => {
      let closed = false;
      stack.push(node);
      blocked.add(node);
      for (const n of next(node)) {
        if (found.length >= limit) break;
        if (n === start) {
          found.push([...stack]);
          closed = true;
        } else if (!blocked.has(n) && walk(n)) closed = true;
      }
      if (closed) unblock(node);
      else for (const n of next(node)) blockedBy.set(n, (blockedBy.get(n) ?? new Set()).add(node));
      stack.pop();
      return closed;
    };
    walk(start);
  }
  return found;
}

const TEST_FILE = /\.test\.(ts|tsx|mts)$/;

/**
 * area → areas it imports. A test file is no one's dependency: what it imports (the shared test
 * helpers of src/test/, which render the real providers) ties no area to another at run time.
 */
function areaGraph(files, area) {
  const graph = new Map();
  for (const [file, targets] of files) {
    const from = area(file);
    if (!graph.has(from)) graph.set(from, new Set());
    if (TEST_FILE.test(file)) continue;
    for (const target of targets) {
      const to = area(target);
      if (to !== from) graph.get(from).add(to);
    }
  }
  return graph;
}

const countOnly = process.argv.includes("--count");
let failed = false;
for (const tree of trees) {
  const dir = join(root, tree.dir);
  if (!existsSync(dir)) continue;
  const absolute = fileGraph(dir);
  const files = new Map(
    [...absolute].map(([file, targets]) => [
      relative(dir, file).split(sep).join("/"),
      new Set([...targets].map((t) => relative(dir, t).split(sep).join("/"))),
    ]),
  );
  const fileCircles = circles(files, 10_000);
  const areaCircles = circles(areaGraph(files, tree.area), 10_000);
  const more = (list) => (list.length >= 10_000 ? "10000+" : String(list.length));
  console.log(
    `${tree.dir}: ${files.size} files, ${more(fileCircles)} file circles, ${more(areaCircles)} area circles`,
  );
  if (countOnly) continue;
  for (const [kind, list] of [
    ["area", areaCircles],
    ["file", fileCircles],
  ]) {
    for (const circle of list.slice(0, MAX_LISTED))
      console.log(`  ${kind} circle: ${[...circle, circle[0]].join(" → ")}`);
    if (list.length > MAX_LISTED) console.log(`  … and ${list.length - MAX_LISTED} more ${kind} circles`);
  }
  if (fileCircles.length + areaCircles.length > 0) failed = true;
}
if (failed) {
  console.error("Import circles found: make the imports point one way (see docs/architecture.md).");
  process.exit(1);
}
