import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import type { AuthRepository } from "./auth.repository";
import { createResetTokenService } from "./reset-token.service";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWx";

/** A repository whose clean-up fails, the way a dropped connection or a lock timeout would. */
function failingRepository(): AuthRepository & { pruneCalls: number } {
  const repo = {
    pruneCalls: 0,
    deleteVerificationsExpiredBefore: () => {
      repo.pruneCalls += 1;
      return Promise.reject(new Error("connection terminated"));
    },
    deleteResetTokensOfUser: () => Promise.resolve(),
    deleteRateLimitsLastUsedBefore: () => Promise.resolve(),
    teamsOf: () => Promise.resolve(0),
    cancelPendingInvitationsBy: () => Promise.resolve([]),
    roleIn: () => Promise.resolve(null),
    rememberWorkspace: () => Promise.resolve(),
    lastTeamOf: () => Promise.resolve(null),
  };
  return repo;
}

describe("reset-token status", () => {
  it("still answers when pruning old tokens fails, and logs the failure", async () => {
    const logged: { msg: string; err: unknown }[] = [];
    const log = {
      error: (obj: { err: unknown }, msg: string) => logged.push({ ...obj, msg }),
    } as unknown as FastifyBaseLogger;
    const repository = failingRepository();
    const service = createResetTokenService({
      findVerification: () => Promise.resolve({ expiresAt: new Date(Date.now() + 60_000) }),
      repository,
      log,
    });
    await expect(service.status(TOKEN)).resolves.toBe("valid");
    expect(repository.pruneCalls).toBe(1);
    expect(logged).toEqual([expect.objectContaining({ msg: "could not prune expired reset tokens" })]);
  });
});
