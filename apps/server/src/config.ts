/**
 * Reads and validates the environment once. Nothing else in the server reads process.env.
 * Defaults give a newcomer a working app with no accounts or keys.
 */
import path from "node:path";
import {
  basemapOrigin,
  basemapSchema,
  BUILTIN_BASEMAPS,
  DEFAULT_SPOT_RADIUS_METERS,
  MAX_QUOTA_BYTES,
  STORAGE_BUCKET,
  STORAGE_QUOTA_BYTES,
  type Basemap,
} from "@poleatlas/shared";
import { z } from "zod";
import type { StorageConfig } from "./infra/storage/create-storage";

/** The online base layers the globe's layer picker offers (apps/web/src/globe/viewer-setup.ts). */
const DEFAULT_IMAGERY_ORIGINS = ["https://tile.openstreetmap.org", "https://services.arcgisonline.com"];

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  PUBLIC_URL: z.url().optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  MIGRATE_ON_START: z.enum(["true", "false"]).default("true"),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(300),
  READER_STALL_SECONDS: z.coerce.number().int().min(1).default(30),
  // Accounts and mail.
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  REQUIRE_EMAIL_VERIFICATION: z.enum(["true", "false"]).default("true"),
  TRUSTED_ORIGINS: z
    .string()
    .transform((s) => s.split(",").map((o) => o.trim().replace(/\/$/, "")))
    .pipe(z.array(z.url()))
    .optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+|[0-9a-fA-F.:/, ]+)$/, "must be true, false, a hop count or proxy addresses")
    .default("false"),
  RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).default(3600),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  API_KEY_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1000),
  API_KEY_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  AUTH_ACCOUNT_LOCK_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_ACCOUNT_LOCK_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  AUTH_ACCOUNT_LOCK_SECONDS: z.coerce.number().int().min(1).default(900),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("PoleAtlas <no-reply@poleatlas.localhost>"),
  DEV_MAILBOX: z.enum(["auto", "true", "false"]).default("auto"),
  // Unset: derived from the auth secret (stable for a data folder) and logged at start.
  DEV_MAILBOX_KEY: z.string().min(16, "must be at least 16 characters").optional(),
  // Map imagery hosts the Content-Security-Policy lets the globe load tiles from.
  CSP_IMAGERY_ORIGINS: z
    .string()
    .transform((s) =>
      s
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url().transform((u) => new URL(u).origin)))
    .default(DEFAULT_IMAGERY_ORIGINS),
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(2),
  // Background jobs.
  ORPHAN_GRACE_MINUTES: z.coerce.number().min(1).default(10),
  // How often each process asks PostgreSQL for a due recurring job (pg-boss allows 0.5 at least).
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5, "must be at least 0.5").max(300).default(5),
  // Poles: a photo joins the nearest pole of its owner within this many metres.
  SPOT_RADIUS_METERS: z.coerce.number().min(0).max(1000).default(DEFAULT_SPOT_RADIUS_METERS),
  // The pole register's import: the largest file, and how many rows commit together.
  POLE_IMPORT_MAX_MB: z.coerce.number().int().min(1).max(10240).default(1024),
  POLE_IMPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(100000).default(5000),
  // What a zipped Shapefile may unpack to (its parts together, and as a multiple of the zip), and
  // the largest GeoJSON register (read feature by feature, but a register that large comes as CSV).
  POLE_IMPORT_UNZIPPED_MAX_MB: z.coerce.number().int().min(1).max(10240).default(512),
  POLE_IMPORT_ZIP_MAX_RATIO: z.coerce.number().int().min(2).max(1000).default(100),
  POLE_IMPORT_GEOJSON_MAX_MB: z.coerce.number().int().min(1).max(10240).default(256),
  // A GeoPackage layer's most rows, and the most time its reading may take (SQLite's own work on
  // the file, on a thread of its own: the import's database writes do not count).
  POLE_IMPORT_GPKG_MAX_ROWS: z.coerce.number().int().min(1).max(100_000_000).default(2_000_000),
  POLE_IMPORT_GPKG_MAX_SECONDS: z.coerce.number().min(0.1).max(3600).default(120),
  // The region report embeds the photos of at most this many open findings (its pages are kept in
  // memory until numbered).
  REPORT_MAX_PHOTOS: z.coerce.number().int().min(0).max(2000).default(200),
  // Teams: instance administrators, who may set anyone's quota. A comma list of e-mails.
  ADMIN_EMAILS: z
    .string()
    .transform((s) =>
      s
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .default([]),
  // A team's storage pool unless an instance administrator sets one for it. The spec's 50 MB by
  // default: anyone may create teams, so a larger default would hand out storage by the team.
  TEAM_QUOTA_BYTES: z.coerce.number().int().min(1).max(MAX_QUOTA_BYTES).default(STORAGE_QUOTA_BYTES),
  // Basemaps: the utility's own imagery layers for the globe's picker, a JSON list.
  BASEMAPS: z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "must be a JSON list of basemaps" });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(basemapSchema)
        .refine((list) => new Set(list.map((b) => b.name)).size === list.length, "names must be unique"),
    )
    .default([]),
  DEFAULT_BASEMAP: z.string().trim().min(1).default(BUILTIN_BASEMAPS[0]),
  ORPHAN_SWEEP_CRON: z
    .string()
    .regex(/^\S+( \S+){4}$/, "must be a five-field cron expression")
    .default("*/30 * * * *"),
  // The daily digest of findings due soon: the time of day it goes out, in UTC.
  ALERT_DIGEST_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day as HH:MM (UTC), e.g. 06:00")
    .default("06:00"),
  // Photo files.
  STORAGE: z.enum(["local", "s3"]).default("local"),
  FILES_DIR: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a valid bucket name")
    .default(STORAGE_BUCKET),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  S3_SERVE: z.enum(["redirect", "proxy"]).default("redirect"),
  S3_SIGNED_URL_SECONDS: z.coerce.number().int().min(1).max(604_800).default(300),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()) {
  // Empty strings count as unset, the way shells and .env files usually mean them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".") || "(env)"}: ${i.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const storage = storageConfig(e, dataDir, cwd);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedPostgresDir: path.join(dataDir, "postgres"),
    publicUrl,
    /** Whether PUBLIC_URL was given, not defaulted (see checkCanServe). */
    publicUrlSet: e.PUBLIC_URL !== undefined,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(cwd, e.WEB_DIST_DIR) : undefined,
    // Several processes on one database must not race on migrations: run `npm run migrate` once
    // and start them with MIGRATE_ON_START=false.
    migrateOnStart: e.MIGRATE_ON_START === "true",
    /** A request (an upload's whole body included) must arrive within this; then 408. */
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    /**
     * A list answer or an export whose reader takes no byte for this long is ended, so it gives
     * back its turn and its database connection.
     */
    readerStallMs: e.READER_STALL_SECONDS * 1000,
    // req.ip comes from X-Forwarded-For only when this says so; rate limits key on req.ip.
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    auth: {
      /** Unset → generated once and kept in DATA_DIR/auth-secret. */
      secret: e.BETTER_AUTH_SECRET,
      secretFile: path.join(dataDir, "auth-secret"),
      requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION === "true",
      // Outside production a newcomer may open the app by any loopback name the log or a habit
      // suggests; these are the same server, so the same port on each is trusted too.
      trustedOrigins: [
        ...new Set([
          publicUrl,
          ...(e.TRUSTED_ORIGINS ?? []),
          ...(e.NODE_ENV !== "production" && e.PORT !== 0 ? loopbackOrigins(e.PORT) : []),
        ]),
      ],
      resetTokenTtlSeconds: e.RESET_TOKEN_TTL_SECONDS,
      rateLimit: { windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS, max: e.AUTH_RATE_LIMIT_MAX },
      apiKeyRateLimit: { windowSeconds: e.API_KEY_RATE_LIMIT_WINDOW_SECONDS, max: e.API_KEY_RATE_LIMIT_MAX },
      /** Failed sign-ins for one e-mail address, from any client addresses, before it is locked. */
      accountLock: {
        max: e.AUTH_ACCOUNT_LOCK_MAX,
        windowSeconds: e.AUTH_ACCOUNT_LOCK_WINDOW_SECONDS,
        lockSeconds: e.AUTH_ACCOUNT_LOCK_SECONDS,
      },
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: path.join(dataDir, "mail"),
      /** pg-boss retries: after `delaySeconds`, then about twice as long each time. */
      retry: { limit: e.MAIL_RETRY_LIMIT, delaySeconds: e.MAIL_RETRY_DELAY_SECONDS },
      // The dev mailbox shows every message to anyone who can reach it: by default only while
      // mail stays in the outbox, the server listens on loopback, and it is not production (a
      // reverse proxy on the same host would reach a loopback listener too).
      devMailbox:
        !e.SMTP_URL &&
        (e.DEV_MAILBOX === "true" ||
          (e.DEV_MAILBOX === "auto" && isLoopbackHost(e.HOST) && e.NODE_ENV !== "production")),
      /** The mailbox answers only `?key=` this (see auth-module's devMailboxKey). */
      devMailboxKey: e.DEV_MAILBOX_KEY,
    },
    security: {
      imageryOrigins: [...new Set([...e.CSP_IMAGERY_ORIGINS, ...e.BASEMAPS.map(basemapOrigin)])],
      photoOrigins: photoOrigins(storage),
    },
    basemaps: { list: e.BASEMAPS, default: defaultBasemap(e.BASEMAPS, e.DEFAULT_BASEMAP) },
    storage,
    /** Uploads stream here first; next to the files folder, so moving one in is a rename. */
    uploadTmpDir: path.join(dataDir, "tmp"),
    spotRadiusMeters: e.SPOT_RADIUS_METERS,
    poleImport: {
      maxBytes: e.POLE_IMPORT_MAX_MB * 1024 * 1024,
      batchRows: e.POLE_IMPORT_BATCH_ROWS,
      unzippedMaxBytes: e.POLE_IMPORT_UNZIPPED_MAX_MB * 1024 * 1024,
      zipMaxRatio: e.POLE_IMPORT_ZIP_MAX_RATIO,
      geojsonMaxBytes: e.POLE_IMPORT_GEOJSON_MAX_MB * 1024 * 1024,
      gpkgMaxRows: e.POLE_IMPORT_GPKG_MAX_ROWS,
      gpkgMaxMs: e.POLE_IMPORT_GPKG_MAX_SECONDS * 1000,
    },
    reportMaxPhotos: e.REPORT_MAX_PHOTOS,
    /** Lower-case e-mail addresses of instance administrators. */
    adminEmails: e.ADMIN_EMAILS,
    /** A team's pool where no instance administrator set one (a personal workspace has the spec's 50 MB). */
    teamQuotaBytes: e.TEAM_QUOTA_BYTES,
    jobs: {
      /** Stored files younger than this are never orphans: their upload may not have committed yet. */
      orphanGraceMs: e.ORPHAN_GRACE_MINUTES * 60_000,
      orphanSweepCron: e.ORPHAN_SWEEP_CRON,
      /** How long a due recurring job may wait for a process to pick it up. */
      pollSeconds: e.JOBS_POLL_SECONDS,
      /** HH:MM (UTC): when each assignee's digest of findings due soon or overdue goes out. */
      alertDigestTime: e.ALERT_DIGEST_TIME,
      // A temp file untouched for longer than a whole request may take, plus a margin for the
      // checks after the body arrived, belongs to an upload that died.
      tempFileMaxAgeMs: e.REQUEST_TIMEOUT_SECONDS * 1000 + 120_000,
    },
  };
}

/** DEFAULT_BASEMAP must name a layer the picker has: a built-in one or a configured one. */
function defaultBasemap(list: Basemap[], name: string): string {
  const names: string[] = [...BUILTIN_BASEMAPS, ...list.map((b) => b.name)];
  if (!names.includes(name)) {
    throw new ConfigError([`DEFAULT_BASEMAP: "${name}" is none of the basemaps (${names.join(", ")})`]);
  }
  return name;
}

function storageConfig(e: z.infer<typeof envSchema>, dataDir: string, cwd: string): StorageConfig {
  if (e.STORAGE === "local") {
    const rootDir = e.FILES_DIR ? path.resolve(cwd, e.FILES_DIR) : path.join(dataDir, "files");
    return { kind: "local", rootDir, bucket: STORAGE_BUCKET };
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(["S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together"]);
  }
  return {
    kind: "s3",
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    // S3-compatible servers (MinIO, Ceph, s3rver…) mostly want path-style; AWS wants virtual hosts.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === "true" : Boolean(e.S3_ENDPOINT),
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    serveMode: e.S3_SERVE,
    signedUrlSeconds: e.S3_SIGNED_URL_SECONDS,
  };
}

/**
 * Where browsers fetch photos from besides our own origin: with S3_SERVE=redirect, /files/… answers
 * a 302 to a signed URL on the bucket's host, and the Content-Security-Policy must allow it.
 */
function photoOrigins(storage: StorageConfig): string[] {
  if (storage.kind !== "s3" || storage.serveMode !== "redirect") return [];
  if (storage.endpoint) {
    const url = new URL(storage.endpoint);
    return [storage.forcePathStyle ? url.origin : `${url.protocol}//${storage.bucket}.${url.host}`];
  }
  const aws = `s3.${storage.region}.amazonaws.com`;
  return [storage.forcePathStyle ? `https://${aws}` : `https://${storage.bucket}.${aws}`];
}

/** Fastify's trustProxy: all hops, none, a hop count (as its function form), or proxy addresses. */
function parseTrustProxy(value: string): boolean | string | ((address: string, hop: number) => boolean) {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.replace(/\s+/g, "");
}

const loopbackOrigins = (port: number) =>
  ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${port}`);

/**
 * A production server sends mail links built from PUBLIC_URL and sets the cookies' Secure flag
 * from it, so it must be given, and be https unless it names this machine (the production build
 * tried out locally). Checked where the server starts, not in loadConfig: the backup and restore
 * commands read the same settings and need no address.
 */
export function checkCanServe(config: Config): void {
  if (config.env !== "production") return;
  if (!config.publicUrlSet) {
    throw new ConfigError([
      "PUBLIC_URL: must be set when NODE_ENV=production (the address users open, e.g. https://atlas.example.com)",
    ]);
  }
  const { protocol, hostname } = new URL(config.publicUrl);
  if (protocol !== "https:" && !isLoopbackHost(hostname.replace(/^\[|\]$/g, ""))) {
    throw new ConfigError([
      `PUBLIC_URL: must start with https:// when NODE_ENV=production (sign-in cookies would travel unencrypted to ${hostname})`,
    ]);
  }
}

function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}
