/**
 * Answers that are not JSON (files, event streams): described for the API reference by their
 * content types. Such answers are streamed, so the schema documents them and serializes nothing.
 */
import { z } from "zod";
import { EXPORT_CONTENT_TYPES } from "./export";

export function streamedAnswer(description: string, contentTypes: readonly string[]) {
  // Any on the server's side (a stream is sent as it is); bytes in the reference.
  const body = z.any().meta({ type: "string", format: "binary" });
  const content: Record<string, { schema: typeof body }> = {};
  for (const type of contentTypes) content[type] = { schema: body };
  return { description, content };
}

export const exportFileAnswer = streamedAnswer(
  "The file, in the asked format.",
  Object.values(EXPORT_CONTENT_TYPES).map((t) => t.split(";", 1)[0] ?? t),
);
export const regionReportAnswer = streamedAnswer("The region's inspection report as PDF.", [
  "application/pdf",
]);
export const auditCsvAnswer = streamedAnswer("The audit trail as CSV (RFC 4180, UTF-8).", ["text/csv"]);
export const eventStreamAnswer = streamedAnswer(
  "Server-sent events: the workspace's changes as they happen.",
  ["text/event-stream"],
);
