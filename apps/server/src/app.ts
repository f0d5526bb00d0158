import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database } from "./infra/db/database";
import type { LoggerOptions } from "./logging";
import { requestLogSerializers } from "./log-redaction";
import { createMailer } from "./infra/mail/create-mailer";
import { recurringJobs } from "./infra/jobs/background-jobs";
import { scheduleRecurring, startBoss, stopBoss } from "./infra/jobs/job-runner";
import type { Storage } from "./infra/storage/storage";
import { createAuthModule } from "./modules/auth/auth-module";
import { AUTH_BASE_PATH } from "./modules/auth/auth";
import { authRoutes } from "./modules/auth/auth.routes";
import { healthRoutes, readinessRoutes } from "./modules/health/health.routes";
import { createApiKeys } from "./modules/api-keys/api-keys.module";
import { registerOgc } from "./modules/ogc/ogc.module";
import { registerSettings } from "./modules/settings/settings.module";
import { registerWorkspaces } from "./modules/workspaces/workspaces.module";
import { registerBasemaps } from "./modules/basemaps/basemaps.routes";
import { registerAdmin } from "./modules/admin/admin.module";
import { registerAudit } from "./modules/audit/audit.module";
import { createTeamChangeRecorder } from "./modules/audit/team-changes";
import { registerExport } from "./modules/export/export.module";
import { registerInvitationTeam } from "./modules/invitations/invitation-team.routes";
import { registerBlur } from "./modules/blur/blur.module";
import { registerMeasurements } from "./modules/measurements/measurements.module";
import { registerPhotos } from "./modules/photos/photos.module";
import { registerResumableUploads } from "./modules/resumable-uploads/resumable-uploads.module";
import { registerUploads } from "./modules/uploads/uploads.module";
import { createRequestLimits } from "./infra/limits/request-limits";
import { registerPoles } from "./modules/poles/poles.module";
import { registerApiReference, registerOpenApi } from "./modules/openapi/openapi.module";
import { registerInspections } from "./modules/inspections/inspections.module";
import { registerLoading } from "./modules/loading/loading.module";
import { registerTracks } from "./modules/tracks/tracks.module";
import { createEventsPublisher, registerEvents } from "./modules/events/events.module";
import { DEV_MAILBOX_PATH, devMailboxRoutes } from "./modules/mail/dev-mailbox.routes";
import { registerAlerts } from "./modules/alerts/alerts.module";
import { defaultWebDistDir } from "./paths";
import { registerCompression } from "./plugins/compression";
import { registerErrorHandler } from "./plugins/error-handler";
import { registerOriginCheck } from "./plugins/origin-check";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { registerUnstorableTextCheck } from "./plugins/unstorable-text";
import { registerWeb } from "./plugins/web";
import { utcToday, type Today } from "./modules/inspections/clock";

/** Longer than Fastify's keep-alive timeout (72 s), so idle keep-alive sockets end the usual way. */
const CONNECTION_IDLE_TIMEOUT_MS = 120_000;

export interface AppDeps {
  config: Config;
  database: Database;
  /** The photo storage; by default the one config.storage describes (tests wrap it). */
  storage?: Storage;
  /** How to log; by default JSON lines at config.logLevel (server.ts picks per terminal). */
  logger?: LoggerOptions;
  /** Why the database is down when we know it (the embedded PostgreSQL exited): /api/health says it. */
  databaseDown?: () => string | undefined;
  /** Today's date for the inspection rules; tests set their own. */
  today?: Today;
  /** How often open event streams check that their key or session still holds (tests shorten it). */
  eventsCredentialCheckMs?: number;
}

/** Builds the whole HTTP app without listening, so tests can `inject` into it. */
export async function buildApp({
  config,
  database,
  storage,
  logger,
  databaseDown,
  today = utcToday,
  eventsCredentialCheckMs,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // Request lines carry the URL with its credentials (keys, reset tokens) replaced.
    logger: { ...(logger ?? { level: config.logLevel }), serializers: requestLogSerializers },
    // Every log line of a request carries its id; clients and proxies see it as X-Request-Id.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // req.ip (rate limits, logs) follows X-Forwarded-For only when TRUST_PROXY says so.
    trustProxy: config.trustProxy,
    // A stalled or trickling upload must not hold a socket (and a temp file) forever: the whole
    // request has to arrive within requestTimeout (then 408), and a socket silent for
    // CONNECTION_IDLE_TIMEOUT_MS is closed. Node checks requestTimeout every
    // connectionsCheckingInterval (30 s by default), so short timeouts get a finer check; and a
    // requestTimeout below headersTimeout (60 s by default) never fired here (measured, Node 20).
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: CONNECTION_IDLE_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, config.requestTimeoutMs / 4)),
    },
  });
  // Routes declare params, query, body and response with the zod schemas of packages/shared.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The OpenAPI document is generated from those schemas as the routes are added below.
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  app.addHook("onRequest", (req, reply, done) => {
    reply.header("x-request-id", req.id);
    done();
  });
  registerErrorHandler(app);
  // NUL or half a surrogate pair anywhere in a request is a 400 before any route sees it.
  registerUnstorableTextCheck(app);
  // JSON answers over 1 KB go out brotli or gzip when the client accepts it; streams never do.
  registerCompression(app);
  await registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    imageryOrigins: config.security.imageryOrigins,
    photoOrigins: config.security.photoOrigins,
  });
  registerOriginCheck(app, { trustedOrigins: config.auth.trustedOrigins, authRoute: `${AUTH_BASE_PATH}/*` });
  healthRoutes(app, { ping: () => database.ping(), downReason: databaseDown });

  // Background jobs (pg-boss, in PostgreSQL): mail retries, orphan and temp-file sweeps. On close
  // pg-boss stops first (a mail being delivered finishes), then the mail transport.
  const jobLog = app.log.child({ module: "jobs" });
  const boss = await startBoss(database, jobLog);
  const mailer = createMailer(config.mail, app.log.child({ module: "mail" }), { boss });
  app.addHook("onClose", async () => {
    await stopBoss(boss);
    await mailer.close();
  });

  // Accounts. `auth.requireUser` says who is calling; `requireActor` (workspaces) adds in which
  // workspace and with which role: the seam the photo modules receive.
  // Live updates: changes are written (and NOTIFYed) by the modules that make them.
  const events = createEventsPublisher(database);
  const auth = await createAuthModule({
    config,
    database,
    mailer,
    log: app.log,
    teamAudit: createTeamChangeRecorder({ db: database.db, publish: events.publish }),
  });
  authRoutes(app, auth);
  if (config.mail.devMailbox) {
    devMailboxRoutes(app, { dir: config.mail.outboxDir, key: auth.devMailboxKey });
    app.log.info(`read the mail at ${config.publicUrl}${DEV_MAILBOX_PATH}?key=${auth.devMailboxKey}`);
  }
  // Each module wires itself; what one needs of another is handed over here, and nothing else.
  const { db } = database;
  // A request carrying an API key acts as the key's user in the key's workspace, else the session's.
  const apiKeys = createApiKeys({ db, auth: auth.auth, rateLimit: config.auth.apiKeyRateLimit });
  const { requireActor, requireSessionActor, confirmCaller } = registerWorkspaces(app, {
    db,
    requireUser: auth.requireUser,
    actorOfKey: apiKeys.actorOfKey,
  });
  registerBasemaps(app, { basemaps: config.basemaps, requireUser: auth.requireUser });
  // The limits a request or a stream holds (list turns, upload slots, exports), watched for leaks.
  const limits = createRequestLimits(app, {
    requestTimeoutMs: config.requestTimeoutMs,
    poolMax: database.pool.options.max,
    log: app.log.child({ module: "images", part: "limits" }),
  });
  registerInvitationTeam(app, { db });
  const audit = registerAudit(app, { db, requireActor });
  apiKeys.registerRoutes(app, requireSessionActor, audit);
  // E-mail alerts of findings (a new Level 1, an assignment, the daily digest) and one's switches.
  const alerts = registerAlerts(app, {
    db,
    mailer,
    publicUrl: config.publicUrl,
    today,
    log: app.log.child({ module: "alerts" }),
    requireSessionActor,
    digestTime: config.jobs.alertDigestTime,
  });
  // The temp folder every upload lands in first: photos, resumable uploads, registers, histories.
  const { temp } = await registerUploads(app, { config });
  // Findings, settings, reports: what a pole's panel and the regions show of them goes to the poles.
  const inspections = await registerInspections(app, {
    db,
    audit,
    requireActor,
    publish: events.publish,
    today,
    notify: alerts.service.notify,
    reportLimits: limits.reports,
    temp,
    report: {
      maxPhotos: config.reportMaxPhotos,
      // The photos are wired below (they need the poles, which need the inspections); a report
      // reads thumbnails only when asked for, long after.
      readStored: (key) => photos.storage.read(key),
    },
  });
  // Workspace settings: GET/PUT /api/workspace/settings (photos read whether to blur faces).
  const settings = registerSettings(app, { db, audit, requireActor, inspection: inspections.settings });
  const poles = await registerPoles(app, {
    db,
    spotRadiusMeters: config.spotRadiusMeters,
    audit,
    requireActor,
    publish: events.publish,
    inspections,
    temp,
    statedErrors: settings.statedErrors,
    // The photos' storage opens below; a locate reads through it only when a request comes.
    storedFile: (key) => photos.storage.read(key),
    poleImport: {
      ...config.poleImport,
      // A register's last inspections are visits of the workspace's types.
      inspectionTypes: async (actor) =>
        (await inspections.settings.get(actor)).inspectionTypes.map((t) => t.code),
      today,
    },
  });
  // Photos: /api/images, /api/regions, /api/storage/usage, /files/*.
  const photos = await registerPhotos(app, {
    config,
    database,
    storage,
    requireActor,
    poles,
    audit,
    limits,
    publish: events.publish,
    temp,
    blurFacesIn: settings.privacy.blurFaces,
  });
  // The web app's uploads (tus, /api/uploads) end in the photos' upload.
  await registerResumableUploads(app, { config, db, requireActor, images: photos.service });
  registerBlur(app, {
    db,
    requireActor,
    storage: photos.storage,
    images: photos.processor,
    temp,
    audit,
    publish: events.publish,
  });
  // Heights, clearances and lean measured on photos.
  registerMeasurements(app, {
    db,
    storage: photos.storage,
    audit,
    requireActor,
    settingsOf: settings.measure.of,
  });
  // What hangs on each pole, and whether the pole can carry it.
  registerLoading(app, { db, audit, publish: events.publish, requireActor });
  // GPS tracks place photos without coordinates by their capture time, then by the pole rule.
  await registerTracks(app, { db, poles, audit, requireActor, publish: events.publish });
  await registerAdmin(app, { config, db, audit, requireActor, log: app.log.child({ module: "admin" }) });
  registerExport(app, { config, database, audit, limits, requireActor, temp, today });
  await registerEvents(app, {
    database,
    repository: events,
    requireActor,
    confirmCaller,
    credentialCheckMs: eventsCredentialCheckMs,
  });
  // OGC API – Features for QGIS, ArcGIS and GDAL: API keys only.
  registerOgc(app, { db, today, actorOfKey: apiKeys.actorOfKey });
  readinessRoutes(app, { ping: () => database.ping(), checkStorage: () => photos.storage.checkBucket() });
  await registerApiReference(app);
  await scheduleRecurring(
    boss,
    [...recurringJobs({ config, db: database.db, storage: photos.storage, log: jobLog }), alerts.digestJob],
    jobLog,
    config.jobs.pollSeconds,
  );
  await registerWeb(app, config.webDistDir ?? defaultWebDistDir);
  return app;
}
