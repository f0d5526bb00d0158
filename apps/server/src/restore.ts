/** `npm run restore -- FILE`: a backup back into an empty DATA_DIR. */
import path from "node:path";
import { ConfigError, loadConfig } from "./config";
import { RestoreRefusedError, restoreBackup } from "./infra/backup/restore-backup";

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error("Usage: npm run restore -- FILE   (into an empty DATA_DIR)");
    process.exit(2);
  }
  const config = loadConfig();
  await restoreBackup(config, path.resolve(file), (m) => console.log(m));
  console.log(`Restored ${path.resolve(file)} into ${config.dataDir}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof RestoreRefusedError) console.error(err.message);
  else console.error(err instanceof Error ? `Restore failed: ${err.message}` : err);
  process.exit(1);
});
