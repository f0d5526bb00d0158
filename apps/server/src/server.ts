/** Process concerns only: config, database, listen, shutdown. */
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { connectDatabase, runMigrations } from "./infra/db/database";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./infra/db/embedded-postgres";

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    console.log(`Starting embedded PostgreSQL, data in ${config.embeddedPostgresDir}`);
    embedded = await startEmbeddedPostgres(config.embeddedPostgresDir, (m) => {
      if (config.logLevel === "debug" || config.logLevel === "trace") console.log(m);
    });
    databaseUrl = embedded.url;
  }

  const database = connectDatabase(databaseUrl);
  const app = await buildApp({ config, database });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      app.log.error("shutdown took too long, exiting");
      process.exit(1);
    }, 15_000);
    try {
      await app.close();
      await database.close();
      if (embedded) {
        await embedded.stop();
        app.log.info("embedded PostgreSQL stopped");
      }
    } finally {
      clearTimeout(timer);
    }
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void shutdown(signal));

  try {
    await runMigrations(database);
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    app.log.error({ err }, "start-up failed");
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop();
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  app.log.info(
    {
      url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`,
      dataDir: config.dataDir,
      database: embedded ? `embedded PostgreSQL in ${embedded.dataDir}` : "DATABASE_URL",
    },
    `PoleAtlas listening on http://${config.host}:${port} (data in ${config.dataDir})`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
