/**
 * E-mail alerts about findings: GET/PUT /api/me/notifications for one's own switches, the news
 * the findings module hands over, and the daily digest as a recurring job.
 */
import { notificationPreferencesAnswerSchema, notificationPreferencesUpdateSchema } from "@poleatlas/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../infra/db/database";
import type { RecurringJob } from "../../infra/jobs/job-runner";
import type { Mailer, MailLog } from "../../infra/mail/mailer";
import type { Today } from "../inspections/clock";
import type { RequireActor } from "../workspaces/actor";
import { createAlertsRepository } from "./alerts.repository";
import { createAlertsService, type AlertsService } from "./alerts.service";

declare module "fastify" {
  interface FastifyInstance {
    /** This process's alerts: tests send the digest and wait for the mail through it. */
    findingAlerts: AlertsService;
  }
}

export const DIGEST_JOB = "finding-digest";

/** "HH:MM" (UTC) as the five-field cron expression pg-boss schedules by. */
export const digestCron = (time: string) => {
  const [hours, minutes] = time.split(":").map(Number);
  return `${minutes} ${hours} * * *`;
};

export function registerAlerts(
  app: FastifyInstance,
  deps: {
    db: Db;
    mailer: Mailer;
    publicUrl: string;
    today: Today;
    log: MailLog;
    requireSessionActor: RequireActor;
    digestTime: string;
  },
) {
  const repository = createAlertsRepository(deps.db);
  const service = createAlertsService({ ...deps, repository });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { response: { 200: notificationPreferencesAnswerSchema } };

  // A person's own switches only: the session says whose, the workspace header in which workspace.
  api.get("/api/me/notifications", { schema }, async (req) => {
    const actor = await deps.requireSessionActor(req);
    return {
      workspace_id: actor.workspaceId,
      preferences: await repository.preferences(actor.userId, actor.workspaceId),
    };
  });

  api.put(
    "/api/me/notifications",
    { schema: { ...schema, body: notificationPreferencesUpdateSchema } },
    async (req) => {
      const actor = await deps.requireSessionActor(req);
      return {
        workspace_id: actor.workspaceId,
        preferences: await repository.setPreferences(actor.userId, actor.workspaceId, req.body),
      };
    },
  );

  app.decorate("findingAlerts", service);
  // Alerts still being worked out reach the mail queue before it closes.
  app.addHook("preClose", (done) => {
    void service.settled().then(() => done());
  });

  const digestJob: RecurringJob = {
    name: DIGEST_JOB,
    cron: digestCron(deps.digestTime),
    run: async (data) => service.sendDigests(typeof data.day === "string" ? data.day : undefined),
  };
  return { service, digestJob };
}
