/**
 * API keys over better-auth's API-key plugin, which stores them hashed and records their last use.
 * A verification is reused for a while (verified-keys) and calls are counted here (key-rate-limit);
 * what a key may do is decided on every call: its scope, capped by its user's role in its
 * workspace now (a demoted user's write key reads only; a revoked key and a removed member's key
 * are refused at once).
 */
import {
  apiKeyTexts,
  strongestRole,
  workspaceTexts,
  type ApiKeyCreate,
  type ApiKeyCreated,
  type ApiKeyItem,
  type ApiKeyScope,
} from "@poleatlas/shared";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError, notFound, unauthorized } from "../../errors";
import type { AuditLog } from "../audit/audit-log";
import type { Auth } from "../auth/auth";
import type { Actor } from "../workspaces/actor";
import type { WorkspacesRepository } from "../workspaces/workspaces.repository";
import type { ApiKeysRepository } from "./api-keys.repository";
import { apiKeyOf } from "./key-of-request";
import type { KeyRateLimit } from "./key-rate-limit";
import type { VerifiedKey, VerifiedKeys } from "./verified-keys";

/** What a key is for, kept in the plugin's metadata column. */
const keyMetaSchema = z.object({ workspaceId: z.string(), scope: z.enum(["read", "write"]) });

const metaOf = (metadata: unknown) => {
  const value: unknown = typeof metadata === "string" ? JSON.parse(metadata) : metadata;
  return keyMetaSchema.safeParse(value);
};

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function createApiKeysService(deps: {
  auth: Auth;
  repository: ApiKeysRepository;
  workspaces: WorkspacesRepository;
  verifiedKeys: VerifiedKeys;
  rateLimit: KeyRateLimit;
  audit: AuditLog;
}) {
  const { auth, repository, workspaces, verifiedKeys, rateLimit, audit } = deps;

  const tooMany = (seconds: number) =>
    new AppError(429, "rate_limited", apiKeyTexts.rateLimited(seconds), { "Retry-After": String(seconds) });

  /** The plugin's verdict on a key not verified lately (it also records the key's last use). */
  async function verify(key: string): Promise<VerifiedKey> {
    const verified = await auth.api.verifyApiKey({ body: { key } });
    if (!verified.valid || !verified.key) {
      const error = verified.error as { code?: string; details?: { tryAgainIn?: number } } | null;
      if (error?.code === "RATE_LIMITED") {
        throw tooMany(Math.max(1, Math.ceil((error.details?.tryAgainIn ?? 1000) / 1000)));
      }
      throw unauthorized(apiKeyTexts.invalidKey);
    }
    const meta = metaOf(verified.key.metadata);
    if (!meta.success) throw unauthorized(apiKeyTexts.invalidKey);
    const found: VerifiedKey = {
      id: verified.key.id,
      name: verified.key.name ?? "",
      userId: verified.key.referenceId,
      workspaceId: meta.data.workspaceId,
      scope: meta.data.scope,
    };
    verifiedKeys.set(key, found);
    return found;
  }

  return {
    /**
     * The actor a request's key speaks for; null when the request carries no key. `counted: false`
     * for an open stream asking whether its key still holds: that is no call of the key's.
     */
    async actorOfKey(req: FastifyRequest, { counted = true } = {}): Promise<Actor | null> {
      const key = apiKeyOf(req);
      if (key === null) return null;
      const found = verifiedKeys.get(key) ?? (await verify(key));
      const access = await repository.access(found.id, found.userId, found.workspaceId);
      if (!access) {
        verifiedKeys.forget(found.id);
        throw unauthorized(apiKeyTexts.invalidKey);
      }
      const wait = counted ? rateLimit.take(found.id) : null;
      if (wait !== null) throw tooMany(wait);
      return {
        userId: found.userId,
        email: access.email,
        workspaceId: found.workspaceId,
        role: found.scope === "read" ? "viewer" : strongestRole(access.role),
        apiKey: { id: found.id, name: found.name },
      };
    },

    /** A key for the caller's active workspace; the answer is the only time the key is seen. */
    async create(actor: Actor, body: ApiKeyCreate): Promise<ApiKeyCreated> {
      const created = await auth.api.createApiKey({
        body: {
          name: body.name,
          userId: actor.userId,
          metadata: { workspaceId: actor.workspaceId, scope: body.scope },
        },
      });
      await audit(actor, {
        action: "apikey.create",
        targetType: "apikey",
        targetId: created.id,
        details: { name: body.name, scope: body.scope },
      });
      return { id: created.id, key: created.key };
    },

    /** The caller's keys in every workspace, newest first. */
    async list(userId: string, cookie: string): Promise<ApiKeyItem[]> {
      const listed = await auth.api.listApiKeys({ headers: new Headers({ cookie }) });
      const names = new Map((await workspaces.teamsOf(userId)).map((t) => [t.id, t.name]));
      names.set(userId, workspaceTexts.personal);
      const items: ApiKeyItem[] = [];
      for (const k of listed.apiKeys) {
        const meta = metaOf(k.metadata);
        if (!meta.success) continue;
        items.push({
          id: k.id,
          name: k.name ?? "",
          scope: meta.data.scope satisfies ApiKeyScope,
          workspaceId: meta.data.workspaceId,
          workspaceName: names.get(meta.data.workspaceId) ?? workspaceTexts.personal,
          start: k.start ?? null,
          createdAt: iso(k.createdAt) ?? new Date(0).toISOString(),
          lastUsedAt: iso(k.lastRequest),
        });
      }
      return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
    },

    /**
     * Only the caller's own keys; anyone else's id is "no such key". The trail that records it is
     * the key's workspace's, whichever workspace the caller has open.
     */
    async revoke(actor: Actor, cookie: string, id: string): Promise<void> {
      const own = await repository.ownKey(id, actor.userId);
      const meta = own ? metaOf(own.metadata) : null;
      try {
        await auth.api.deleteApiKey({ body: { keyId: id }, headers: new Headers({ cookie }) });
        verifiedKeys.forget(id);
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) throw notFound(apiKeyTexts.notFound);
        throw err;
      }
      if (own && meta?.success) {
        await audit(
          { ...actor, workspaceId: meta.data.workspaceId },
          {
            action: "apikey.revoke",
            targetType: "apikey",
            targetId: id,
            details: { name: own.name ?? "", scope: meta.data.scope },
          },
        );
      }
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
