/**
 * A utility's tile server for the basemap test: any /tiles/{z}/{x}/{y}.png answers one
 * small green PNG made here. It runs beside the app for the whole e2e run, so BASEMAPS can name it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

export const E2E_BASEMAP = "Utility orthophoto (e2e)";

export async function startTileServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#2e7d32" } })
    .png()
    .toBuffer();
  const server = http.createServer((req, res) => {
    const ok = /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(req.url ?? "");
    res.writeHead(ok ? 200 : 404, {
      "content-type": ok ? "image/png" : "text/plain",
      "access-control-allow-origin": "*",
    });
    res.end(ok ? tile : "not a tile");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
