/**
 * One PostgreSQL per test run: TEST_DATABASE_URL when given, otherwise a fresh embedded cluster
 * in a temporary folder that is removed afterwards. Each test file then makes its own database,
 * as a copy of one migrated here once (copying is about three times quicker than migrating, and
 * the suite makes a database per file).
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../src/infra/db/embedded-postgres";
import { createTemplateDatabase } from "./helpers/template-database";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** The migrated database each test database is copied from. */
    templateDatabase: string;
  }
}

/**
 * A test cluster is thrown away after the run, so nothing need survive a crash: without the
 * flushes to disk, creating each file's database and every commit cost far less.
 */
export const NO_DURABILITY = { fsync: "off", synchronous_commit: "off", full_page_writes: "off" };

export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide("adminDatabaseUrl", external);
    const template = await createTemplateDatabase(external);
    project.provide("templateDatabase", template.name);
    return template.drop;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-test-pg-"));
  // mkdtemp makes the folder 0700; as root, PostgreSQL runs as another user and must enter it.
  await chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres(path.join(dir, "postgres"), undefined, undefined, {
    settings: NO_DURABILITY,
  });
  project.provide("adminDatabaseUrl", pg.url);
  const template = await createTemplateDatabase(pg.url);
  project.provide("templateDatabase", template.name);
  return async () => {
    await template.drop();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
