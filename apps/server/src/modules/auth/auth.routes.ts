/**
 * better-auth mounted on Fastify at /api/auth/*, plus our reset-token check. The catch-all route
 * hands better-auth a standard Request built from the raw body and headers and copies its
 * Response back, every Set-Cookie included.
 */
import {
  authTexts,
  RESET_TOKEN_STATUS_PATH,
  resetTokenStatusQuerySchema,
  resetTokenStatusSchema,
  workspaceTexts,
} from "@poleatlas/shared";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, isAuthEndpoint } from "./auth";
import type { AuthModule } from "./auth-module";
import { unstorableTextError } from "../../plugins/unstorable-text";
import { authRequest } from "./team-audit";

/** Hop-by-hop and length headers are the transport's business on each side, not the message's. */
const DROP_REQUEST = ["connection", "content-length", "transfer-encoding", "keep-alive", "expect"];
const DROP_RESPONSE = new Set(["set-cookie", "content-length", "transfer-encoding", "connection"]);

export function authRoutes(app: FastifyInstance, mod: AuthModule): void {
  void app.register((scope, _opts, done) => {
    // better-auth reads the body itself; an empty JSON body must reach it, not a Fastify 400.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
    // The app-wide check sees only a Buffer here: read the body as better-auth will.
    scope.addHook("preValidation", (req, _reply, done) =>
      done(unstorableTextError(authBodyFields(req), "body")),
    );
    scope.route({
      method: ["GET", "POST"],
      url: `${AUTH_BASE_PATH}/*`,
      // Only the endpoints we use reach better-auth (see isAuthEndpoint); the rest are 404s.
      handler: (req, reply) => (isAuthEndpoint(req.url) ? forward(mod, req, reply) : reply.callNotFound()),
    });
    done();
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    RESET_TOKEN_STATUS_PATH,
    // No length cap on purpose: any single string gets an answer the reset page can show
    // ("malformed"); only a repeated ?token= is a 400.
    { schema: { querystring: resetTokenStatusQuerySchema, response: { 200: resetTokenStatusSchema } } },
    async (req, reply) => {
      const status = await mod.resetTokens.status(req.query.token);
      return reply.header("Cache-Control", "no-store").send({ status });
    },
  );
}

async function forward(mod: AuthModule, req: FastifyRequest, reply: FastifyReply) {
  const headers = fromNodeHeaders(req.headers);
  for (const h of DROP_REQUEST) headers.delete(h);
  headers.set(CLIENT_IP_HEADER, req.ip);
  const body = Buffer.isBuffer(req.body) && req.body.length > 0 ? req.body : undefined;
  const request = new Request(new URL(req.url, mod.publicUrl), {
    method: req.method,
    headers,
    body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
  });
  await mod.pruneRateLimits();
  let signIn: { email: string; reservedSince: number } | undefined;
  if (isSignIn(req)) {
    // Every sign-in better-auth tries must be one the account lock counted: a body in any other
    // form (better-auth also reads form posts) is refused here, not passed on uncounted.
    const read = signInEmailOf(req, body);
    if (read.refused) return reply.status(read.refused).send(read.answer);
    const lock = await mod.accountLock.begin(read.email);
    if (lock.locked) return tooManyAttempts(reply, lock.retryAfterSeconds);
    signIn = { email: read.email, reservedSince: lock.reservedSince };
  }
  const settle = (status: number) =>
    signIn ? mod.accountLock.settle(signIn.email, signIn.reservedSince, status) : Promise.resolve();
  let res: Response;
  try {
    res = await authRequest.run({ headers }, () => mod.auth.handler(request));
  } catch (err) {
    // The handler's own error is the one to report, not a failure to give the attempt back.
    await settle(500).catch((e: unknown) => req.log.error({ err: e }, "could not settle a sign-in attempt"));
    throw err;
  }
  await settle(res.status);

  reply.status(statusOf(res.status, await res.clone().text()));
  res.headers.forEach((value, name) => {
    if (!DROP_RESPONSE.has(name)) reply.header(name, value);
  });
  const cookies = res.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  // The photos this browser fetched while signed in go with the session: on a shared device the
  // next person must not find them in its HTTP cache. Only the HTTP cache: "storage" would also
  // drop the installed app's service worker and other accounts' photos queued on this device.
  if (isSignOut(req)) reply.header("clear-site-data", '"cache"');
  const text = await res.text();
  return reply.send(clarify(res, text, reply));
}

/**
 * The fields of a better-auth request body, read the way better-auth reads them (JSON, with a
 * leading BOM dropped, or a form post); undefined for anything else, which better-auth refuses.
 */
function authBodyFields(req: FastifyRequest): unknown {
  if (!Buffer.isBuffer(req.body) || req.body.length === 0) return undefined;
  const type = (req.headers["content-type"] ?? "").split(";", 1)[0]?.trim().toLowerCase();
  const text = new TextDecoder().decode(req.body);
  // Pairs, not an object: a repeated name must not hide its first value.
  if (type === "application/x-www-form-urlencoded") return [...new URLSearchParams(text)];
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * better-auth answers 401 when a signed-in member lacks the right to remove someone: that is a
 * refusal (403), not a missing sign-in, and a client that takes 401 for "signed out" would
 * send the user to the login page.
 */
function statusOf(status: number, text: string): number {
  return status === 401 && text.includes('"code":"YOU_ARE_NOT_ALLOWED_') ? 403 : status;
}

/** Some of better-auth's answers get a message a person can act on; the rest pass as they are. */
function clarify(res: Response, text: string, reply: FastifyReply): string {
  if (res.status === 429) {
    const seconds = Number(res.headers.get("x-retry-after")) || 60;
    reply.header("Retry-After", String(seconds)).header("content-type", "application/json");
    return tooManyAttemptsBody(seconds);
  }
  if (res.status === 403 && text.includes('"EMAIL_NOT_VERIFIED"')) {
    return JSON.stringify({ code: "EMAIL_NOT_VERIFIED", message: authTexts.emailNotConfirmed });
  }
  // An invitation is accepted or declined from a confirmed address only (auth.ts).
  if (res.status === 403 && text.includes('"code":"EMAIL_VERIFICATION_REQUIRED_')) {
    return JSON.stringify({ code: "EMAIL_NOT_VERIFIED", message: workspaceTexts.confirmBeforeAccept });
  }
  return text;
}

const tooManyAttemptsBody = (seconds: number) =>
  JSON.stringify({ code: "TOO_MANY_REQUESTS", message: authTexts.tooManyAttempts(seconds) });

/** The same answer as better-auth's per-address limit, so the two cannot be told apart. */
function tooManyAttempts(reply: FastifyReply, seconds: number) {
  return reply
    .status(429)
    .header("Retry-After", String(seconds))
    .header("content-type", "application/json")
    .send(tooManyAttemptsBody(seconds));
}

const isSignOut = (req: FastifyRequest) =>
  req.method === "POST" && req.url.split("?", 1)[0] === `${AUTH_BASE_PATH}/sign-out`;

const isSignIn = (req: FastifyRequest) =>
  req.method === "POST" && req.url.split("?", 1)[0] === `${AUTH_BASE_PATH}/sign-in/email`;

type SignInBody = { refused?: undefined; email: string } | { refused: 400 | 415; answer: object };

/** The e-mail address of an e-mail sign-in, or the answer that refuses a body without one. */
function signInEmailOf(req: FastifyRequest, body: Buffer | undefined): SignInBody {
  const type = (req.headers["content-type"] ?? "").split(";", 1)[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    return { refused: 415, answer: { code: "UNSUPPORTED_MEDIA_TYPE", message: authTexts.signInNeedsJson } };
  }
  try {
    // Decoded the way better-auth's Request.json() decodes (a leading BOM is dropped), so no
    // spelling of the body reaches it uncounted.
    const parsed: unknown = body ? JSON.parse(new TextDecoder().decode(body)) : undefined;
    const email = (parsed as { email?: unknown } | null | undefined)?.email;
    if (typeof email === "string" && email.length > 0) return { email };
  } catch {
    // Answered below like a body without an address.
  }
  return { refused: 400, answer: { code: "INVALID_EMAIL", message: authTexts.signInNeedsEmail } };
}
