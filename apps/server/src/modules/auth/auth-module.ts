/** Everything accounts need, built once per app: better-auth, the session seam, reset-token checks. */
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Database } from "../../infra/db/database";
import type { Mailer } from "../../infra/mail/mailer";
import { createAccountLockRepository } from "./account-lock.repository";
import { createAccountLockService, type AccountLockService } from "./account-lock.service";
import { createAuth, longestRateLimitWindowSeconds, type Auth } from "./auth";
import { devMailboxKeyOf } from "../mail/dev-mailbox.routes";
import { resolveAuthSecret } from "./auth-secret";
import { createAuthRepository } from "./auth.repository";
import { createRateLimitPruner } from "./rate-limit-pruner";
import { createResetTokenService, type ResetTokenService } from "./reset-token.service";
import { createRequireUser, type RequireUser } from "./session-user";
import type { TeamAuditSink } from "./team-audit";

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
  /** Where team changes made through better-auth go: the audit trail and the team's screens. */
  teamAudit: TeamAuditSink;
}): Promise<AuthModule> {
  const { config, database, mailer, log, teamAudit } = deps;
  const secret = await resolveAuthSecret(config.auth);
  const repository = createAuthRepository(database.db);
  const auth = createAuth({
    teamAudit,
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
