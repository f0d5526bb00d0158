import type { FastifyError, FastifyInstance } from "fastify";
import { AppError } from "../errors";

/**
 * One place turns errors into answers: our AppErrors go out as `{code, message}`, Fastify's own
 * 4xx errors (validation, body too large, bad JSON) keep their status, anything else is logged
 * with the request and answered as a plain 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({ code: err.code, message: err.message });
    }
    const status = "statusCode" in err && typeof err.statusCode === "number" ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = "code" in err && typeof err.code === "string" ? err.code.toLowerCase() : "bad_request";
      return reply.status(status).send({ code, message: err.message });
    }
    req.log.error({ err }, "unhandled error");
    return reply.status(500).send({ code: "internal_error", message: "Internal Server Error" });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ code: "not_found", message: `Route ${req.method} ${req.url} not found` });
  });
}
