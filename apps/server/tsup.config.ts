import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    server: "src/server.ts",
    migrate: "src/migrate.ts",
    backup: "src/backup.ts",
    restore: "src/restore.ts",
    // The face detector's worker thread: started by the server from this file, next to server.js.
    "face-worker": "src/infra/faces/face-worker.ts",
    // The GeoPackage export's writer thread, likewise.
    "geopackage-worker": "src/modules/export/geopackage-worker.ts",
    // The GeoPackage import's reader thread, likewise.
    "geopackage-read-worker": "src/modules/poles/import/geopackage-read-worker.ts",
    // The HEIC decoder's worker thread, likewise.
    "heic-worker": "src/infra/images/heic-worker.ts",
    // The GPS tracks' thread (a GeoJSON file's parse, a stored track's placing), likewise.
    "track-worker": "src/modules/tracks/track-worker.ts",
  },
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  // Our own shared package ships TypeScript source, so it is bundled; npm dependencies stay external.
  noExternal: ["@poleatlas/shared"],
});
