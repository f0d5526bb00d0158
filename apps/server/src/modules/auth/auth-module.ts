/** Everything accounts need, built once per app: better-auth, the session seam, reset-token checks. */
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Database } from "../../infra/db/database";
import type { Mailer } from "../../infra/mail/mailer";
import { recordNamed } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import { createAuditRepository } from "../audit/audit.repository";
import { createAccountLockRepository } from "./account-lock.repository";
import { createAccountLockService, type AccountLockService } from "./account-lock.service";
import { createAuth, longestRateLimitWindowSeconds, type Auth } from "./auth";
import { devMailboxKeyOf } from "../mail/dev-mailbox.routes";
import { resolveAuthSecret } from "./auth-secret";
import { createAuthRepository } from "./auth.repository";
import { createRateLimitPruner } from "./rate-limit-pruner";
import { createResetTokenService, type ResetTokenService } from "./reset-token.service";
import { createRequireUser, type RequireUser } from "./session-user";

export interface AuthModule {
  auth: Auth;
  requireUser: RequireUser;
  resetTokens: ResetTokenService;
  accountLock: AccountLockService;
  /** Called on each forwarded auth request; deletes expired rate-limit rows at most hourly. */
  pruneRateLimits: () => Promise<void>;
  publicUrl: string;
  /** What /dev/mail asks for in `?key=` (config's DEV_MAILBOX_KEY, else from the secret). */
  devMailboxKey: string;
}

export async function createAuthModule(deps: {
  config: Config;
  database: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Team changes that alter who is in a team reach its open screens as member.changed. */
  publish: PublishEvent;
}): Promise<AuthModule> {
  const { config, database, mailer, log, publish } = deps;
  const secret = await resolveAuthSecret(config.auth);
  const repository = createAuthRepository(database.db);
  const auditLog = createAuditRepository(database.db);
  const auth = createAuth({
    teamAudit: async (actor, e) => {
      await recordNamed(auditLog, {
        workspaceId: e.organizationId,
        actorId: actor.id,
        actorEmail: actor.email,
        action: e.action,
        targetType: e.targetType,
        targetId: e.targetId,
        details: e.details,
      });
      if (e.targetType === "member") {
        const change = { workspaceId: e.organizationId, actorId: actor.id, memberId: e.targetId };
        await publish({ ...change, type: "member.changed" });
      }
    },
    config,
    db: database.db,
    secret,
    mailer,
    log: log.child({ module: "auth" }),
    repository,
  });
  const context = await auth.$context;
  const resetTokens = createResetTokenService({
    findVerification: (identifier) => context.internalAdapter.findVerificationValue(identifier),
    repository,
    log: log.child({ module: "auth" }),
  });
  const pruneRateLimits = createRateLimitPruner({
    repository,
    windowSeconds: longestRateLimitWindowSeconds(config),
    log: log.child({ module: "auth" }),
  });
  return {
    auth,
    requireUser: createRequireUser(auth),
    resetTokens,
    accountLock: createAccountLockService({
      repository: createAccountLockRepository(database.db),
      settings: config.auth.accountLock,
    }),
    pruneRateLimits,
    publicUrl: config.publicUrl,
    devMailboxKey: config.mail.devMailboxKey ?? devMailboxKeyOf(secret),
  };
}
