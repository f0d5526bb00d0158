/**
 * Are list, usage and regions fast with a million photos? Not a test (timings are not asserted):
 * a reproducible check whose output goes into reviews and docs/benchmarks.md-style notes.
 *
 *   npx tsx apps/server/test/scale/explain-at-scale.ts [rows=1000000]
 *
 * Uses SCALE_DATABASE_URL as it is when set (seeded once, kept: for trying indexes), else a fresh
 * database on TEST_DATABASE_URL's server, else on a throwaway embedded PostgreSQL. Inserts `rows` photos for one user (and a tenth as many for another, so the user
 * filter matters), ANALYZEs, then prints EXPLAIN (ANALYZE, BUFFERS) and median wall times of
 * the exact SQL the API runs (imageQueries).
 */
import { randomUUID } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PgDialect } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import pg from "pg";
import { connectDatabase, runMigrations } from "../../src/infra/db/database";
import { startEmbeddedPostgres } from "../../src/infra/db/embedded-postgres";
import { imageQueries } from "../../src/modules/photos/images.repository";

const ROWS = Number(process.argv[2] ?? 1_000_000);
const dialect = new PgDialect();

async function main() {
  let stop = async () => {};
  let url = process.env.SCALE_DATABASE_URL;
  if (!url) {
    let adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) {
      const dir = await mkdtemp(path.join(os.tmpdir(), "poleatlas-scale-"));
      await chmod(dir, 0o755);
      const embedded = await startEmbeddedPostgres(path.join(dir, "postgres"));
      adminUrl = embedded.url;
      stop = async () => {
        await embedded.stop();
        await rm(dir, { recursive: true, force: true });
      };
    }
    const name = `scale_${randomUUID().replaceAll("-", "")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const dbUrl = new URL(adminUrl);
    dbUrl.pathname = `/${name}`;
    url = dbUrl.toString();
    const stopServer = stop;
    stop = async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
      await stopServer();
    };
  }
  const database = connectDatabase(url, { max: 2 });
  try {
    await runMigrations(database);
    const pool = database.pool;
    const version = (await pool.query<{ server_version: string }>("SHOW server_version")).rows[0]
      ?.server_version;
    console.log(`PostgreSQL ${version}, ${os.cpus().length} CPUs`);
    const seeded = await pool.query(`SELECT 1 FROM "user" WHERE id = 'scale-user'`);
    if (seeded.rowCount === 0) {
      console.log(`inserting ${ROWS} rows…`);
      const t0 = performance.now();
      await seed(pool, "scale-user", ROWS);
      await seed(pool, "other-user", Math.ceil(ROWS / 10));
      await pool.query("VACUUM ANALYZE utility_pole_images");
      console.log(`seeded and analyzed in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    }
    const regions = await pool.query<{ region_lon: number; region_lat: number; count: number }>(
      toQuery(imageQueries.regions("scale-user")),
    );
    const target = regions.rows.reduce((best, r) =>
      Math.abs(r.count - 1000) < Math.abs(best.count - 1000) ? r : best,
    );
    console.log(`${regions.rows.length} regions; region used for ?region=: ${JSON.stringify(target)}\n`);

    const cases: [string, SQL, number][] = [
      ["GET /api/storage/usage", imageQueries.storage("scale-user", "scale-user"), 9],
      ["GET /api/regions", imageQueries.regions("scale-user"), 9],
      [
        `GET /api/images?region= (first page of ~${target.count} rows)`,
        imageQueries.page("scale-user", null, 1001, {
          region: { longitude: target.region_lon, latitude: target.region_lat },
        }),
        9,
      ],
      ["GET /api/images (first page)", imageQueries.page("scale-user", null, 1000), 9],
      [
        "GET /api/images (a page in the middle)",
        imageQueries.page(
          "scale-user",
          {
            date: "2021-06-01",
            created_at: "2000-01-01T00:00:00.000000Z",
            id: "00000000-0000-0000-0000-000000000000",
          },
          1000,
        ),
        9,
      ],
    ];
    const summary: string[] = [];
    for (const [label, query, runs] of cases) {
      const q = toQuery(query);
      const plan = await pool.query<{ "QUERY PLAN": string }>({
        text: `EXPLAIN (ANALYZE, BUFFERS) ${q.text}`,
        values: q.values,
      });
      console.log(`=== ${label}\n${plan.rows.map((r) => r["QUERY PLAN"]).join("\n")}\n`);
      const times: number[] = [];
      let rowCount = 0;
      for (let i = 0; i < runs; i += 1) {
        const start = performance.now();
        rowCount = (await pool.query(q)).rowCount ?? 0;
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)] ?? 0;
      summary.push(
        `${label.padEnd(44)} ${String(rowCount).padStart(8)} rows  median ${median.toFixed(1)} ms`,
      );
    }
    console.log(`=== wall time through node-postgres (query + transfer + parse)\n${summary.join("\n")}`);
  } finally {
    await database.close();
    await stop();
  }
}

function toQuery(query: SQL): { text: string; values: unknown[] } {
  const q = dialect.sqlToQuery(query);
  return { text: q.sql, values: q.params };
}

/**
 * `n` photos for one user: 90 % spread around 2,000 spots on all continents (±0.1°, so a few
 * regions each: ~10k regions in all), 10 % in 100 dense spots (±0.04°, ~1,000 photos per region
 * at 1M rows); 2 % without GPS,
 * 3 % without a date; dates over five years; 1–5 MB each.
 */
async function seed(pool: pg.Pool, userId: string, n: number) {
  await pool.query(
    `INSERT INTO "user" (id, name, email, email_verified) VALUES ($1, '', $1 || '@example.test', true)`,
    [userId],
  );
  await pool.query(
    `INSERT INTO utility_pole_images
       (user_id, storage_key, thumbnail_key, name, date, created_at, latitude, longitude, file_size, metadata)
     SELECT $1, 'utility-poles/' || $1 || '/' || g || '.jpg', 'utility-poles/' || $1 || '/thumbnails/' || g || '.webp',
            'pole-' || g || '.jpg',
            CASE WHEN random() < 0.03 THEN NULL ELSE date '2020-01-01' + (random() * 1800)::int END,
            now() - random() * interval '1000 days',
            CASE WHEN s.nogps THEN NULL ELSE s.lat END,
            CASE WHEN s.nogps THEN NULL ELSE s.lon END,
            1000000 + (random() * 4000000)::int,
            jsonb_build_object('filename', 'pole-' || g || '.jpg', 'fileType', 'image/jpeg', 'fileSize', 1,
                               'latitude', s.lat, 'longitude', s.lon, 'timestamp', now(), 'lastModified', null)
     FROM generate_series(1, $2) g
     CROSS JOIN LATERAL (
       SELECT random() < 0.02 AS nogps,
              CASE WHEN g % 10 = 0
                THEN ((g / 10) % 100) * 1.7 - 85 + (random() * 0.08 - 0.04)
                ELSE ((g::bigint * 7919) % 2000) * 0.084 - 84 + (random() * 0.2 - 0.1) END AS lat,
              CASE WHEN g % 10 = 0
                THEN ((g / 10) % 100) * 3.5 - 175 + (random() * 0.08 - 0.04)
                ELSE ((g::bigint * 104729) % 2000) * 0.179 - 179 + (random() * 0.2 - 0.1) END AS lon
     ) s`,
    [userId, n],
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
