/**
 * The secret that signs session cookies and confirmation tokens. BETTER_AUTH_SECRET wins; without
 * it one is generated on first start and kept in DATA_DIR/auth-secret (mode 0600), so a newcomer
 * needs no keys and sessions survive restarts. Processes on other machines need the variable.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export async function resolveAuthSecret(opts: { secret?: string; secretFile: string }): Promise<string> {
  if (opts.secret) return opts.secret;
  const existing = await readSecret(opts.secretFile);
  if (existing) return existing;
  await mkdir(path.dirname(opts.secretFile), { recursive: true });
  try {
    // "wx": two processes starting at once must end up with the same secret, not two.
    await writeFile(opts.secretFile, `${randomBytes(32).toString("base64url")}\n`, {
      mode: 0o600,
      flag: "wx",
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  const created = await readSecret(opts.secretFile);
  if (!created) throw new Error(`Could not read the auth secret from ${opts.secretFile}`);
  return created;
}

async function readSecret(file: string): Promise<string | undefined> {
  try {
    const s = (await readFile(file, "utf8")).trim();
    return s.length >= 32 ? s : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}
