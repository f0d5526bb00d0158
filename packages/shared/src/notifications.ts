/**
 * GET/PUT /api/me/notifications: which e-mail alerts about findings the signed-in user gets in the
 * workspace they are in. Each kind is on until they turn it off; nobody reads or sets another's.
 */
import { z } from "zod";

export const ALERT_KINDS = ["level1", "assignment", "digest"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Days ahead the daily digest looks; overdue findings are in it whatever their age. */
export const DIGEST_DAYS_AHEAD = 14;

export const notificationPreferencesSchema = z
  .object({
    /** A Level 1 finding is recorded (or raised to Level 1) in the workspace: owners, admins, assignee. */
    level1: z.boolean(),
    /** A finding is assigned to me. */
    assignment: z.boolean(),
    /** Each morning: my unresolved findings due within DIGEST_DAYS_AHEAD days or overdue. */
    digest: z.boolean(),
  })
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT: only the kinds it changes; anything else (another user's id, say) is refused. */
export const notificationPreferencesUpdateSchema = notificationPreferencesSchema
  .partial()
  .refine((p) => Object.keys(p).length > 0, "Name at least one of level1, assignment, digest");
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;

export const notificationPreferencesAnswerSchema = z.object({
  /** The workspace these apply to: the one the request acts in. */
  workspace_id: z.string(),
  preferences: notificationPreferencesSchema,
});
export type NotificationPreferencesAnswer = z.infer<typeof notificationPreferencesAnswerSchema>;

/** Where the web app lets a user turn alerts off; the mails link to it. */
export const NOTIFICATIONS_PATH = "/notifications";
