/**
 * Security headers on every answer (HTML, API, files, static assets) through @fastify/helmet, and
 * `Cache-Control: no-store` on /api/* answers (they hold names and GPS positions).
 */
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

export interface SecurityHeadersOptions {
  /** https deployments also get HSTS and upgrade-insecure-requests. */
  publicUrl: string;
  /** Origins the globe may fetch map imagery from (CSP_IMAGERY_ORIGINS). */
  imageryOrigins: string[];
  /** The bucket's host when /files/… redirects there (S3_SERVE=redirect). */
  photoOrigins: string[];
}

/**
 * The policy the whole SPA runs under, Cesium included. Cesium starts its workers from
 * /cesium/<version> (and from blob: URLs for some of them), draws textures from data: and blob: URLs,
 * and fetches imagery tiles and their metadata both as images and with fetch(), hence the imagery
 * origins in img-src and connect-src; photos redirected to the bucket are loaded the same ways.
 */
export function contentSecurityPolicy(opts: SecurityHeadersOptions): Record<string, string[]> {
  const remote = [...new Set([...opts.imageryOrigins, ...opts.photoOrigins])];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // Cesium's widgets (layer picker, search, home and mode buttons, info box) are bound with its
    // bundled Knockout, which compiles every data-bind attribute with Function(): without
    // 'unsafe-eval' the map screen throws an EvalError and never shows. Cesium offers no
    // CSP-safe binding provider (CesiumGS/cesium#13617); dropping it means replacing those widgets
    // in apps/web. 'unsafe-inline' stays out: an injected <script> or on* attribute does not run.
    "script-src": ["'self'", "'unsafe-eval'"],
    "script-src-attr": ["'none'"],
    // MUI's emotion injects <style> tags at run time and Cesium's widgets set inline style
    // attributes; a nonce cannot follow emotion's tags through a static index.html. Scripts stay
    // 'self' only, so an injected style cannot become code.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...remote],
    "connect-src": ["'self'", "data:", "blob:", ...remote],
    "worker-src": ["'self'", "blob:"],
    "font-src": ["'self'", "data:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  if (opts.publicUrl.startsWith("https://")) directives["upgrade-insecure-requests"] = [];
  return directives;
}

export async function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions) {
  const https = opts.publicUrl.startsWith("https://");
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts) },
    xFrameOptions: { action: "deny" },
    // Imagery servers (OpenStreetMap's tile policy) want to know which site asks; paths stay ours.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HSTS only means something over https, and never for the operator's other subdomains.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  });
  app.addHook("onSend", (req, reply, payload, done) => {
    // The routed pattern, so /%61pi/… counts as /api/… too; unrouted 404s fall back to the path.
    const route = req.routeOptions.url ?? req.url;
    if (route.startsWith("/api/")) reply.header("cache-control", "no-store");
    done(null, payload);
  });
}
