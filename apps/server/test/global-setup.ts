/**
 * One PostgreSQL per test run: TEST_DATABASE_URL when given, otherwise a fresh embedded cluster
 * in a temporary folder that is removed afterwards. Each test file then makes its own database.
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../src/infra/db/embedded-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide("adminDatabaseUrl", external);
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-test-pg-"));
  // mkdtemp makes the folder 0700; as root, PostgreSQL runs as another user and must enter it.
  await chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres(path.join(dir, "postgres"));
  project.provide("adminDatabaseUrl", pg.url);
  return async () => {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
