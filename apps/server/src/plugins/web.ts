import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Paths under the build that never change under the same URL: Vite's hashed assets and Cesium's
 * static files under /cesium/<version>/ (see apps/web/vite.config.ts).
 */
const IMMUTABLE_DIRS = ["assets", "cesium"];

/**
 * Serves the built SPA. Unknown non-API GET paths answer index.html so client routes
 * (/map, /login…) survive a reload; /api, /files and /ogc keep their JSON 404s. The build carries a
 * brotli and a gzip copy of each compressible file (apps/web/scripts/precompress.mjs): the one the
 * browser accepts is sent (brotli first) with Vary: Accept-Encoding, else the file itself.
 */
export async function registerWeb(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(path.join(distDir, "index.html"))) {
    app.log.warn({ distDir }, "web build not found: run `npm run build` to serve the app");
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    preCompressed: true,
    // @fastify/static 10 hands setHeaders the Fastify reply, not the raw response.
    setHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
      // filePath may be the .br/.gz copy; it lies in the same folder as the file asked for.
      const top = path.relative(distDir, filePath).split(path.sep)[0] ?? "";
      const immutable = IMMUTABLE_DIRS.includes(top);
      reply.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  app.get("/*", (req, reply) => {
    const url = req.url.split("?")[0] ?? "/";
    if (
      url.startsWith("/api/") ||
      url.startsWith("/files/") ||
      url.startsWith("/ogc/") ||
      path.extname(url) !== ""
    ) {
      return reply.callNotFound();
    }
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });
}
