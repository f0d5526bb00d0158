/**
 * What a request's log lines say of its URL: the path and query with every credential replaced.
 * Clients put keys where they should not (`?api_key=` is refused, but the request is still
 * logged), and links carry tokens by design (password reset, e-mail confirmation, the dev
 * mailbox's key): none of them may reach a log file, which more people read than the database.
 */
import type { FastifyRequest } from "fastify";

export const REDACTED = "[redacted]";

/** Query parameters whose value is, or may be, a secret. */
const SECRET_PARAM = /key|token|secret|passw|signature|credential|auth|session|code/i;
/** Path segments that are themselves a secret: better-auth's reset link `/reset-password/<token>`. */
const SECRET_PATH = /(\/reset-password\/)[^/?#]+/gi;

export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  const path = (q < 0 ? url : url.slice(0, q)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // An undecodable name is judged as sent.
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}

/** Fastify's own request serializer, with the URL redacted. */
export const requestLogSerializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};
