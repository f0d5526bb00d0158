/**
 * Storage belongs to the workspace that holds the photos. A personal workspace has the spec's
 * 52428800 bytes and a team its pool (TEAM_QUOTA_BYTES) unless an instance administrator set
 * another; in a team, a member may also have a cap their team's owners or admins set, counted
 * over that member's photos in that team only. An upload must fit both.
 */
import { bytesToMB, messages, STORAGE_QUOTA_BYTES, type StorageUsage } from "@poleatlas/shared";
import { AppError } from "../../errors";
import type { Actor } from "../workspaces/actor";
import type { StoredStorage } from "./images.repository";

/** The figures in force for the caller's active workspace. */
export interface WorkspaceStorage {
  usedBytes: number;
  quotaBytes: number;
  memberUsedBytes: number;
  /** null: no cap (always so in a personal workspace). */
  memberCapBytes: number | null;
}

export const quotaExceeded = (usedBytes: number, quotaBytes: number) =>
  new AppError(413, "quota_exceeded", messages.quotaExceeded(bytesToMB(usedBytes), bytesToMB(quotaBytes)));

export const isPersonal = (actor: Pick<Actor, "userId" | "workspaceId">) =>
  actor.workspaceId === actor.userId;

/** The stored figures with the defaults filled in. */
export function inForce(actor: Actor, stored: StoredStorage, teamQuotaBytes: number): WorkspaceStorage {
  const personal = isPersonal(actor);
  return {
    usedBytes: stored.usedBytes,
    quotaBytes: stored.quotaBytes ?? (personal ? STORAGE_QUOTA_BYTES : teamQuotaBytes),
    memberUsedBytes: stored.memberUsedBytes,
    memberCapBytes: personal ? null : stored.memberCapBytes,
  };
}

/** What GET /api/storage/usage answers: the workspace's figures, and the caller's cap where set. */
export function usageAnswer(s: WorkspaceStorage): StorageUsage {
  const answer: StorageUsage = { usedBytes: s.usedBytes, quotaBytes: s.quotaBytes };
  if (s.memberCapBytes === null) return answer;
  return { ...answer, memberUsedBytes: s.memberUsedBytes, memberCapBytes: s.memberCapBytes };
}

/** Bytes one more upload may take: what the pool has left, and no more than the cap leaves. */
export function remainingBytes(s: WorkspaceStorage): number {
  const pool = s.quotaBytes - s.usedBytes;
  const cap = s.memberCapBytes === null ? pool : s.memberCapBytes - s.memberUsedBytes;
  return Math.max(0, Math.min(pool, cap));
}

/**
 * The refusal for an upload of `bytes` that does not fit, or null. The spec's message names the
 * limit that is full: the member's cap (with their own usage) or the workspace's quota.
 */
export function refusalFor(s: WorkspaceStorage, bytes: number): AppError | null {
  if (s.memberCapBytes !== null && s.memberUsedBytes + bytes > s.memberCapBytes) {
    return quotaExceeded(s.memberUsedBytes, s.memberCapBytes);
  }
  if (s.usedBytes + bytes > s.quotaBytes) return quotaExceeded(s.usedBytes, s.quotaBytes);
  return null;
}
