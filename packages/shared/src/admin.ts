/** The team administration contract (issue 14): members' quotas and the audit trail. */
import { z } from "zod";
import { WORKSPACE_ROLES } from "./workspaces";

export const AUDIT_ACTIONS = [
  "image.upload",
  "image.delete",
  "image.update",
  "pole.update",
  "member.invite",
  "member.role",
  "member.remove",
  "quota.set",
  "export.download",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_LIMIT = 100;

export const auditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_LIMIT).optional(),
  cursor: z.string().max(40).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  at: z.string(),
  actor_id: z.string(),
  actor_email: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  target_type: z.string(),
  target_id: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditList = z.infer<typeof auditListSchema>;

/** 1 TiB: far above any plausible quota, and exact as a JavaScript number. */
export const MAX_QUOTA_BYTES = 1024 ** 4;

export const quotaParamsSchema = z.object({ userId: z.string().min(1).max(200) });
export const quotaBodySchema = z.object({
  quotaBytes: z.number().int().min(0).max(MAX_QUOTA_BYTES),
});
export type QuotaBody = z.infer<typeof quotaBodySchema>;

/** GET /api/admin/members: the active team's members with their usage and quota. */
export const memberUsageSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  used_bytes: z.number().int().nonnegative(),
  quota_bytes: z.number().int().nonnegative(),
});
export type MemberUsage = z.infer<typeof memberUsageSchema>;
export const memberUsageListSchema = z.object({ members: z.array(memberUsageSchema) });
export type MemberUsageList = z.infer<typeof memberUsageListSchema>;
