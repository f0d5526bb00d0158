/**
 * The globe's files import each other in one direction (the controller → its layers → their
 * helpers), never in a circle: a circle makes the load order decide which side sees the other
 * undefined, and leaves no file that can be read first. Type-only imports count too, since they
 * tie the files together for a reader all the same.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const dir = path.dirname(fileURLToPath(import.meta.url));

function localImports(file: string): string[] {
  const source = readFileSync(path.join(dir, file), "utf8");
  const names = [...source.matchAll(/from\s+"\.\/([\w.-]+)"/g)].map((m) => m[1]!);
  return names.map((name) => (name.endsWith(".tsx") || name.endsWith(".ts") ? name : `${name}.ts`));
}

/** Every circle of imports among `files`, each as the list of files around it. */
function cycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, localImports(f).filter((g) => files.includes(g))]));
  const found = new Map<string, string[]>();
  const visit = (file: string, trail: string[]) => {
    const at = trail.indexOf(file);
    if (at >= 0) {
      const circle = trail.slice(at);
      // Report each circle once, from its alphabetically first file.
      const first = [...circle].sort()[0]!;
      if (circle[0] === first) found.set(circle.join(" → "), circle);
      return;
    }
    for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
  };
  for (const f of files) visit(f, []);
  return [...found.values()];
}

describe("apps/web/src/globe imports", () => {
  it("form no circle", () => {
    const files = readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(10);
    expect(cycles(files)).toEqual([]);
  });
});
