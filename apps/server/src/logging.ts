/**
 * How the server logs: JSON lines (pino) for machines, readable lines for a person at a terminal.
 * A developer running `npm start` in a terminal gets pino-pretty; tests, CI, systemd and
 * production (NODE_ENV=production) keep JSON, one object a line.
 */
import type { FastifyServerOptions } from "fastify";
import type { Config } from "./config";

export type LoggerOptions = Exclude<FastifyServerOptions["logger"], boolean | undefined>;

export function loggerOptions(config: Pick<Config, "env" | "logLevel">, isTTY: boolean): LoggerOptions {
  if (config.env !== "development" || !isTTY) return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: {
      target: "pino-pretty",
      options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname", singleLine: false },
    },
  };
}
