/**
 * GET /api/invitations/:id/team: the team an invitation link is for, so the page it opens can
 * name it to a visitor who is not signed in yet. The link's id is the key, as in the mail that
 * carries it: nothing else is told (not the address, not the inviter), and only while the
 * invitation can still be accepted.
 */
import { invitationTeamParamsSchema, invitationTeamSchema, workspaceTexts } from "@poleatlas/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { notFound } from "../../errors";
import type { Db } from "../../infra/db/database";
import { createInvitationTeamRepository } from "./invitation-team.repository";

export function registerInvitationTeam(app: FastifyInstance, deps: { db: Db }): void {
  const repo = createInvitationTeamRepository(deps.db);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/invitations/:id/team",
      { schema: { params: invitationTeamParamsSchema, response: { 200: invitationTeamSchema } } },
      async (req) => {
        const teamName = await repo.pendingTeamName(req.params.id, new Date());
        if (teamName === undefined) throw notFound(workspaceTexts.invitationUnknown);
        return { teamName };
      },
    );
}
