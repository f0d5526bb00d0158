/**
 * better-auth configured for PoleAtlas: e-mail + password, sessions and rate-limit counters in
 * our PostgreSQL (Drizzle adapter over the tables in infra/db/schema.ts), mail through our Mailer.
 */
import { createHash } from "node:crypto";
import {
  ACCEPT_INVITATION_PATH,
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_PREFIX,
  canManage,
  MIN_PASSWORD_LENGTH,
  normalizeTeamName,
  PRODUCT_NAME,
  RESET_PASSWORD_PATH,
  TEAM_NAME_MAX_LENGTH,
  TEAM_SLUG_PATTERN,
  strongestRole,
  TEAMS_PER_USER,
  workspaceTexts,
} from "@poleatlas/shared";
import { apiKey as apiKeyPlugin } from "@better-auth/api-key";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { organization as organizationPlugin } from "better-auth/plugins/organization";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../infra/db/database";
import {
  account,
  apikey,
  invitation,
  member,
  organization,
  rateLimit,
  session,
  user,
  verification,
} from "../../infra/db/schema";
import type { Mailer } from "../../infra/mail/mailer";
import { confirmationMail, invitationMail, resetPasswordMail } from "./auth-mail";
import { authRequest, type TeamAuditEvent, type TeamAuditSink } from "./team-audit";
import { passwordProblem } from "./password-rule";
import { workspaceAccess } from "./workspace-roles";
import { RESET_TOKEN_PREFIX, type AuthRepository } from "./auth.repository";

export const AUTH_BASE_PATH = "/api/auth";
/**
 * Our mount writes the caller's address (Fastify's req.ip, which follows X-Forwarded-For only
 * under TRUST_PROXY) into this header, overwriting any value a client sent. better-auth's rate
 * limiter reads only this header, so a forged X-Forwarded-For changes nothing.
 */
export const CLIENT_IP_HEADER = "x-poleatlas-client-ip";
/**
 * The better-auth endpoints the product calls (paths under AUTH_BASE_PATH). Anything else gets a
 * 404 before better-auth sees it: its rate limiter writes a row per client address and path, so
 * made-up paths would otherwise grow the rate_limit table without bound.
 */
const AUTH_ENDPOINTS = new Set([
  "/sign-up/email",
  "/sign-in/email",
  "/sign-out",
  "/get-session",
  "/request-password-reset",
  "/reset-password",
  "/verify-email",
  "/send-verification-email",
  // Teams: better-auth's organization plugin. Deleting a team is not offered: its
  // photos would have no workspace left.
  "/organization/create",
  "/organization/list",
  "/organization/set-active",
  "/organization/get-full-organization",
  "/organization/invite-member",
  "/organization/get-invitation",
  "/organization/accept-invitation",
  "/organization/reject-invitation",
  "/organization/cancel-invitation",
  "/organization/list-invitations",
  "/organization/list-members",
  "/organization/update-member-role",
  "/organization/remove-member",
]);
/** Where a new password is chosen, and the body field that holds it. */
const NEW_PASSWORD_FIELD = new Map([
  ["/sign-up/email", "password"],
  ["/reset-password", "newPassword"],
]);

/** better-auth's reset link, `/reset-password/<token>` (its tokens are 24 letters and digits). */
const RESET_LINK_PATH = /^\/reset-password\/[A-Za-z0-9_-]{1,128}$/;

/** Whether `url` (path and query, as the request names it) is one of the endpoints we use. */
export function isAuthEndpoint(url: string): boolean {
  const pathname = url.split("?", 1)[0] ?? "";
  if (!pathname.startsWith(`${AUTH_BASE_PATH}/`)) return false;
  const endpoint = pathname.slice(AUTH_BASE_PATH.length);
  return AUTH_ENDPOINTS.has(endpoint) || RESET_LINK_PATH.test(endpoint);
}

/**
 * The longest rate-limit window in force: ours, the account lock's window and duration, or
 * better-auth's built-in 60 s rules. A rate_limit row whose timestamp is older than this counts
 * for nothing and may be deleted.
 */
export const longestRateLimitWindowSeconds = (config: Config) =>
  Math.max(
    config.auth.rateLimit.windowSeconds,
    config.auth.accountLock.windowSeconds,
    config.auth.accountLock.lockSeconds,
    60,
  );

/** Where the confirmation link lands after better-auth marks the address verified. */
export const CONFIRMED_CALLBACK = "/login?confirmed=1";

export interface AuthDeps {
  config: Config;
  db: Db;
  secret: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
  repository: AuthRepository;
  /** Where team changes (invitations, roles, removals) are recorded, with who made them. */
  teamAudit: TeamAuditSink;
}

/**
 * Verification identifiers are stored as SHA-256 (base64url, better-auth's own "hashed" form), but
 * reset tokens keep their `reset-password:` prefix in front of the hash, so a user's reset rows
 * can be found and revoked together. Lookups hash the same way, so only new rows have this form.
 */
function hashIdentifier(identifier: string): Promise<string> {
  const digest = createHash("sha256").update(identifier).digest("base64url");
  return Promise.resolve(
    identifier.startsWith(RESET_TOKEN_PREFIX) ? `${RESET_TOKEN_PREFIX}${digest}` : digest,
  );
}

export function createAuth({ config, db, secret, mailer, log, repository, teamAudit }: AuthDeps) {
  const { publicUrl } = config;
  // The caller of the auth request in progress (see team-audit.ts); set once `auth` exists.
  let callerOf: () => Promise<{ id: string; email: string } | null> = () => Promise.resolve(null);
  const recordTeamChange = async (event: TeamAuditEvent) => {
    const caller = await callerOf();
    if (caller) await teamAudit(caller, event);
    else log.warn({ event }, "a team change without a caller was not recorded");
  };
  /**
   * An invitation speaks with its sender's rights: one who is removed or loses the owner/admin
   * role leaves none pending (else an admin about to go could invite their other address as
   * admin and come back through it). Each cancellation is recorded, with the reason.
   */
  const cancelInvitationsOf = async (organizationId: string, inviterId: string, reason: string) => {
    for (const i of await repository.cancelPendingInvitationsBy(organizationId, inviterId)) {
      await recordTeamChange({
        organizationId,
        action: "member.uninvite",
        targetType: "invitation",
        targetId: i.id,
        details: { email: i.email, role: i.role, invitedBy: inviterId, reason },
      });
    }
  };
  const mayInvite = (storedRole: string | null) =>
    storedRole !== null && canManage(strongestRole(storedRole));
  const limited = { window: config.auth.rateLimit.windowSeconds, max: config.auth.rateLimit.max };
  const auth = betterAuth({
    appName: PRODUCT_NAME,
    baseURL: publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: config.auth.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, organization, member, invitation, apikey },
      // The password change and the revocation of every session commit together.
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      requireEmailVerification: config.auth.requireEmailVerification,
      // The spec signs in after sign-up by hand; it also keeps sign-up answers identical for new
      // and existing addresses.
      autoSignIn: false,
      resetPasswordTokenExpiresIn: config.auth.resetTokenTtlSeconds,
      revokeSessionsOnPasswordReset: true,
      // better-auth consumes only the link that was used: every other link of the user dies with
      // the old password, so a link lying in an old mail cannot change it again.
      onPasswordReset: ({ user: u }) => repository.deleteResetTokensOfUser(u.id),
      // Queued, not awaited: known and unknown addresses answer equally fast.
      sendResetPassword: ({ user: u, token }) => {
        const url = `${publicUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
        mailer.send(resetPasswordMail(u.email, url, config.auth.resetTokenTtlSeconds));
        return Promise.resolve();
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A user who lost the first mail gets a fresh link by trying to sign in.
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      sendVerificationEmail: ({ user: u, token }) => {
        const url =
          `${publicUrl}${AUTH_BASE_PATH}/verify-email?token=${encodeURIComponent(token)}` +
          `&callbackURL=${encodeURIComponent(CONFIRMED_CALLBACK)}`;
        mailer.send(confirmationMail(u.email, url));
        return Promise.resolve();
      },
    },
    verification: {
      // Reset tokens are stored hashed. Expired rows are kept (and pruned later by us) so the
      // reset page can tell "expired" from "used or unknown".
      storeIdentifier: { hash: hashIdentifier },
      disableCleanup: true,
    },
    hooks: {
      // The password rule (password-rule.ts) before better-auth's own length check, for both
      // ways a password is chosen; its message is the one the web's screens show.
      before: createAuthMiddleware((ctx) => {
        const field = NEW_PASSWORD_FIELD.get(ctx.path);
        const value: unknown = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
        const problem = typeof value === "string" ? passwordProblem(value) : null;
        if (problem) throw new APIError("BAD_REQUEST", problem);
        return Promise.resolve();
      }),
    },
    databaseHooks: {
      session: {
        // A new sign-in opens the workspace the user last worked in (a member who accepted an
        // invitation lands in that team); one they have since left or been removed from is not
        // theirs any more, and the personal workspace opens.
        create: {
          before: async (s) => {
            const team = await repository.lastTeamOf(s.userId);
            return team ? { data: { ...s, activeOrganizationId: team } } : undefined;
          },
        },
        // Every switch of the session's workspace (picker, new team, accepted invitation, leaving).
        update: {
          before: async (data, ctx) => {
            const userId = ctx?.context.session?.user.id;
            const team: unknown = data.activeOrganizationId;
            if ("activeOrganizationId" in data && userId) {
              await repository.rememberWorkspace(userId, typeof team === "string" ? team : null);
            }
            return undefined;
          },
        },
      },
      verification: {
        create: {
          // Only the newest reset link of a user works: asking again kills the earlier ones.
          after: async (row) => {
            if (row.identifier.startsWith(RESET_TOKEN_PREFIX)) {
              await repository.deleteResetTokensOfUser(row.value, row.id);
            }
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      customRules: {
        "/sign-in/*": limited,
        "/sign-up/*": limited,
        "/request-password-reset": limited,
        "/reset-password": limited,
        "/send-verification-email": limited,
        // Each sends a mail or creates a team: limited like sign-up, so one client cannot flood
        // an address with invitations (inviting again replaces the pending one) or make teams
        // without end.
        "/organization/invite-member": limited,
        "/organization/create": limited,
        // Read on every page load; nothing to guess there.
        "/get-session": false,
      },
    },
    advanced: {
      useSecureCookies: publicUrl.startsWith("https://"),
      cookiePrefix: "poleatlas",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth skips its origin (CSRF) checks when it thinks it runs under a test runner;
      // ours must test what production does.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    plugins: [
      // Keys are created, hashed, looked up, rate-limited and deleted by the plugin, only through
      // /api/keys (modules/api-keys): its own endpoints stay behind isAuthEndpoint. A key is never
      // turned into a session, so no better-auth endpoint (sign-out, password, teams) takes one.
      apiKeyPlugin({
        defaultPrefix: API_KEY_PREFIX,
        requireName: true,
        maximumNameLength: API_KEY_NAME_MAX_LENGTH,
        enableMetadata: true,
        enableSessionForAPIKeys: false,
        rateLimit: {
          enabled: true,
          timeWindow: config.auth.apiKeyRateLimit.windowSeconds * 1000,
          maxRequests: config.auth.apiKeyRateLimit.max,
        },
      }),
      organizationPlugin({
        ...workspaceAccess,
        disableOrganizationDeletion: true,
        // Teams cannot be deleted, so the teams a user belongs to are capped (better-auth counts
        // memberships here, but only when a team is created: joining is checked below).
        organizationLimit: TEAMS_PER_USER,
        // Inviting again (the admin page's 'Resend') replaces the pending invitation.
        cancelPendingInvitationsOnReInvite: true,
        // Accepting (or declining) needs a confirmed address whatever REQUIRE_EMAIL_VERIFICATION
        // says: else anyone who signs up with an invited address before its owner joins in their place.
        requireEmailVerificationOnInvitation: true,
        sendInvitationEmail: ({ id, email, role, organization: team, inviter }) => {
          const url = `${publicUrl}${ACCEPT_INVITATION_PATH}/${encodeURIComponent(id)}`;
          mailer.send(invitationMail(email, url, team.name, inviter.user.email, strongestRole(role)));
          return Promise.resolve();
        },
        organizationHooks: {
          // The name reaches other people's inboxes: kept to one plain line of bounded length. The
          // slug lands in export file names and the metadata would be stored unread: the slug has
          // the form the app makes, and metadata, which the app never sends, is refused.
          beforeCreateOrganization: ({ organization: o }) => {
            const name = normalizeTeamName(String(o.name ?? ""));
            if (name === "") throw new APIError("BAD_REQUEST", { message: workspaceTexts.teamNameRequired });
            if (name.length > TEAM_NAME_MAX_LENGTH) {
              throw new APIError("BAD_REQUEST", { message: workspaceTexts.teamNameTooLong });
            }
            if (typeof o.slug !== "string" || !TEAM_SLUG_PATTERN.test(o.slug)) {
              throw new APIError("BAD_REQUEST", { message: workspaceTexts.teamSlugInvalid });
            }
            if (o.metadata !== undefined && o.metadata !== null) {
              throw new APIError("BAD_REQUEST", { message: workspaceTexts.teamMetadataRefused });
            }
            return Promise.resolve({ data: { ...o, name } });
          },
          // The team's own trail starts with its creation, by its creator.
          afterCreateOrganization: ({ organization: o }) =>
            recordTeamChange({
              organizationId: o.id,
              action: "team.create",
              targetType: "workspace",
              targetId: o.id,
              details: { name: o.name },
            }),
          afterCreateInvitation: ({ invitation: i }) =>
            recordTeamChange({
              organizationId: i.organizationId,
              action: "member.invite",
              targetType: "invitation",
              targetId: i.id,
              details: { email: i.email, role: i.role },
            }),
          beforeAcceptInvitation: async ({ user: u, invitation: i }) => {
            // Sent by someone who has since lost the right to invite (before such invitations
            // were cancelled with the role): as void as a cancelled one.
            if (!mayInvite(await repository.roleIn(i.organizationId, i.inviterId))) {
              await cancelInvitationsOf(i.organizationId, i.inviterId, "inviter_lost_rights");
              throw new APIError("BAD_REQUEST", {
                code: "INVITATION_NOT_FOUND",
                message: workspaceTexts.invitationUnknown,
              });
            }
            if ((await repository.teamsOf(u.id)) >= TEAMS_PER_USER) {
              throw new APIError("FORBIDDEN", { message: workspaceTexts.tooManyTeams });
            }
          },
          // The invitee accepts or declines (they are the caller); an owner or admin cancels.
          afterAcceptInvitation: ({ invitation: i, member: m }) =>
            recordTeamChange({
              organizationId: i.organizationId,
              action: "member.join",
              targetType: "member",
              targetId: m.userId,
              details: { email: i.email, role: m.role, invitationId: i.id },
            }),
          afterRejectInvitation: ({ invitation: i }) =>
            recordTeamChange({
              organizationId: i.organizationId,
              action: "member.decline",
              targetType: "invitation",
              targetId: i.id,
              details: { email: i.email, role: i.role },
            }),
          afterCancelInvitation: ({ invitation: i }) =>
            recordTeamChange({
              organizationId: i.organizationId,
              action: "member.uninvite",
              targetType: "invitation",
              targetId: i.id,
              details: { email: i.email, role: i.role },
            }),
          afterUpdateMemberRole: async ({ member: m, previousRole, user: u }) => {
            await recordTeamChange({
              organizationId: m.organizationId,
              action: "member.role",
              targetType: "member",
              targetId: m.userId,
              details: { email: u.email, before: { role: previousRole }, after: { role: m.role } },
            });
            if (!mayInvite(m.role)) await cancelInvitationsOf(m.organizationId, m.userId, "inviter_demoted");
          },
          afterRemoveMember: async ({ member: m, user: u }) => {
            await recordTeamChange({
              organizationId: m.organizationId,
              action: "member.remove",
              targetType: "member",
              targetId: m.userId,
              details: { email: u.email, role: m.role },
            });
            await cancelInvitationsOf(m.organizationId, m.userId, "inviter_removed");
          },
        },
      }),
    ],
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => log[level]({ details: args.length ? args : undefined }, message),
    },
  });
  callerOf = async () => {
    const headers = authRequest.getStore()?.headers;
    const found = headers ? await auth.api.getSession({ headers }) : null;
    return found ? { id: found.user.id, email: found.user.email } : null;
  };
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
