import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "../errors";

/**
 * One place turns errors into answers: our AppErrors go out as `{code, message}`; a request that
 * does not match its route's zod schema is a 400 naming the field; Fastify's own 4xx errors (body
 * too large, bad JSON) keep their status; anything else, an answer that does not match its
 * response schema included, is logged with the request and answered as a plain 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).headers(err.headers).send({ code: err.code, message: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = [err.validationContext, ...(first?.instancePath.split("/").filter(Boolean) ?? [])].join(
        ".",
      );
      return reply.status(400).send({
        code: "invalid_request",
        message: `Invalid ${field}: ${first?.message ?? "bad value"}`,
        field,
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, "response does not match its schema");
      return reply.status(500).send({ code: "internal_error", message: "Internal Server Error" });
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
