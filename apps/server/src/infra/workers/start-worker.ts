/**
 * Starts one of our worker threads: the bundled `<name>.js` next to server.js, or, run from the
 * source (tsx, vitest), `<name>.ts` through tsx's loader, which a worker thread does not inherit.
 * `from` is the import.meta.url of the module beside the worker's file.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

export function startWorker(from: string, name: string, workerData: unknown): Worker {
  if (!from.endsWith(".ts")) return new Worker(new URL(`./${name}.js`, from), { workerData });
  // tsx's loader API as an ES module (Node's resolver hands out its CommonJS twin beside it).
  const tsx = pathToFileURL(
    createRequire(from)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  const source = new URL(`./${name}.ts`, from).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(boot, { eval: true, workerData });
}
