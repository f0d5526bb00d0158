/** Errors the API answers as they are: a status, a stable code and a user-facing message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Sent with the answer, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (message = "Not found") => new AppError(404, "not_found", message);
export const badRequest = (message: string, code = "bad_request") => new AppError(400, code, message);
export const unauthorized = (message: string) => new AppError(401, "unauthorized", message);
export const forbidden = (message: string) => new AppError(403, "forbidden", message);
export const conflict = (message: string, code = "conflict") => new AppError(409, code, message);

/** PostgreSQL's unique_violation (23505), also when wrapped by the query builder. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
