import { describe, expect, it } from "vitest";
import { loggerOptions } from "./logging";

describe("logger options", () => {
  it("prints readable lines only for development at a terminal", () => {
    expect(loggerOptions({ env: "development", logLevel: "info" }, true)).toMatchObject({
      level: "info",
      transport: { target: "pino-pretty" },
    });
  });

  it("keeps JSON lines when piped, under test and in production", () => {
    for (const [env, tty] of [
      ["development", false],
      ["test", true],
      ["production", true],
    ] as const) {
      expect(loggerOptions({ env, logLevel: "warn" }, tty), `${env} ${tty}`).toEqual({ level: "warn" });
    }
  });
});
