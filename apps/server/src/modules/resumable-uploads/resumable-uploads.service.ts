/**
 * The rules of resumable uploads: who may create one and for how many bytes (the quota is held
 * from Upload-Length at creation), whose an upload id is (someone else's is a 404), and what
 * happens once its last byte has landed: the file goes through the same ingest as POST
 * /api/images (type from the bytes, EXIF, duplicates, face blurring, the pole rule, the audit
 * trail, the per-user limits), and the outcome is kept for GET /api/uploads/:id.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { MAX_OPEN_RESUMABLE_UPLOADS, messages, type ResumableUploadResult } from "@poleatlas/shared";
import type { FastifyBaseLogger } from "fastify";
import { AppError, badRequest, notFound } from "../../errors";
import { CONTENT_TYPES, HEIC_CONTENT_TYPES } from "../../infra/images/image-processor";
import type { ResumableParts, StoredPart, UploadMetadata } from "../../infra/uploads/resumable-parts";
import type { Actor } from "../workspaces/actor";
import type { ImagesService } from "../photos/images.service";
import type { ResumableOutcome, ResumableUploadsRepository } from "./resumable-uploads.repository";
import { parseLastModified, parseTimezoneOffset } from "../uploads/upload-fields";
import type { ReceivedUpload, ReceiveOptions } from "../uploads/upload-receiver";

const ACCEPTED_TYPES = new Set([...Object.values(CONTENT_TYPES), ...HEIC_CONTENT_TYPES]);

export function createResumableUploads(deps: {
  images: ImagesService;
  repository: ResumableUploadsRepository;
  /** Where the parts wait (the temp folder, or the bucket with STORAGE=s3). */
  parts: ResumableParts;
  log: FastifyBaseLogger;
}) {
  const { images, repository, parts, log } = deps;
  /** One finishing per upload in this process: the last PATCH and a GET may both start it. */
  const finishing = new Map<string, Promise<void>>();

  const removePart = (id: string) =>
    parts.remove(id).catch((err: unknown) => {
      // Left for the abandoned-upload sweep (24 h).
      log.warn({ err, uploadId: id }, "could not remove a finished upload's parts");
    });

  /**
   * The complete file, handed to the ingest as a received upload in the temp folder (hashed once).
   * The parts stay until the outcome is recorded: while the ingest runs, a client whose last answer
   * was lost asks HEAD and must hear "complete", not "gone" (it would send the photo again).
   */
  async function received(
    id: string,
    metadata: UploadMetadata,
    opts: ReceiveOptions,
  ): Promise<ReceivedUpload> {
    const file = await opts.temp.newPath("upload");
    let size: number;
    const hash = createHash("sha256");
    try {
      await parts.copyTo(id, file, opts.temp);
      size = (await stat(file)).size;
      await pipeline(createReadStream(file), hash);
    } catch (err) {
      // Not handed to the ingest yet: its temp file is ours to remove.
      await opts.temp.remove(file).catch(() => {});
      throw err;
    }
    const fields: Record<string, string> = {};
    for (const key of ["lastModified", "timezoneOffset", "workspaceId", "uploaderId"]) {
      const value = metadata[key];
      if (typeof value === "string") fields[key] = value;
    }
    return {
      path: file,
      size,
      sha256: hash.digest("hex"),
      // Past the quota left now (or the user's in-flight bytes): the ingest answers its 413.
      truncated: size > opts.maxBytes || !opts.take(size),
      filename: metadata.filename ?? "",
      fields,
    };
  }

  async function finishOnce(actor: Actor, id: string, part: StoredPart): Promise<void> {
    let outcome: ResumableOutcome;
    try {
      const result = await images.upload(actor, part.size ?? part.offset, (opts) =>
        received(id, part.metadata ?? {}, opts),
      );
      outcome = { imageId: result.image.id, duplicate: result.duplicate };
    } catch (err) {
      // The user's uploads in flight are full: nothing is kept, the next GET finishes it.
      if (err instanceof AppError && err.statusCode === 429) throw err;
      if (err instanceof AppError) {
        outcome = { status: err.statusCode, code: err.code, message: err.message };
      } else {
        log.error({ err, uploadId: id }, "a resumable upload could not be stored");
        outcome = { status: 500, code: "upload_failed", message: messages.uploadFailed };
      }
    }
    await repository.finish(id, outcome);
    await removePart(id);
  }

  /** Ingests a complete upload once, whoever asks first. */
  function finish(actor: Actor, id: string, part: StoredPart): Promise<void> {
    const running = finishing.get(id);
    if (running) return running;
    const started = finishOnce(actor, id, part).finally(() => finishing.delete(id));
    finishing.set(id, started);
    return started;
  }

  async function owned(actor: Actor, id: string) {
    const row = await repository.find(id);
    if (!row || row.workspace_id !== actor.workspaceId || row.user_id !== actor.userId) {
      throw notFound(messages.uploadNotFound);
    }
    return row;
  }

  return {
    /**
     * A new upload of `size` bytes: the metadata is checked as far as it can be before a byte
     * arrives (the type from `filetype`: 415; the fields: 400), then the bytes are held against
     * the quota (413) and the upload recorded.
     */
    async create(
      actor: Actor,
      id: string,
      size: number | undefined,
      metadata: UploadMetadata,
    ): Promise<void> {
      if (size === undefined) throw badRequest(messages.uploadFileNameRequired, "length_required");
      if (!metadata.filename || !metadata.filetype) {
        throw badRequest(messages.uploadFileNameRequired, "metadata_required");
      }
      if (!ACCEPTED_TYPES.has(metadata.filetype)) {
        throw new AppError(415, "unsupported_type", messages.onlyJpegPng);
      }
      if (size === 0) throw badRequest(messages.imageEmpty, "empty_file");
      parseLastModified(metadata.lastModified ?? undefined);
      parseTimezoneOffset(metadata.timezoneOffset ?? undefined);
      await images.reserveRoom(
        actor,
        size,
        (tx) => repository.held(tx, actor.workspaceId, actor.userId),
        async (tx) => {
          // Counted under the user's lock, so parallel creations cannot pass it together. Each
          // open upload is a file and a row until it finishes or the sweep takes it (24 h).
          if ((await repository.openCount(tx, actor.userId)) >= MAX_OPEN_RESUMABLE_UPLOADS) {
            throw new AppError(
              429,
              "too_many_open_uploads",
              messages.tooManyOpenUploads(MAX_OPEN_RESUMABLE_UPLOADS),
            );
          }
          await repository.insert(tx, {
            id,
            workspaceId: actor.workspaceId,
            userId: actor.userId,
            length: size,
          });
        },
      );
    },

    /** HEAD, PATCH and DELETE of the protocol: only on the caller's own uploads there. */
    async checkOwner(actor: Actor, id: string): Promise<void> {
      await owned(actor, id);
    },

    finish,

    /** After a termination (DELETE, owner checked before it ran): the bytes held are free again. */
    terminated: (id: string) => repository.removeOpen(id),

    /**
     * What the upload became: the photo (200, `duplicate` for the same bytes stored before), or
     * the error a plain upload would have answered; 409 while bytes are missing.
     */
    async result(actor: Actor, id: string): Promise<ResumableUploadResult> {
      let row = await owned(actor, id);
      if (!row.finished) {
        const running = finishing.get(id);
        if (running) {
          // Its last PATCH is storing it now (that answer may have been lost on the way).
          await running.catch(() => {});
        } else {
          const part = await parts.stored(id);
          if (!part || part.size === undefined || part.offset < part.size) {
            throw new AppError(409, "upload_incomplete", messages.uploadIncomplete);
          }
          // Its last PATCH could not finish it (the user's uploads in flight were full, or the
          // process stopped): this request does.
          await finish(actor, id, part);
        }
        row = await owned(actor, id);
        if (!row.finished) throw new AppError(409, "upload_incomplete", messages.uploadIncomplete);
      }
      if (row.error_status !== null) {
        throw new AppError(row.error_status, row.error_code ?? "upload_failed", row.error_message ?? "");
      }
      if (!row.image_id) throw notFound(messages.imageNotFound);
      // A photo waiting for its pole names the register poles it may show, as POST /api/images does.
      const answer = await images.get(actor, row.image_id);
      return row.duplicate ? { ...answer, duplicate: true } : answer;
    },
  };
}

export type ResumableUploads = ReturnType<typeof createResumableUploads>;
