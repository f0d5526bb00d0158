import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/shared", "apps/server", "apps/web", "apps/web/vitest.isolated.config.ts"],
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where the API
    // suite then runs a file at a time while it mostly waits on PostgreSQL, timers and child
    // processes. Three keep two cores busy through those waits; each server test file has its own
    // app, pool and database.
    maxWorkers: 3,
  },
});
