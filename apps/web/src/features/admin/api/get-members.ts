import { memberUsageListSchema, type MemberUsage } from "@poleatlas/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api-client";
import { adminKeys } from "./admin-keys";

/** What better-auth's list-members answers (more fields than we read). */
const teamMembersSchema = z
  .object({ members: z.array(z.object({ id: z.string(), userId: z.string() }).loose()) })
  .loose();

/** A member's usage in the team and cap, with better-auth's member id that role changes and removal need. */
export interface TeamMember extends MemberUsage {
  memberId: string | null;
}

/** The team's members and its pool (what all its photos use, and its quota). */
export interface TeamMembers {
  members: TeamMember[];
  usedBytes: number;
  quotaBytes: number;
}

/** better-auth answers 100 members unless asked for more. */
const MEMBER_PAGE = 1000;

export async function getTeamMembers(teamId: string, signal?: AbortSignal): Promise<TeamMembers> {
  const query = new URLSearchParams({ organizationId: teamId, limit: String(MEMBER_PAGE) });
  const [usage, ids] = await Promise.all([
    apiClient.get("/api/admin/members", memberUsageListSchema, { signal }),
    apiClient.get(`/api/auth/organization/list-members?${query}`, teamMembersSchema, { signal }),
  ]);
  const memberIdOf = new Map(ids.members.map((m) => [m.userId, m.id]));
  return {
    members: usage.members.map((m) => ({ ...m, memberId: memberIdOf.get(m.user_id) ?? null })),
    usedBytes: usage.usedBytes,
    quotaBytes: usage.quotaBytes,
  };
}

export function teamMembersQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: adminKeys.members(teamId),
    queryFn: ({ signal }) => getTeamMembers(teamId, signal),
  });
}

export function useTeamMembers(teamId: string) {
  return useQuery(teamMembersQueryOptions(teamId));
}
