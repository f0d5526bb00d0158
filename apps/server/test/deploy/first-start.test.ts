/**
 * The first start on a fresh data folder, with every setting docs/configuration.md documents
 * given a value: the server comes up, migrated, and answers. Building the app reads tables (the
 * administrators' check of ADMIN_EMAILS), so the migrations must run before it.
 */
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverRoot } from "../../src/paths";
import { startSmtpServer, type TestSmtpServer } from "../auth/mail-helpers";
import { makeDataDir, startServerProcess, type ServerProcess } from "../helpers/server-process";

/** The variables the configuration page lists, the tests' own excepted. */
async function documentedVariables(): Promise<string[]> {
  const page = await readFile(path.join(serverRoot, "../../docs/configuration.md"), "utf8");
  const served = page.slice(0, page.indexOf("## Tests only"));
  return [...served.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1] ?? "");
}

let smtp: TestSmtpServer;
let dataDir = "";
let server: ServerProcess | undefined;

beforeAll(async () => {
  smtp = await startSmtpServer();
  dataDir = await makeDataDir("poleatlas-first-start-");
});
afterAll(async () => {
  await server?.stop();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("the first start", () => {
  it("comes up on a fresh data folder with every documented setting given", async () => {
    // HOST, PORT, PUBLIC_URL, DATA_DIR, DATABASE_URL (empty: the embedded PostgreSQL of the new
    // folder) and WEB_DIST_DIR are the process helper's; the rest are set here. The S3 settings
    // are read and checked, and unused with STORAGE=local.
    const env: Record<string, string> = {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      MIGRATE_ON_START: "true",
      REQUEST_TIMEOUT_SECONDS: "120",
      READER_STALL_SECONDS: "20",
      CSP_IMAGERY_ORIGINS: "https://tile.openstreetmap.org",
      STORAGE: "local",
      FILES_DIR: path.join(dataDir, "photos"),
      S3_ENDPOINT: "http://127.0.0.1:9",
      S3_BUCKET: "utility-poles",
      S3_REGION: "eu-central-1",
      S3_ACCESS_KEY_ID: "unused-access-key",
      S3_SECRET_ACCESS_KEY: "unused-secret-key",
      S3_FORCE_PATH_STYLE: "true",
      S3_SERVE: "proxy",
      S3_SIGNED_URL_SECONDS: "120",
      SPOT_RADIUS_METERS: "12",
      POLE_IMPORT_MAX_MB: "64",
      POLE_IMPORT_BATCH_ROWS: "1000",
      POLE_IMPORT_GEOJSON_MAX_MB: "128",
      POLE_IMPORT_UNZIPPED_MAX_MB: "256",
      POLE_IMPORT_ZIP_MAX_RATIO: "50",
      POLE_IMPORT_GPKG_MAX_ROWS: "1000000",
      POLE_IMPORT_GPKG_MAX_SECONDS: "60",
      BASEMAPS: JSON.stringify([
        { name: "Orthophoto", type: "xyz", url: "https://tiles.example.test/{z}/{x}/{y}.png" },
      ]),
      DEFAULT_BASEMAP: "Orthophoto",
      BETTER_AUTH_SECRET: "a-first-start-secret-of-enough-length-0123",
      REQUIRE_EMAIL_VERIFICATION: "true",
      TRUSTED_ORIGINS: "https://atlas.example.test",
      TRUST_PROXY: "127.0.0.1",
      RESET_TOKEN_TTL_SECONDS: "1800",
      AUTH_RATE_LIMIT_MAX: "20",
      AUTH_RATE_LIMIT_WINDOW_SECONDS: "60",
      API_KEY_RATE_LIMIT_MAX: "500",
      API_KEY_RATE_LIMIT_WINDOW_SECONDS: "60",
      AUTH_ACCOUNT_LOCK_MAX: "8",
      AUTH_ACCOUNT_LOCK_WINDOW_SECONDS: "600",
      AUTH_ACCOUNT_LOCK_SECONDS: "600",
      ADMIN_EMAILS: "admin@example.test, Chief@Example.test",
      TEAM_QUOTA_BYTES: String(100 * 1024 * 1024),
      SMTP_URL: smtp.url,
      MAIL_FROM: "PoleAtlas <atlas@example.test>",
      DEV_MAILBOX: "false",
      DEV_MAILBOX_KEY: "a-dev-mailbox-key-0123456789",
      MAIL_RETRY_LIMIT: "3",
      MAIL_RETRY_DELAY_SECONDS: "2",
      ORPHAN_GRACE_MINUTES: "15",
      ORPHAN_SWEEP_CRON: "*/15 * * * *",
      JOBS_POLL_SECONDS: "2",
      ALERT_DIGEST_TIME: "05:30",
      REPORT_MAX_PHOTOS: "100",
    };
    const fromHelper = ["HOST", "PORT", "PUBLIC_URL", "DATA_DIR", "DATABASE_URL", "WEB_DIST_DIR"];
    const missing = (await documentedVariables()).filter((v) => !(v in env) && !fromHelper.includes(v));
    expect(missing, "documented settings this start does not give").toEqual([]);

    server = await startServerProcess({ env, dataDir, startTimeoutMs: 90_000 });
    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(server.log()).not.toMatch(/start-up failed/);
  }, 120_000);
});
