/** Who findings may be assigned to: the team's members (better-auth's list), or oneself alone. */
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api-client";
import { useWorkspaces } from "../../workspaces";

const membersSchema = z
  .object({
    members: z.array(z.object({ userId: z.string(), user: z.object({ email: z.string() }).loose() }).loose()),
  })
  .loose();

export interface Assignee {
  id: string;
  /** null: the signed-in user in their personal workspace. */
  email: string | null;
}

/** better-auth answers 100 members unless asked for more. */
const MEMBER_PAGE = 1000;

export function useAssignees(): Assignee[] {
  const active = useWorkspaces().data?.active;
  const team = active?.kind === "team" ? active.id : null;
  const members = useQuery({
    queryKey: ["findings", "assignees", team],
    enabled: team !== null,
    queryFn: async ({ signal }) => {
      const q = new URLSearchParams({ organizationId: team!, limit: String(MEMBER_PAGE) });
      const answer = await apiClient.get(`/api/auth/organization/list-members?${q}`, membersSchema, {
        signal,
      });
      return answer.members.map((m) => ({ id: m.userId, email: m.user.email }));
    },
  });
  if (active?.kind === "personal") return [{ id: active.id, email: null }];
  return members.data ?? [];
}
