import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built SPA. Unknown non-API GET paths answer index.html so client routes
 * (/map, /login…) survive a reload; /api and /files keep their JSON 404s.
 */
export async function registerWeb(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(path.join(distDir, "index.html"))) {
    app.log.warn({ distDir }, "web build not found: run `npm run build` to serve the app");
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    // @fastify/static 10 hands setHeaders the Fastify reply, not the raw response.
    setHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
      // Vite's hashed assets never change under the same name; everything else is revalidated.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  app.get("/*", (req, reply) => {
    const url = req.url.split("?")[0] ?? "/";
    if (url.startsWith("/api/") || url.startsWith("/files/") || path.extname(url) !== "") {
      return reply.callNotFound();
    }
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });
}
