/**
 * The set-up most API test files share, in one line each instead of a `let` and two hooks:
 *
 *   const t = useTestApp();              // the real app on its own database, for this file
 *   const user = useSignedInUser(t);     // a confirmed, signed-in user of that app
 *
 * Both register vitest hooks (beforeAll, afterAll) where they are called, at the top of a file or
 * a describe block, and hand back a stand-in that reads through to the value once its hook has
 * run; touching it before then (at import time) throws, saying so.
 */
import { afterAll, beforeAll } from "vitest";
import { buildTestApp, type TestApp } from "./app";
import { createSignedInUser, type SignedInUser } from "./users";

/** An object whose properties are those of `current()`, looked up on each access. */
function readThrough<T extends object>(what: string, current: () => T | undefined): T {
  const value = () => {
    const v = current();
    if (v === undefined) throw new Error(`${what} is set up in beforeAll: use it inside a test or hook`);
    return v;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(value(), key) as unknown,
    has: (_, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(value(), key);
      return d && { ...d, configurable: true };
    },
  });
}

type TestAppOptions = Parameters<typeof buildTestApp>[1];

/**
 * The real app for this file (or describe block), closed with its database after the last test.
 * `env` may be a function: read when the app is built, after the hooks registered before this
 * call (e.g. the address of a test S3 or a web build folder they set up).
 */
export function useTestApp(
  env: Record<string, string> | (() => Record<string, string>) = {},
  opts?: TestAppOptions,
): TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp(typeof env === "function" ? env() : env, opts);
  });
  afterAll(async () => {
    await t?.close();
  });
  return readThrough("useTestApp()", () => t);
}

/** A new confirmed user of `t`, signed in once `t` is up (call it after useTestApp). */
export function useSignedInUser(
  t: TestApp,
  ...args: DropFirst<Parameters<typeof createSignedInUser>>
): SignedInUser {
  let user: SignedInUser | undefined;
  beforeAll(async () => {
    user = await createSignedInUser(t, ...args);
  });
  return readThrough("useSignedInUser()", () => user);
}

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
