/** The web tests that need modules of their own (vitest.isolated.ts), with the web app's set-up. */
import { defineConfig } from "vite";
import web from "./vite.config";
import { ISOLATED_WEB_TESTS } from "./vitest.isolated";

export default defineConfig((env) => {
  const config = web(env);
  return {
    ...config,
    test: { ...config.test, name: "web:isolated", isolate: true, include: ISOLATED_WEB_TESTS, exclude: [] },
  };
});
