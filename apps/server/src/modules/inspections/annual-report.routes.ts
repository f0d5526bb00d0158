/** HTTP only: the annual programme report, as PDF or CSV. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ANNUAL_REPORT_CONTENT_TYPES, annualReportAnswer, annualReportParamsSchema } from "@poleatlas/shared";
import { holdForRequest } from "../../infra/limits/request-end";
import type { ReportLimits } from "../../infra/limits/report-limits";
import type { RequireActor } from "../workspaces/actor";
import type { AnnualReportService } from "./annual-report.service";

export function annualReportRoutes(
  app: FastifyInstance,
  deps: { requireActor: RequireActor; reportLimits: ReportLimits; annualReport: AnnualReportService },
) {
  const { requireActor, reportLimits, annualReport } = deps;
  // A file: described by its content type, never serialized.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/reports/annual/:file",
      { schema: { params: annualReportParamsSchema, response: { 200: annualReportAnswer } } },
      async (req, reply) => {
        const actor = await requireActor(req);
        const { year, format } = req.params.file;
        // Checked first: a year not yet begun is answered without taking a report's place.
        const period = annualReport.period(year);
        // Held until the answer is sent or abandoned: a report is made whole before it is sent.
        await holdForRequest(reply, () => Promise.resolve(reportLimits.take(actor.userId)));
        const body =
          format === "pdf" ? await annualReport.pdf(actor, period) : await annualReport.csv(actor, period);
        return (
          reply
            .type(ANNUAL_REPORT_CONTENT_TYPES[format])
            // The PDF opens in the browser, as the region report does; the CSV is saved.
            .header(
              "content-disposition",
              `${format === "pdf" ? "inline" : "attachment"}; filename="annual-report-${year}.${format}"`,
            )
            .send(body)
        );
      },
    );
}
