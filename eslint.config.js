import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import boundaries from "eslint-plugin-boundaries";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The server's modules in three layers (docs/architecture.md): a module imports modules of its own
 * layer or a lower one, never a higher one. Every folder of apps/server/src/modules is in one
 * (apps/server/test/infra/import-rules.test.ts checks it).
 */
export const SERVER_MODULE_LAYERS = {
  // Who may do what, and what was done: accounts, teams, the audit trail, live events, keys, settings.
  "record-keeping": [
    "auth",
    "workspaces",
    "invitations",
    "mail",
    "audit",
    "events",
    "api-keys",
    "settings",
    "admin",
    "health",
  ],
  // The network being surveyed: poles, their photos (their uploads, resumable or not, and the blur
  // a member draws), GPS tracks, inspections, the map's imagery, what is measured on photos, and
  // the e-mail alerts of findings.
  network: [
    "poles",
    "photos",
    "uploads",
    "resumable-uploads",
    "blur",
    "tracks",
    "inspections",
    "basemaps",
    "measurements",
    "alerts",
    "loading",
  ],
  // What leaves the product: exports, OGC API – Features, the API's own description.
  "what-leaves": ["export", "ogc", "openapi"],
};
const ROOT = dirname(fileURLToPath(import.meta.url));
/** The folders with a tsconfig of their own; the rest of the tree is the root tsconfig's. */
const WORKSPACES = ["apps/server", "apps/web", "packages/shared"];
const SERVER = "apps/server/src";
const WEB = "apps/web/src";
const anyOf = (names) => `@(${names.join("|")})`;
const MODULE_TYPES = Object.keys(SERVER_MODULE_LAYERS);
/** Classify a module by its layer, so a policy names layers rather than module folders. */
const moduleElements = Object.entries(SERVER_MODULE_LAYERS).map(([type, names]) => ({
  type,
  pattern: `${SERVER}/modules/${anyOf(names)}`,
  capture: ["area"],
  partialMatch: false,
}));
const HAND_IT_IN = "declare the interface it needs and let app.ts hand the implementation in";

/** Which way imports may point, between server layers and between the web app's features. */
const importRules = {
  files: [`${SERVER}/**/*.{ts,tsx}`, `${WEB}/**/*.{ts,tsx}`],
  plugins: { boundaries },
  settings: {
    "boundaries/root-path": ROOT,
    "import/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".mjs"] } },
    "boundaries/elements": [
      ...moduleElements,
      { type: "server-infra", pattern: `${SERVER}/@(infra|formats)`, partialMatch: false },
      { type: "server-plugins", pattern: `${SERVER}/plugins`, partialMatch: false },
      { type: "feature", pattern: `${WEB}/features/*`, capture: ["name"], partialMatch: false },
      { type: "web-app", pattern: `${WEB}/app`, partialMatch: false },
      { type: "web-base", pattern: `${WEB}/@(lib|components|globe|config|sw)`, partialMatch: false },
    ],
  },
  rules: {
    "boundaries/dependencies": [
      "error",
      {
        default: "allow",
        policies: [
          {
            from: { element: { type: "server-infra" } },
            disallow: { to: { element: { types: [...MODULE_TYPES, "server-plugins"] } } },
            message:
              "infra/ and formats/ must not import modules/ or plugins/: move the piece down, or pass it in.",
          },
          {
            from: { element: { type: "server-plugins" } },
            disallow: { to: { element: { types: MODULE_TYPES } } },
            message: `plugins/ must not import modules/: ${HAND_IT_IN}.`,
          },
          {
            from: { element: { type: "record-keeping" } },
            disallow: { to: { element: { types: ["network", "what-leaves"] } } },
            message:
              "A record-keeping module must not import {{ to.element.type }} modules ({{ to.element.captured.area }}): " +
              `${HAND_IT_IN}.`,
          },
          {
            from: { element: { type: "network" } },
            disallow: { to: { element: { type: "what-leaves" } } },
            message: `A network module must not import what-leaves modules ({{ to.element.captured.area }}): ${HAND_IT_IN}.`,
          },
          {
            disallow: { to: { element: { type: "feature", fileInternalPath: "!index.ts" } } },
            message:
              "Import another feature through its index.ts (features/{{ to.element.captured.name }}), never its " +
              "insides: export there what it shares, or move a piece both need to lib/ or components/.",
          },
          {
            from: { element: { type: "feature" } },
            disallow: { to: { element: { type: "web-app" } } },
            message: "A feature must not import app/: the app composes features, not the other way round.",
          },
          {
            from: { element: { type: "web-base" } },
            disallow: { to: { element: { types: ["feature", "web-app"] } } },
            message: "lib/, components/, globe/, config/ and sw/ must not import features or app/.",
          },
        ],
      },
    ],
  },
};

export default defineConfig(
  {
    ignores: [
      "**/dist/**",
      "**/dist-*/**",
      "**/node_modules/**",
      "data/**",
      "**/test-results/**",
      "**/playwright-report/**",
      "bench/results/**",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { project: "tsconfig.json", tsconfigRootDir: ROOT },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Only the globe module may touch Cesium: it is an engine, kept out of React and tests.
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^cesium(/|$)", message: "Only apps/web/src/globe/ may import cesium." }] },
      ],
    },
  },
  {
    files: ["apps/web/src/globe/**"],
    rules: { "no-restricted-imports": "off" },
  },
  // Each workspace's files read their types from its own program, named rather than looked up
  // (the project service finds the same tsconfig and costs the check a tenth more).
  ...WORKSPACES.map((dir) => ({
    files: [`${dir}/**/*.{ts,tsx}`],
    languageOptions: { parserOptions: { project: `${dir}/tsconfig.json` } },
  })),
  // Layers point one way; circles (which these rules cannot see) are refused by
  // scripts/check-import-cycles.mjs in `npm run check`.
  importRules,
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat["recommended-latest"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Playwright reads a fixture's dependencies from its (possibly empty) destructuring pattern.
    files: ["apps/web/e2e/**"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
);
