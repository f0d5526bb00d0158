/**
 * Where to go after signing in, when a screen sent the visitor to /login (an invitation link).
 * Kept in the URL (`?next=`) and in localStorage too: a new user signs up, confirms the address
 * from a mail (which lands on /login?confirmed=1) and signs in, and should still land back there.
 */
import { safeNextPath } from "@poleatlas/shared";

const KEY = "poleatlas.next";

function stored(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // storage off (a private window): the URL's next still works
  }
}

export function rememberNextPath(path: string): void {
  try {
    localStorage.setItem(KEY, path);
  } catch {
    // as above
  }
}

export function forgetNextPath(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // as above
  }
}

/** The safe path to return to, or null: the URL's `next` first, then the remembered one. */
export function nextPathFrom(params: URLSearchParams): string | null {
  return safeNextPath(params.get("next")) ?? safeNextPath(stored());
}
