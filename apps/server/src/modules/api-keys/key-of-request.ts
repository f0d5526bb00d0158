/**
 * Where a request carries an API key: `X-API-Key: KEY`, `Authorization: Bearer KEY`, or HTTP Basic
 * with the key as the password (any user name) for GIS clients that only do Basic.
 */
import type { FastifyRequest } from "fastify";

export function apiKeyOf(req: FastifyRequest): string | null {
  const header = req.headers["x-api-key"];
  const direct = Array.isArray(header) ? header[0] : header;
  if (direct) return direct.trim() || null;
  const authorization = req.headers.authorization?.trim() ?? "";
  const [scheme = "", value = ""] = authorization.split(/\s+/, 2);
  if (scheme.toLowerCase() === "bearer") return value || null;
  if (scheme.toLowerCase() === "basic") {
    const decoded = Buffer.from(value, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    return colon >= 0 && colon < decoded.length - 1 ? decoded.slice(colon + 1) : null;
  }
  return null;
}
