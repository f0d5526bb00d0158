/** `npm run migrate`: applies the committed migrations once, apart from starting any server. */
import { ConfigError, loadConfig } from "./config";
import { runMigrations } from "./infra/db/database";
import { openDatabase } from "./infra/db/open-database";

async function main(): Promise<void> {
  const config = loadConfig();
  const opened = await openDatabase(config, (m) => console.log(m));
  try {
    await runMigrations(opened.database);
    console.log("Migrations applied.");
  } finally {
    await opened.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
