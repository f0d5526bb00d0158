/**
 * An import's one multipart `file`: streamed to a private temp file under a byte limit (never held
 * in memory), handed to the import, and removed whatever happens. A request without it is a 400,
 * one past the limit a 413; both with the importer's own words.
 */
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "../../errors";
import { writeTemp, type TempFiles } from "./temp-files";

export interface ReceivedFile {
  /** The temp file holding the body. */
  path: string;
  /** The multipart part: its filename, and the form fields sent before it. */
  part: MultipartFile;
}

export interface ReceiveLimits {
  maxBytes: number;
  noFile: string;
  tooLarge: string;
}

export async function withReceivedFile<T>(
  req: FastifyRequest,
  temp: TempFiles,
  limits: ReceiveLimits,
  use: (file: ReceivedFile) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart()) throw badRequest(limits.noFile, "file_required");
  const part = await req.file({ limits: { fileSize: limits.maxBytes, files: 1 } });
  if (!part || part.fieldname !== "file") throw badRequest(limits.noFile, "file_required");
  const path = await temp.newPath("upload");
  try {
    await writeTemp(temp, path, part.file);
    if (part.file.truncated) throw new AppError(413, "file_too_large", limits.tooLarge);
    return await use({ path, part });
  } finally {
    await temp.remove(path);
  }
}
