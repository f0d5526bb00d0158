/** HTTP only: findings, the workspace's inspection settings, the summary. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  etagOf,
  findingBulkAnswerSchema,
  findingBulkSchema,
  findingConflictSchema,
  findingCreateSchema,
  findingIdParamsSchema,
  findingListQuerySchema,
  findingListSchema,
  findingPatchSchema,
  findingResponseSchema,
  ifMatchHeadersSchema,
  poleIdParamsSchema,
  regionReportAnswer,
  regionReportParamsSchema,
  summaryQuerySchema,
  summarySchema,
  versionFromIfMatch,
} from "@poleatlas/shared";
import { holdForRequest } from "../../infra/limits/request-end";
import type { ReportLimits } from "../../infra/limits/report-limits";
import type { RequireActor } from "../workspaces/actor";
import type { ConditionService } from "./condition.service";
import type { FindingsService } from "./findings.service";
import type { ReportsService } from "./reports.service";

export function inspectionsRoutes(
  app: FastifyInstance,
  deps: {
    requireActor: RequireActor;
    findings: FindingsService;
    condition: ConditionService;
    reports: ReportsService;
    reportLimits: ReportLimits;
  },
) {
  const { requireActor, findings, condition, reports, reportLimits } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/poles/:id/findings",
    {
      schema: {
        params: poleIdParamsSchema,
        body: findingCreateSchema,
        response: { 201: findingResponseSchema },
      },
    },
    async (req, reply) => {
      const actor = await requireActor(req);
      const finding = await findings.create(actor, req.params.id, req.body);
      return reply.code(201).send({ finding });
    },
  );

  api.patch(
    "/api/findings/:id",
    {
      schema: {
        params: findingIdParamsSchema,
        headers: ifMatchHeadersSchema,
        body: findingPatchSchema,
        response: { 200: findingResponseSchema, 412: findingConflictSchema },
      },
    },
    // The ETag is the finding's version: a PATCH naming it in If-Match changes the finding only if
    // nobody did meanwhile.
    async (req, reply) => {
      const actor = await requireActor(req);
      const expected = versionFromIfMatch(req.headers["if-match"]);
      const finding = await findings.patch(actor, req.params.id, req.body, expected);
      reply.header("etag", etagOf(finding.version));
      return { finding };
    },
  );

  api.post(
    "/api/findings/bulk",
    { schema: { body: findingBulkSchema, response: { 200: findingBulkAnswerSchema } } },
    async (req) => findings.bulk(await requireActor(req), req.body),
  );

  api.get(
    "/api/findings",
    { schema: { querystring: findingListQuerySchema, response: { 200: findingListSchema } } },
    async (req) => findings.list(await requireActor(req), req.query),
  );

  api.get(
    "/api/reports/summary",
    { schema: { querystring: summaryQuerySchema, response: { 200: summarySchema } } },
    async (req) => condition.summary(await requireActor(req), req.query.region),
  );

  // A PDF: described by its content type, never serialized.
  api.get(
    "/api/reports/region/:file",
    { schema: { params: regionReportParamsSchema, response: { 200: regionReportAnswer } } },
    async (req, reply) => {
      const actor = await requireActor(req);
      // Checked first: a bad or unknown region id is answered without taking a report's place.
      const region = await reports.region(actor, req.params.file);
      // Held until the answer is sent or abandoned, as the annual report's.
      await holdForRequest(reply, () => Promise.resolve(reportLimits.take(actor.userId)));
      const pdf = await reports.regionPdf(actor, region);
      const name = `region-report-${req.params.file.replace(/[^0-9.-]+/g, "_")}.pdf`;
      return reply
        .type("application/pdf")
        .header("content-disposition", `inline; filename="${name}"`)
        .send(pdf);
    },
  );
}
