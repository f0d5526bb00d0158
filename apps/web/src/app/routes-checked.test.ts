/**
 * Every screen is checked with axe at a desktop's and a phone's size by some browser spec, and
 * docs/features.md's table says which: a route added to the router without a row there fails
 * here, so the new screen's check is not forgotten.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { routes } from "./router";

/** Each screen's path, without its parameters; the redirects ("/", "*") are no screens. */
function screens(list: RouteObject[]): string[] {
  return list.flatMap((r) => [
    ...(r.path && r.path !== "/" && r.path !== "*" ? [r.path.replace(/\/:[^/]+/g, "")] : []),
    ...screens(r.children ?? []),
  ]);
}

describe("the screens checked with axe", () => {
  it("names every route of the app in the features' accessibility table", () => {
    const doc = readFileSync(path.resolve(__dirname, "../../../../docs/features.md"), "utf8");
    const table = doc.slice(doc.indexOf("**What the e2e suite checks.**"));
    const rows = table.slice(0, table.indexOf("\n\n", table.indexOf("| screen")));
    const missing = screens(routes).filter((p) => !rows.includes(`\`${p}`));
    expect(screens(routes).length).toBeGreaterThan(8);
    expect(missing).toEqual([]);
  });
});
