import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
      parserOptions: { projectService: { allowDefaultProject: ["*.js", "scripts/*.mjs", ".ci/*.mjs"] } },
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
  {
    // Layers point one way: modules use infra, never the reverse (a module hands infra a function).
    files: ["apps/server/src/infra/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^cesium(/|$)", message: "Only apps/web/src/globe/ may import cesium." },
            {
              regex: "(^|/)modules/",
              message: "infra/ must not import modules/: move the piece into infra, or pass it in.",
            },
          ],
        },
      ],
    },
  },
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
