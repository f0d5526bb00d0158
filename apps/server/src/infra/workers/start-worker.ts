/**
 * Starts a worker thread from a module beside its caller: the bundled `<name>.js` next to
 * server.js, or, run from the source (tsx, vitest), `<name>.ts` through tsx's loader, which a
 * worker thread does not inherit.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/** `near`: the caller's `import.meta.url`; `name`: the worker module's file name without extension. */
export function startWorker(near: string, name: string, workerData: unknown): Worker {
  if (!near.endsWith(".ts")) return new Worker(new URL(`./${name}.js`, near), { workerData });
  // tsx's loader API as an ES module (Node's resolver hands out its CommonJS twin beside it).
  const tsx = pathToFileURL(
    createRequire(near)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  const source = new URL(`./${name}.ts`, near).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(boot, { eval: true, workerData });
}
