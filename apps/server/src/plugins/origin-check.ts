import type { FastifyInstance } from "fastify";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Browsers send `Origin` with every POST, PUT, PATCH and DELETE (same-origin ones too). A
 * state-changing call whose Origin is not one of ours is refused with 403: SameSite=Lax cookies
 * stop other sites, but sibling subdomains and other ports of the same host are the same "site"
 * and would carry the session cookie. Every path is guarded, not only /api/*: Fastify routes on
 * the decoded path, so `/%61pi/images` reaches the /api/images route while `req.url` still reads
 * `/%61pi/…`. Calls without Origin (scripts, curl, the benchmark) pass, as cookies are then not a
 * browser's; the better-auth mount (recognised by its routed pattern) keeps better-auth's own,
 * stricter check on the same trusted origins.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  opts: {
    trustedOrigins: string[];
    /** The better-auth mount as routed (its pattern, whatever the request spelled): it checks itself. */
    authRoute: string;
  },
): void {
  const trusted = new Set(opts.trustedOrigins.map((o) => new URL(o).origin));
  app.addHook("onRequest", async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) return;
    const origin = req.headers.origin;
    if (origin === undefined || trusted.has(origin)) return;
    if (req.routeOptions.url === opts.authRoute) return;
    return reply
      .status(403)
      .send({ code: "invalid_origin", message: "Requests from this origin are not allowed." });
  });
}
