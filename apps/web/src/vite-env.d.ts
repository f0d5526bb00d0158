/// <reference types="vite/client" />

/**
 * True only in test builds (`vite build --mode test`, and Vitest): the globe's window hook, frame
 * counter and bench helpers. A plain `false` in production, so that code is dropped from dist/.
 */
declare const __POLEATLAS_TEST_HOOKS__: boolean;
