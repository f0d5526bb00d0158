/**
 * 6. Register import at scale: a generated CSV of N poles (each with a tag and the register's
 * columns, in a 1 km grid of streets) POSTed to /api/poles/import as one multipart upload streamed
 * from disk, the way a browser sends a file. The register is in State Plane feet (EPSG:2227, sent
 * as `crs`), as US utilities export it: every row is reprojected. Rows per second over the whole request (upload,
 * parse, check, write) and the server's RSS growth while it runs (target ≥ 20,000 rows/s, < 200 MB).
 * POLE_IMPORT_BENCH_ROWS chooses N (default 1,000,000; 100,000 with --quick).
 */
import { createReadStream, createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { once } from "node:events";
import { signedInClient } from "./lib/client";
import { withBenchServer } from "./lib/bench-server";
import { whileSamplingRss } from "./lib/rss";

export interface PoleImportBenchResult {
  rows: number;
  fileMB: number;
  seconds: number;
  rowsPerSec: number;
  rssBeforeMB: number;
  rssPeakMB: number;
  rssGrowthMB: number;
  created: number;
  rejected: number;
}

const MATERIALS = ["wood", "steel", "concrete", "composite"];

/** The register's coordinate system. */
const REGISTER_CRS = "EPSG:2227";

/**
 * The register as a utility's GIS writes it: one pole a line, 20 ft (6 m) apart along streets
 * 160 ft apart, in State Plane feet east of San Francisco Bay.
 */
async function writeRegister(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  out.write("pole_id,easting,northing,material,height_m,class,installed_year,circuit,owner\n");
  let chunk = "";
  for (let i = 1; i <= rows; i++) {
    const x = (6_050_000 + (i % 2000) * 20).toFixed(2);
    const y = (2_000_000 + Math.floor(i / 2000) * 160).toFixed(2);
    chunk += `P-${i},${x},${y},${MATERIALS[i % 4]},${10 + (i % 8)},${1 + (i % 6)},${1950 + (i % 70)},C-${i % 400},Utility\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "finish");
}

/** The file as the one part of a multipart/form-data body, streamed with node:http. */
function postFile(url: string, origin: string, cookie: string, file: string, size: number) {
  const boundary = `----poleatlas${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="register.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(url, {
      method: "POST",
      headers: {
        cookie,
        origin,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": head.length + size + tail.length,
      },
    });
    req.once("error", reject);
    req.once("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.once("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.once("error", reject);
    });
    req.write(head);
    const body = createReadStream(file);
    body.once("error", reject);
    body.on("end", () => req.end(tail));
    body.pipe(req, { end: false });
  });
}

export async function benchPoleImport(defaultRows: number): Promise<PoleImportBenchResult> {
  const rows = Number(process.env.POLE_IMPORT_BENCH_ROWS ?? defaultRows);
  return withBenchServer(
    "poleatlas-bench-pole-import-",
    { POLE_IMPORT_MAX_MB: "10240" },
    async ({ server, dir }) => {
      const file = path.join(dir, "register.csv");
      await writeRegister(file, rows);
      const size = (await stat(file)).size;
      const client = await signedInClient(server.url);
      const pid = server.child.pid!;
      const url = `${server.url}/api/poles/import?crs=${REGISTER_CRS}`;
      const { result: res, ...r } = await whileSamplingRss(pid, 100, () =>
        postFile(url, server.url, client.cookie, file, size),
      );
      if (res.status !== 200) throw new Error(`import: ${res.status} ${res.body.slice(0, 300)}`);
      const answer = JSON.parse(res.body) as { created: number; rejected_count: number };
      return {
        rows,
        fileMB: size / 2 ** 20,
        ...r,
        rowsPerSec: rows / r.seconds,
        created: answer.created,
        rejected: answer.rejected_count,
      };
    },
  );
}
