/**
 * Wires the uploads module: the temp folder every upload's body lands in first (0700), swept at
 * start of the files interrupted uploads left. Photos, resumable uploads and the pole register
 * import receive their files into it; the multipart receiver and the upload fields are here too.
 */
import { chmod, mkdir } from "node:fs/promises";
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import { sweepStaleUploads } from "../../infra/uploads/stale-uploads";
import { createTempFiles, TEMP_DIR_MODE, type TempFiles } from "../../infra/uploads/temp-files";

/** Temp files older than this at start-up belong to uploads a crash interrupted. */
const STALE_UPLOAD_AGE_MS = 6 * 3600 * 1000;

export interface UploadsModule {
  temp: TempFiles;
}

export async function registerUploads(
  app: FastifyInstance,
  deps: { config: Pick<Config, "uploadTmpDir" | "requestTimeoutMs"> },
): Promise<UploadsModule> {
  const { config } = deps;
  const log = app.log.child({ module: "uploads" });
  try {
    const removed = await sweepStaleUploads(config.uploadTmpDir, {
      // Far longer than a request may take (REQUEST_TIMEOUT_SECONDS): none still running loses its file.
      maxAgeMs: Math.max(STALE_UPLOAD_AGE_MS, 2 * config.requestTimeoutMs),
    });
    if (removed > 0) log.info({ removed }, "removed temp files of interrupted uploads");
  } catch (err) {
    log.error({ err }, "could not sweep the upload temp folder");
  }
  // The folder exists before any part is written (resumable uploads keep theirs in it), and is
  // the server's alone, whatever mode an older version or the umask left it with.
  await mkdir(config.uploadTmpDir, { recursive: true, mode: TEMP_DIR_MODE });
  await chmod(config.uploadTmpDir, TEMP_DIR_MODE);
  return { temp: createTempFiles(config.uploadTmpDir) };
}
