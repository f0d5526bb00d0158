/** Parsers the export tests read files with: an RFC 4180 reader and an RFC 7946 schema. */
import { z } from "zod";

/**
 * RFC 4180: records end in CRLF, fields are separated by commas, a quoted field may hold commas,
 * line breaks and doubled quotes. Throws on anything else (a stray quote, a missing final CRLF).
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = "";
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error("unterminated quoted field");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") {
        if (text[i] === '"') throw new Error(`stray quote at ${i}`);
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ",") {
      i++;
      continue;
    }
    if (text.startsWith("\r\n", i)) {
      records.push(record);
      record = [];
      i += 2;
      continue;
    }
    throw new Error(`expected , or CRLF at ${i}`);
  }
  if (record.length > 0) throw new Error("last record does not end in CRLF");
  return records;
}

/** RFC 7946 for what the export writes: Points (no bbox) or null geometry, in a FeatureCollection. */
export const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
export const pointSchema = z.object({ type: z.literal("Point"), coordinates: position }).strict();
export const featureSchema = z
  .object({
    type: z.literal("Feature"),
    id: z.union([z.string(), z.number()]).optional(),
    geometry: pointSchema.nullable(),
    properties: z.object({
      id: z.string(),
      name: z.string(),
      date: z.string().nullable(),
      pole_id: z.string().nullable(),
      pole_label: z.string().nullable(),
      risk: z.enum(["low", "medium", "high"]).nullable(),
      notes: z.string().nullable(),
      uploaded_by: z.string().nullable(),
      image_url: z.url(),
      heading: z.number().min(0).lt(360).nullable(),
    }),
  })
  .strict();
export const featureCollectionSchema = z
  .object({ type: z.literal("FeatureCollection"), features: z.array(featureSchema) })
  .strict();
