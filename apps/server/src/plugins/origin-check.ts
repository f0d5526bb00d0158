import type { FastifyInstance } from "fastify";
import { AUTH_BASE_PATH } from "../modules/auth/auth";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Browsers send `Origin` with every POST, PUT, PATCH and DELETE (same-origin ones too). A
 * state-changing /api/* call whose Origin is not one of ours is refused with 403: SameSite=Lax
 * cookies stop other sites, but sibling subdomains and other ports of the same host are the same
 * "site" and would carry the session cookie. Calls without Origin (scripts, curl, the benchmark)
 * pass, as cookies are then not a browser's; /api/auth/* keeps better-auth's own, stricter check.
 */
export function registerOriginCheck(app: FastifyInstance, opts: { trustedOrigins: string[] }): void {
  const trusted = new Set(opts.trustedOrigins.map((o) => new URL(o).origin));
  app.addHook("onRequest", async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) return;
    const origin = req.headers.origin;
    if (origin === undefined || trusted.has(origin)) return;
    const pathname = req.url.split("?", 1)[0] ?? "";
    if (!pathname.startsWith("/api/")) return;
    if (pathname === AUTH_BASE_PATH || pathname.startsWith(`${AUTH_BASE_PATH}/`)) return;
    return reply
      .status(403)
      .send({ code: "invalid_origin", message: "Requests from this origin are not allowed." });
  });
}
