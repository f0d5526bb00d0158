import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/server.ts", "src/migrate.ts", "src/backup.ts", "src/restore.ts"],
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  // Our own shared package ships TypeScript source, so it is bundled; npm dependencies stay external.
  noExternal: ["@poleatlas/shared"],
});
