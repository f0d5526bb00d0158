/** Process concerns only: config, database, listen, shutdown. */
import { buildApp } from "./app";
import { limitHeapGrowth } from "./infra/heap-growth";
import { checkCanServe, ConfigError, loadConfig, type Config } from "./config";
import { runMigrations } from "./infra/db/database";
import { openDatabase } from "./infra/db/open-database";
import { loggerOptions } from "./logging";
import { PostgresAccessError } from "./infra/db/postgres-access";
import { PostgresInUseError } from "./infra/db/postgres-leftover";

function loadConfigOrExit(): Config {
  try {
    const config = loadConfig();
    checkCanServe(config);
    return config;
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  limitHeapGrowth();
  const config = loadConfigOrExit();
  const opened = await openDatabase(config, (m) => console.log(m));
  // Before the app is built: building it reads tables (the administrators' check of ADMIN_EMAILS),
  // which a fresh data folder has only once its migrations ran.
  if (config.migrateOnStart) {
    try {
      await runMigrations(opened.database);
    } catch (err) {
      console.error("start-up failed: the database migrations did not apply", err);
      await opened.close();
      process.exit(1);
    }
  }
  const app = await buildApp({
    config,
    database: opened.database,
    logger: loggerOptions(config, process.stdout.isTTY === true),
    databaseDown: opened.downReason,
  });

  let stopping = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const timer = setTimeout(() => {
      app.log.error("shutdown took too long, exiting");
      process.exit(1);
    }, 30_000);
    // Fastify stops accepting, answers 503 to new requests on kept-alive sockets, and waits for
    // in-flight ones (uploads included) before close() resolves; the database goes last.
    await app.close();
    await opened.close();
    if (opened.embedded) app.log.info("embedded PostgreSQL stopped");
    clearTimeout(timer);
    process.exit(exitCode);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void shutdown(signal));
  // Without its database the process is useless: exit non-zero so the supervisor (systemd
  // Restart=on-failure, a container runtime) starts it again, and the start stops any leftover.
  opened.embedded?.onUnexpectedExit((reason) => {
    app.log.fatal({ reason }, `${reason}: stopping the server so it can be restarted`);
    void shutdown("database-exit", 1);
  });

  try {
    await app.listen({
      host: config.host,
      port: config.port,
      // Fastify's own line would print http://<HOST>:<PORT>, which is not a trusted origin when
      // it differs from PUBLIC_URL; the line below names the address to open.
      listenTextResolver: (address) => `socket bound to ${address.replace(/^https?:\/\//, "")}`,
    });
  } catch (err) {
    app.log.error({ err }, "start-up failed");
    await app.close().catch(() => {});
    await opened.close();
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const where = opened.embedded ? `embedded PostgreSQL in ${opened.embedded.dataDir}` : "DATABASE_URL";
  // The address to open is PUBLIC_URL: it is a trusted origin and what mailed links use; the
  // socket's host:port (127.0.0.1 by default) is given only as where the process listens.
  app.log.info(
    { url: config.publicUrl, listen: `${config.host}:${port}`, dataDir: config.dataDir, database: where },
    `PoleAtlas is up: open ${config.publicUrl} (listening on ${config.host}:${port}; data in ${config.dataDir}; database: ${where})`,
  );
}

main().catch((err: unknown) => {
  // Problems the operator fixes (folder permissions, a data folder in use) need no stack trace.
  console.error(err instanceof PostgresAccessError || err instanceof PostgresInUseError ? err.message : err);
  process.exit(1);
});
