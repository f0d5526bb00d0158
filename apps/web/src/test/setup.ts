import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy…/waitFor wait for what the user sees; 1 s (the default) was too short under load.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // Test files share one document (isolate: false): a selection left in it would be where the
  // next file's arrow keys move the caret from, inside nodes that are gone.
  document.getSelection()?.removeAllRanges();
});
