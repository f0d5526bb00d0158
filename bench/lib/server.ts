/** The built server as a child process on a free port with its own data, for measurements. */
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  makeDataDir,
  startServerProcess,
  type ServerProcess,
} from "../../apps/server/test/helpers/server-process";

export { makeDataDir };
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function startServer(
  opts: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  return startServerProcess({
    entry: path.join(repoRoot, "apps/server/dist/server.js"),
    dataDir: opts.dataDir,
    // The test build: the globe benchmark drives the page through its test hook.
    env: { WEB_DIST_DIR: path.join(repoRoot, "apps/web/dist-test"), ...opts.env },
  });
}

/**
 * The browser benches' server: its own data folder, the web build WEB_DIST_DIR names (else the
 * test build) and the bench settings; `stop` also removes the folder.
 */
export async function startBrowserBenchServer(prefix: string, env: Record<string, string>) {
  const dataDir = await makeDataDir(prefix);
  const web = process.env.WEB_DIST_DIR;
  const server = await startServer({
    dataDir,
    env: { ...env, ...(web ? { WEB_DIST_DIR: path.resolve(repoRoot, web) } : {}) },
  });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
