/**
 * API keys: personal keys for scripts and GIS clients, each acting as its user in one workspace,
 * read-only or read-write, never with more rights than the user has there now.
 */
import { z } from "zod";

export const API_KEYS_PATH = "/api/keys";
export const API_KEY_SCOPES = ["read", "write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_NAME_MAX_LENGTH = 64;
/** What every key starts with, so a leaked one is recognisable in logs and scanners. */
export const API_KEY_PREFIX = "pa_";

export const apiKeyCreateSchema = z.object({
  name: z.string().trim().min(1).max(API_KEY_NAME_MAX_LENGTH),
  scope: z.enum(API_KEY_SCOPES),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

/** The key itself is in this answer only: it is stored hashed and never shown again. */
export const apiKeyCreatedSchema = z.object({ id: z.string(), key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  workspaceId: z.string(),
  /** The workspace's name as the user sees it in the switcher. */
  workspaceName: z.string(),
  /** The key's first characters, prefix included, to tell keys apart. */
  start: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ApiKeyItem = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.string().min(1).max(128) });

export const apiKeyTexts = {
  navItem: "API keys",
  title: "API keys",
  intro:
    "A key lets a script or a GIS client (QGIS, ArcGIS, GDAL) read or change this workspace as you. It never has more rights than your role here.",
  name: "Name",
  scope: "Scope",
  workspace: "Workspace",
  created: "Created",
  lastUsed: "Last used",
  never: "never",
  scopeNames: { read: "Read", write: "Read and write" } as Record<ApiKeyScope, string>,
  create: "Create key",
  revoke: "Revoke",
  revoked: (name: string) => `Key ${name} revoked.`,
  revokeNamed: (name: string) => `Revoke ${name}`,
  revokeTitle: "Revoke this key?",
  revokeConfirm: (name: string) =>
    `Scripts and GIS layers using the key ${name} stop working at once. This cannot be undone.`,
  revokeFailed: "Could not revoke the key.",
  none: "No API keys yet.",
  loadFailed: "Could not load your API keys.",
  createFailed: "Could not create the key.",
  shownOnce: "Copy this key now: it is shown only once.",
  copy: "Copy",
  done: "Done",
  forWorkspace: (workspace: string) => `For workspace ${workspace}`,
  // Server answers.
  invalidKey: "The API key is invalid, revoked or no longer a member of its workspace.",
  notWithKey: "This needs a signed-in session: an API key cannot manage keys, sign out or change a password.",
  rateLimited: (seconds: number) => `Too many requests with this API key. Try again in ${seconds} s.`,
  notFound: "No such API key.",
  writeNeedsWriteKey: "This API key is read-only.",
  /** How the audit trail names a change made with a key. */
  via: (name: string) => `via API key ${name}`,
  /** How the audit trail names a key it created or revoked. */
  named: (name: string) => `API key ${name}`,
} as const;
