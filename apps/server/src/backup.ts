/** `npm run backup -- FILE`: the database and the photo files into one tar archive. */
import path from "node:path";
import { ConfigError, loadConfig } from "./config";
import { createBackup } from "./infra/backup/create-backup";

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error("Usage: npm run backup -- FILE   (e.g. npm run backup -- poleatlas-2026-11-23.tar)");
    process.exit(2);
  }
  const config = loadConfig();
  await createBackup(config, path.resolve(file), (m) => console.log(m));
  console.log(`Backup written to ${path.resolve(file)}`);
}

main().catch((err: unknown) => {
  console.error(
    err instanceof ConfigError ? err.message : err instanceof Error ? `Backup failed: ${err.message}` : err,
  );
  process.exit(1);
});
