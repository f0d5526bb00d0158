/**
 * The import rules of docs/architecture.md, as lint and `npm run check` enforce them: a snippet is
 * linted as if it sat at a path of the repository, with the repository's own eslint.config.js;
 * the circle check runs on small trees written for the test.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { afterEach, describe, expect, it } from "vitest";

const run = promisify(execFile);
const repo = fileURLToPath(new URL("../../../../", import.meta.url));
const SERVER = "apps/server/src";
const WEB = "apps/web/src";

// The snippets are files that do not exist, which type-aware rules cannot read: only the
// import rules run, on the repository's own settings.
const eslint = new ESLint({
  cwd: repo,
  overrideConfig: [
    tseslint.configs.disableTypeChecked,
    { languageOptions: { parserOptions: { projectService: false } } },
  ],
  ruleFilter: ({ ruleId }) => ruleId.startsWith("boundaries/"),
});

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("server layers", () => {
  it.each([
    [
      `${SERVER}/modules/settings/x.ts`,
      `import type { X } from "../inspections/settings.service";`,
      /record-keeping/,
    ],
    [`${SERVER}/modules/audit/x.ts`, `import { csvText } from "../export/export-writers";`, /record-keeping/],
    [
      `${SERVER}/modules/photos/x.ts`,
      `import { ExportLimits } from "../export/export.service";`,
      /network module/,
    ],
    [`${SERVER}/modules/poles/import/x.ts`, `export { x } from "../../ogc/ogc.service";`, /network module/],
    [
      `${SERVER}/plugins/x.ts`,
      `import { AUTH_BASE_PATH } from "../modules/auth/auth";`,
      /plugins\/ must not/,
    ],
    [`${SERVER}/infra/db/x.ts`, `import type { Actor } from "../../modules/workspaces/actor";`, /infra\//],
  ])("%s refuses %s", async (file, code, message) => {
    const errors = await importErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    [`${SERVER}/modules/poles/x.ts`, `import type { AuditLog } from "../audit/audit-log";`],
    [`${SERVER}/modules/export/x.ts`, `import { listOrder } from "../photos/images.repository";`],
    [`${SERVER}/modules/audit/x.ts`, `import type { Executor } from "../../infra/db/database";`],
    [`${SERVER}/app.ts`, `import { registerOgc } from "./modules/ogc/ogc.module";`],
  ])("%s may %s", async (file, code) => {
    expect(await importErrors(file, code)).toEqual([]);
  });

  it("has every module in a layer", async () => {
    const config = (await import(pathToFileURL(path.join(repo, "eslint.config.js")).href)) as {
      SERVER_MODULE_LAYERS: Record<string, string[]>;
    };
    const placed = Object.values(config.SERVER_MODULE_LAYERS).flat().sort();
    const modules = await readdir(path.join(repo, SERVER, "modules"));
    expect(placed).toEqual(modules.sort());
  });
});

describe("web features", () => {
  it.each([
    [
      `${WEB}/features/poles/components/x.tsx`,
      `import { formatLocation } from "../../images/lib/format";`,
      /index\.ts/,
    ],
    [
      `${WEB}/app/routes/x.tsx`,
      `import { TrackPreviewBar } from "../../features/tracks/track-preview";`,
      /index\.ts/,
    ],
    [`${WEB}/features/upload/components/x.tsx`, `import { FOCUS_RING } from "../../../app/theme";`, /app\//],
    [`${WEB}/lib/x.ts`, `import { getStorageUsage } from "../features/storage";`, /must not import features/],
  ])("%s refuses %s", async (file, code, message) => {
    const errors = await importErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    [`${WEB}/features/poles/components/x.tsx`, `import { formatLocation } from "../../images";`],
    [`${WEB}/features/poles/components/x.tsx`, `import { parseCoordinates } from "../lib/coordinates";`],
    [
      `${WEB}/features/upload/components/x.tsx`,
      `import { FOCUS_RING } from "../../../components/focus-ring";`,
    ],
  ])("%s may %s", async (file, code) => {
    expect(await importErrors(file, code)).toEqual([]);
  });
});

describe("import circles", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function tree(files: Record<string, string>): Promise<string> {
    dir = await mkdtemp(path.join(tmpdir(), "import-circles-"));
    for (const [file, code] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), code);
    }
    return dir;
  }
  const check = (root: string) =>
    run(process.execPath, [path.join(repo, "scripts/check-import-cycles.mjs"), "--root", root]);

  it("fails on a circle between two features and prints it", async () => {
    const root = await tree({
      [`${WEB}/features/poles/index.ts`]: `export { track } from "../tracks";\nexport const pole = 1;\n`,
      [`${WEB}/features/tracks/index.ts`]: `import type { pole } from "../poles";\nexport const track = 1;\n`,
    });
    const failed = await check(root).then(
      () => null,
      (e: { code: number; stdout: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toContain("features/poles → features/tracks → features/poles");
    expect(failed?.stdout).toContain(
      "features/poles/index.ts → features/tracks/index.ts → features/poles/index.ts",
    );
  });

  it("passes imports that point one way", async () => {
    const root = await tree({
      [`${SERVER}/infra/db/database.ts`]: `export type Executor = { execute(): void };\n`,
      [`${SERVER}/modules/audit/audit-log.ts`]: `import type { Executor } from "../../infra/db/database";\n`,
      [`${SERVER}/modules/poles/poles.service.ts`]: `import "../audit/audit-log";\n`,
    });
    const { stdout } = await check(root);
    expect(stdout).toContain("apps/server/src: 3 files, 0 file circles, 0 area circles");
  });
});
