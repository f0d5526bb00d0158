/**
 * The rules about photos: who may see what, the quota, and the order of steps that keeps the
 * database and the stored files in agreement (no row without files, no files without a row).
 */
import { randomUUID } from "node:crypto";
import {
  canDeleteAny,
  canEdit,
  IMAGE_PAGE_LIMIT,
  MAX_PHOTO_PIXELS,
  MAX_UPLOADS_IN_FLIGHT,
  messages,
  parseRegionKey,
  regionKey,
  safeDisplayName,
  strongestRole,
  type ImageFormat,
  type ImageList,
  type ImageListQuery,
  type ImageRecord,
  type PhotoMetadata,
  type PhotoWorkspace,
  type PoleCandidate,
  type RegionRisk,
  type RegionSummary,
  type StorageUsage,
  workspaceTexts,
} from "@poleatlas/shared";
import { readPhotoMetadata, type PhotoReading } from "@poleatlas/shared/exif";
import type { FastifyBaseLogger } from "fastify";
import { AppError, badRequest, forbidden, notFound } from "../../errors";
import {
  CONTENT_TYPES,
  EXTENSIONS,
  ImageDecodeError,
  THUMBNAIL_CONTENT_TYPE,
  type ImageProcessor,
} from "../../infra/images/image-processor";
import type { HeicDecoder } from "../../infra/images/heic-decoder";
import type { ServedObject, Storage } from "../../infra/storage/storage";
import type { TempFiles } from "../../infra/uploads/temp-files";
import { toImageRecord } from "./image-record";
import type { Executor } from "../../infra/db/database";
import type { ImageRow, ImagesRepository, ListFilter } from "./images.repository";
import type { FacePrivacy, PreparedPhoto } from "./face-privacy";
import { decodeCursor, encodeCursor } from "./list-cursor";
import { captureTime } from "./capture-time";
import { parseLastModified, parseTimezoneOffset } from "../uploads/upload-fields";
import type { ReceivedUpload, ReceiveOptions } from "../uploads/upload-receiver";
import type { UploadSlots } from "../../infra/limits/upload-slots";
import type { AuditLog } from "../audit/audit-log";
import type { PublishEvent } from "../events/events.repository";
import { unvisitedRegionNumbers } from "./region-numbers";
import { beyondKey, type Actor } from "../workspaces/actor";
import {
  inForce,
  quotaExceeded,
  refusalFor,
  remainingBytes,
  usageAnswer,
  type WorkspaceStorage,
} from "./workspace-storage";
import { keysetPage } from "../../infra/db/keyset-page";
import { isWaiting, placeSeen, type PolePlacement } from "./pole-placement";
import {
  attachmentDisposition,
  downloadName,
  originalKey,
  originalMime,
  type OriginalFile,
} from "./photo-original";

export type { PolePlacement, RegionPoles } from "./pole-placement";

export interface ImagesServiceDeps {
  repository: ImagesRepository;
  storage: Storage;
  images: ImageProcessor;
  temp: TempFiles;
  slots: UploadSlots;
  log: FastifyBaseLogger;
  poles: PolePlacement;
  audit: AuditLog;
  /** Uploads and deletions reach the workspace's open screens (with the change's transaction). */
  publish: PublishEvent;
  /** A team's pool where no instance administrator set one (config TEAM_QUOTA_BYTES). */
  teamQuotaBytes: number;
  /** Blurs faces before a photo is stored (where the workspace's setting says so). */
  privacy: FacePrivacy;
  /** HEIC photos to the JPEG that is stored for them. */
  renditions: HeicDecoder;
}

/** A photo as its answers give it: waiting for its pole, with the register poles it may show. */
export interface PhotoAnswer {
  image: ImageRecord;
  pole_candidates?: PoleCandidate[];
}

/** A stored upload, or the caller's photo with the same bytes (`duplicate`). */
export interface UploadResult extends PhotoAnswer {
  duplicate: boolean;
}

/** Hands the request's file over, written to a temp file within the given limits. */
export type ReceiveFile = (opts: ReceiveOptions) => Promise<ReceivedUpload | null>;

/**
 * What GET /files/<key> answers: the stored object and the headers that go with it (a photo's
 * original goes out as an attachment with its own name).
 */
export type ServedFile = ServedObject & { contentType: string; cacheControl: string; disposition?: string };

/**
 * Private: the bytes are the owner's; shared caches must not keep them. No-cache: the browser
 * asks again (with the ETag, so unchanged bytes cost a 304) before every use, and the owner check
 * runs each time: on a shared device a signed-out browser gets no photo from its cache.
 */
const FILE_CACHE_CONTROL = "private, no-cache";
/** Keys are ours (see upload): a NUL or control character can only be a probe (and text cannot hold NUL). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The spec's insert rule: a name, and metadata with its timestamp. */
export function validateNewImage(name: string, metadata: Partial<PhotoMetadata> | null | undefined): void {
  if (!name.trim()) throw badRequest(messages.imageNameRequired, "name_required");
  if (!metadata?.timestamp) throw badRequest(messages.imageMetadataRequired, "metadata_required");
}

/** The file an upload stores: as received, or a HEIC's JPEG rendition with the HEIC (`original`). */
interface StorableFile {
  path: string;
  size: number;
  format: ImageFormat;
  original?: OriginalFile;
}

/** The request's own fields of an upload, parsed once. */
interface UploadFields {
  name: string;
  lastModified: number | null;
  timezoneOffset: number | null;
}

/**
 * A photo over the pixel limit is refused from its header, before any decode: a HEIC's decode
 * holds all its pixels at once (400 MB at 100 MP), a JPEG's would fail later as "damaged".
 */
async function refuseTooManyPixels(images: ImageProcessor, path: string): Promise<void> {
  const pixels = await images.headerPixels(path);
  if (pixels === null || pixels <= MAX_PHOTO_PIXELS) return;
  const megapixels = (n: number) => Math.round(n / 1e6);
  throw new AppError(
    422,
    "too_many_pixels",
    messages.imageTooManyPixels(megapixels(pixels), megapixels(MAX_PHOTO_PIXELS)),
  );
}

export const tooManyUploads = () =>
  new AppError(429, "too_many_uploads", messages.tooManyUploads(MAX_UPLOADS_IN_FLIGHT));

export function createImagesService(deps: ImagesServiceDeps) {
  const {
    repository,
    storage,
    images,
    temp,
    slots,
    log,
    poles,
    audit,
    publish,
    teamQuotaBytes,
    privacy,
    renditions,
  } = deps;

  /** The photo, and where it waits for its pole, the register poles it may show. */
  async function answerOf(row: ImageRow): Promise<PhotoAnswer> {
    const image = toImageRecord(row);
    if (!isWaiting(row)) return { image };
    const at = { latitude: row.latitude!, longitude: row.longitude! };
    return { image, pole_candidates: await poles.candidates(row.workspace_id, at) };
  }

  /** The active workspace's quota and usage, and the caller's cap there (in `tx`: under its lock). */
  const storageOf = async (actor: Actor, tx?: Executor): Promise<WorkspaceStorage> =>
    inForce(actor, await repository.storage(actor.workspaceId, actor.userId, tx), teamQuotaBytes);

  async function removeQuietly(keys: string[]): Promise<void> {
    for (const key of keys) {
      await storage
        .delete(key)
        .catch((err: unknown) => log.error({ err, key }, "could not remove a stored file"));
    }
  }

  /**
   * The transaction failed, so the files stored for it must go, unless the row exists after all:
   * a COMMIT whose answer was lost (connection dropped) may still have committed. A failure before
   * COMMIT rolled back for sure; after it, only a fresh look at the table can tell.
   */
  async function discardAfterFailedInsert(id: string, keys: string[], reachedCommit: boolean): Promise<void> {
    if (reachedCommit) {
      const exists = await repository.exists(id).catch((err: unknown) => {
        log.error({ err, id, keys }, "upload failed at COMMIT and its row cannot be checked: files kept");
        return true;
      });
      if (exists) return;
    }
    await removeQuietly(keys);
  }

  /**
   * A photo kept for later names whose and where it is: sent after a sign-out and another
   * sign-in, or a workspace switch, it must not land in someone else's photos.
   */
  function checkMeantFor(actor: Actor, fields: Record<string, string>): void {
    const { workspaceId: meantFor, uploaderId: meantBy } = fields;
    if ((meantFor && meantFor !== actor.workspaceId) || (meantBy && meantBy !== actor.userId)) {
      throw new AppError(409, "wrong_workspace", workspaceTexts.keptForOther);
    }
  }

  /**
   * A received file: check its bytes → read metadata → thumbnail → store both files → one short
   * transaction under the workspace's lock (re-check quota and cap, insert) → commit. Any failure
   * leaves neither row nor file. The caller removes the received temp file.
   */
  async function store(actor: Actor, received: ReceivedUpload): Promise<UploadResult> {
    const { workspaceId } = actor;
    const lastModified = parseLastModified(received.fields.lastModified);
    const timezoneOffset = parseTimezoneOffset(received.fields.timezoneOffset);
    const name = safeDisplayName(received.filename);
    if (received.size === 0) throw badRequest(messages.imageEmpty, "empty_file");
    // The same bytes again are the photo already stored: nothing stored, no quota charged.
    const { sha256 } = received;
    const twin = await repository.findBySha256(workspaceId, sha256);
    if (twin) return { ...(await answerOf(twin)), duplicate: true };

    // The one look at the bytes: the format (magic bytes) and the EXIF come from the same reading.
    const reading = await readPhotoMetadata(await temp.openBlob(received.path), {
      lastModified: lastModified ?? undefined,
      timezoneOffset: timezoneOffset ?? undefined,
    });
    if (!reading.format) throw new AppError(415, "unsupported_type", messages.onlyJpegPng);
    await refuseTooManyPixels(images, received.path);
    const upload: UploadFields = { name, lastModified, timezoneOffset };
    if (reading.format !== "heic") {
      return storeFile(actor, received, reading, { ...received, format: reading.format }, upload);
    }
    // A HEIC is stored as the JPEG it decodes to: browsers, pdfkit and the face scan read no HEIC.
    const rendition = await temp.newPath("rendition");
    try {
      await renditions.toJpeg(received.path, rendition).catch((err: unknown) => {
        if (err instanceof ImageDecodeError) throw badRequest(messages.imageUnreadable, "invalid_image");
        throw err;
      });
      const original = { path: received.path, size: received.size, mime: await originalMime(received.path) };
      const file = { path: rendition, size: await temp.size(rendition), format: "jpeg" as const, original };
      return await storeFile(actor, received, reading, file, upload);
    } finally {
      await temp.remove(rendition).catch((err: unknown) => log.warn({ err }, "could not remove a temp file"));
    }
  }

  /**
   * The rest of `store` for the file to store (`file`: as received, or a HEIC's JPEG rendition),
   * with the reading of the received bytes.
   */
  async function storeFile(
    actor: Actor,
    received: ReceivedUpload,
    reading: PhotoReading,
    file: StorableFile,
    { name, lastModified, timezoneOffset }: UploadFields,
  ): Promise<UploadResult> {
    const { userId, workspaceId } = actor;
    const { sha256 } = received;
    const format = file.format;
    const metadata: PhotoMetadata = {
      latitude: reading.latitude,
      longitude: reading.longitude,
      timestamp: reading.timestamp,
      filename: name,
      fileSize: file.size,
      fileType: CONTENT_TYPES[format],
      lastModified,
    };
    validateNewImage(name, metadata);
    const time = captureTime(reading, timezoneOffset);
    // Read from the received file: a blurred copy keeps the focal length but not the sensor's size.
    const size = await images.displayedSize(file.path);
    if (size) metadata.optics = { ...size, ...reading.lens };

    // Faces are blurred before anything is stored; the unblurred bytes stay in the temp folder
    // and go with the request. The duplicate check above stays on the bytes that arrived.
    let prepared: PreparedPhoto;
    try {
      prepared = await privacy.prepare(workspaceId, file.path, file.size, format);
    } catch (err) {
      if (err instanceof ImageDecodeError) throw badRequest(messages.imageUnreadable, "invalid_image");
      throw err;
    }
    metadata.fileSize = prepared.size;
    // A photo whose faces were blurred keeps no unblurred copy: its original is not stored.
    const original = prepared.faces > 0 ? undefined : file.original;
    // What the workspace is charged: every stored file of the photo but its thumbnail.
    const bytes = prepared.size + (original?.size ?? 0);
    const thumbPath = await temp.newPath("thumb");
    try {
      try {
        await images.thumbnail(prepared.path, thumbPath, prepared.preview);
      } catch (err) {
        if (err instanceof ImageDecodeError) throw badRequest(messages.imageUnreadable, "invalid_image");
        throw err;
      }

      // Both files go into storage under fresh keys BEFORE the lock: storage may be slow (S3), and
      // a transaction waiting on it would hold a pool connection, and the user's lock, all along.
      const id = randomUUID();
      const storageKey = `utility-poles/${userId}/${id}.${EXTENSIONS[format]}`;
      const thumbnailKey = `utility-poles/${userId}/thumbnails/${id}.webp`;
      const kept = original && {
        key: originalKey(userId, id, original.mime),
        mime: original.mime,
        bytes: original.size,
      };
      // Listed before each put: a put that fails late (e.g. S3 stored it, the answer got lost)
      // may still have left its object, and deleting a missing key is no error.
      const stored: string[] = [];
      try {
        stored.push(storageKey);
        await storage.put(storageKey, prepared.path, metadata.fileType);
        stored.push(thumbnailKey);
        await storage.put(thumbnailKey, thumbPath, THUMBNAIL_CONTENT_TYPE);
        if (original && kept) {
          stored.push(kept.key);
          await storage.put(kept.key, original.path, original.mime);
        }
      } catch (err) {
        await removeQuietly(stored);
        throw err;
      }

      // Inside the transaction only: lock → quota re-check → insert.
      let reachedCommit = false;
      try {
        // The workspace's lock guards its quota (every member's upload takes it), the poles and
        // the duplicates; the uploader's is the one the summary triggers take too.
        const result = await repository.withLocks([userId, workspaceId], async (tx) => {
          // A team upload may take minutes: the uploader removed or made a viewer meanwhile
          // uploads nothing more into it.
          if (workspaceId !== userId) {
            const role = await repository.roleIn(tx, workspaceId, userId);
            if (role === null || !canEdit(strongestRole(role))) throw forbidden(workspaceTexts.forbidden);
          }
          // The same bytes may have come in beside this upload: the first one stored is the photo.
          const twin = await repository.findBySha256(workspaceId, sha256, tx);
          if (twin) return { row: twin, duplicate: true };
          const refusal = refusalFor(await storageOf(actor, tx), bytes);
          if (refusal) throw refusal;
          const { latitude, longitude } = reading;
          const poleId =
            latitude !== null && longitude !== null
              ? await poles.assign(
                  tx,
                  workspaceId,
                  placeSeen({ latitude, longitude, heading: reading.heading, metadata }),
                )
              : null;
          const inserted = await repository.insert(tx, {
            id,
            userId,
            workspaceId,
            storageKey,
            thumbnailKey,
            name,
            // The local day where it was taken; without a place, the spec's rule (capture-time.ts).
            date: time.date,
            latitude: reading.latitude,
            longitude: reading.longitude,
            fileSize: bytes,
            metadata,
            poleId,
            sha256,
            takenAt: time.takenAt,
            heading: reading.heading,
            facesBlurred: prepared.faces,
            original: kept ?? null,
          });
          await audit(
            actor,
            {
              action: "image.upload",
              targetType: "image",
              targetId: id,
              details: {
                name,
                bytes,
                ...(prepared.faces > 0 ? { faces: prepared.faces } : {}),
              },
            },
            tx,
          );
          const poleIds = poleId ? [poleId] : [];
          await publish({ workspaceId, type: "image.created", actorId: userId, imageIds: [id], poleIds }, tx);
          reachedCommit = true;
          return { row: inserted, duplicate: false };
        });
        if (result.duplicate) await removeQuietly(stored);
        return { ...(await answerOf(result.row)), duplicate: result.duplicate };
      } catch (err) {
        await discardAfterFailedInsert(id, stored, reachedCommit);
        throw err;
      }
    } finally {
      await temp.remove(thumbPath).catch((err: unknown) => log.warn({ err }, "could not remove a temp file"));
      await prepared.discard().catch((err: unknown) => log.warn({ err }, "could not remove a temp file"));
    }
  }

  return {
    /** The active workspace's usage and quota, and the caller's cap there where one is set. */
    usage: async (actor: Actor): Promise<StorageUsage> => usageAnswer(await storageOf(actor)),

    /**
     * A page of the caller's photos in list order: all of them, one region's (`region`), or only
     * those without coordinates (`unplaced`), each paged the same way (a region of 31k photos
     * was 36 MB of JSON in one answer).
     */
    async list({ workspaceId }: Actor, q: ImageListQuery): Promise<ImageList> {
      let region: ListFilter["region"];
      if (q.region !== undefined) {
        region = parseRegionKey(q.region) ?? undefined;
        if (!region) throw badRequest(messages.invalidRegion, "invalid_region");
      }
      const limit = Math.min(q.limit ?? IMAGE_PAGE_LIMIT, IMAGE_PAGE_LIMIT);
      const after = q.cursor === undefined ? null : decodeCursor(q.cursor);
      // One row more than asked tells whether another page follows.
      const rows = await repository.page(workspaceId, after, limit + 1, {
        region,
        unplaced: q.unplaced === "true",
      });
      const { page, next } = keysetPage(rows, limit, encodeCursor);
      return {
        images: page.map(toImageRecord),
        nextCursor: next,
      };
    },

    /**
     * One photo of the workspace (with the register poles it may show while it waits for one):
     * anyone else gets the same 404 as for an id that does not exist.
     */
    async get({ workspaceId }: Actor, id: string): Promise<PhotoAnswer> {
      const row = UUID.test(id) ? await repository.findOwned(workspaceId, id) : null;
      if (!row) throw notFound(messages.imageNotFound);
      return answerOf(row);
    },

    /**
     * Where a photo lives, for a link opened in another workspace: answered only to its members;
     * anyone else gets the same 404 as for a photo that does not exist.
     */
    async workspaceOf(actor: Actor, id: string): Promise<PhotoWorkspace> {
      const found = await repository.workspaceOfPhoto(actor.userId, id);
      if (!found || beyondKey(actor, found.id)) throw notFound(messages.imageNotFound);
      return {
        workspace:
          found.team_name === null
            ? { id: found.id, kind: "personal", name: workspaceTexts.personal }
            : { id: found.id, kind: "team", name: found.team_name },
      };
    },

    async regions(actor: Actor): Promise<RegionSummary[]> {
      const [rows, poleRegions, inspectionOf] = await Promise.all([
        repository.regions(actor.workspaceId),
        poles.riskByRegion(actor.workspaceId),
        poles.inspectionByRegion(actor),
      ]);
      const { riskOf, imported } = poleRegions;
      const poleCount = (risk: RegionRisk) => risk.high + risk.medium + risk.low + risk.unrated;
      const summaries: RegionSummary[] = rows.map((r) => {
        const risk = riskOf(r.region_lon, r.region_lat);
        return {
          id: regionKey(r.region_lon, r.region_lat),
          name: `Region ${r.number}`,
          // `+ 0`: PostgreSQL may hand back -0 for a region just west of 0°; JSON has no -0 either.
          longitude: r.region_lon + 0,
          latitude: r.region_lat + 0,
          count: r.count,
          bounds: {
            minLon: r.min_lon + 0,
            minLat: r.min_lat + 0,
            maxLon: r.max_lon + 0,
            maxLat: r.max_lat + 0,
          },
          risk,
          ...inspectionOf(r.region_lon, r.region_lat),
          ...(imported ? { poles: poleCount(risk) } : {}),
        };
      });
      if (!imported) return summaries;
      for (const r of unvisitedRegionNumbers(rows, poleRegions.regions)) {
        const risk = riskOf(r.region_lon, r.region_lat);
        const lon = r.region_lon + 0;
        const lat = r.region_lat + 0;
        summaries.push({
          id: regionKey(lon, lat),
          name: `Region ${r.number}`,
          longitude: lon,
          latitude: lat,
          count: 0,
          bounds: { minLon: lon - 0.05, minLat: lat - 0.05, maxLon: lon + 0.05, maxLat: lat + 0.05 },
          risk,
          ...inspectionOf(r.region_lon, r.region_lat),
          poles: poleCount(risk),
        });
      }
      return summaries;
    },

    /**
     * Upload: receive under the remaining quota → check the bytes → read metadata → thumbnail →
     * store both files → one short transaction under the workspace's lock (re-check, insert) →
     * commit. Any failure leaves neither row nor file.
     *
     * `declaredBytes`: the request's Content-Length (null when it has none). `claimedSha256`: the
     * hash a queued photo names (PHOTO_SHA256_HEADER), used only to answer "already stored" where
     * the quota would refuse it; anything stored is hashed from the bytes that arrived.
     */
    async upload(
      actor: Actor,
      declaredBytes: number | null,
      receive: ReceiveFile,
      claimedSha256?: string,
    ): Promise<UploadResult> {
      if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
      const { userId } = actor;
      const slot = slots.acquire(userId);
      if (!slot) throw tooManyUploads();
      // A photo that arrived before, whose answer was lost, is sent again by the queue: near the
      // quota it would be refused as too big, though nothing needs storing.
      const storedOrRefuse = async (refusal: AppError): Promise<UploadResult> => {
        const twin = claimedSha256 ? await repository.findBySha256(actor.workspaceId, claimedSha256) : null;
        if (twin) return { image: toImageRecord(twin), duplicate: true };
        throw refusal;
      };
      try {
        const before = await storageOf(actor);
        const remaining = remainingBytes(before);
        // Past what is left, the refusal names the limit that is full (the cap or the quota).
        const tooBig =
          refusalFor(before, remaining + 1) ?? quotaExceeded(before.usedBytes, before.quotaBytes);
        // The user's other uploads in flight hold the rest of what is left: this one cannot fit.
        const fits = slot.reserve(declaredBytes, remaining);
        if (!fits && !claimedSha256) throw tooBig;
        // A queued photo that may be stored already is read (its bytes dropped) for its fields:
        // whose and where it is decides before any answer.
        const received = await receive(
          fits
            ? { temp, maxBytes: remaining, take: (n) => slot.take(n) }
            : { temp, maxBytes: 0, take: () => false },
        );
        if (!received) throw badRequest(messages.noFilesSelected, "file_required");
        try {
          checkMeantFor(actor, received.fields);
          // Over a limit the temp file is cut short; the quota, not the file, is the problem.
          if (received.truncated) return await storedOrRefuse(tooBig);
          return await store(actor, received);
        } finally {
          await temp
            .remove(received.path)
            .catch((err: unknown) => log.warn({ err }, "could not remove a temp file"));
        }
      } finally {
        slot.release();
      }
    },

    /**
     * Holds `bytes` for a resumable upload before any of them is sent: under the locks an upload's
     * insert takes, they must fit what is left once the photos stored and the other open resumable
     * uploads (`held`) are counted; `hold` records the reservation in the same transaction. The
     * refusal is a plain upload's 413 (its figures are those stored).
     */
    async reserveRoom(
      actor: Actor,
      bytes: number,
      held: (tx: Executor) => Promise<{ all: number; member: number }>,
      hold: (tx: Executor) => Promise<void>,
    ): Promise<void> {
      if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
      await repository.withLocks([actor.userId, actor.workspaceId], async (tx) => {
        const now = await storageOf(actor, tx);
        const h = await held(tx);
        const promised = {
          ...now,
          usedBytes: now.usedBytes + h.all,
          memberUsedBytes: now.memberUsedBytes + h.member,
        };
        if (refusalFor(promised, bytes))
          throw refusalFor(now, bytes) ?? quotaExceeded(now.usedBytes, now.quotaBytes);
        await hold(tx);
      });
    },

    /**
     * The row goes first (filtered on id and workspace), then its files. Owners and admins delete
     * any photo of the workspace, members only their own, viewers none.
     */
    async delete(actor: Actor, id: string): Promise<void> {
      const { workspaceId } = actor;
      const photo = UUID.test(id) ? await repository.findOwned(workspaceId, id) : null;
      if (!photo) throw notFound(messages.imageNotFound);
      if (!canEdit(actor.role)) throw forbidden(workspaceTexts.forbidden);
      if (!canDeleteAny(actor.role) && photo.user_id !== actor.userId) {
        throw forbidden(workspaceTexts.notYourPhoto);
      }
      // Under the workspace's lock (the pole it leaves may go, and no upload may be joining it
      // then) and the uploader's, which the usage trigger takes: both at once, sorted.
      const row = await repository.withLocks([workspaceId, photo.user_id], async (tx) => {
        const deleted = await repository.deleteOwned(workspaceId, id, tx);
        if (!deleted) return null;
        if (deleted.pole_id) await poles.refresh(tx, [deleted.pole_id]);
        const details = { name: deleted.name, uploaded_by: deleted.user_id, pole_id: deleted.pole_id };
        await audit(actor, { action: "image.delete", targetType: "image", targetId: id, details }, tx);
        const poleIds = deleted.pole_id ? [deleted.pole_id] : [];
        await publish(
          { workspaceId, type: "image.deleted", actorId: actor.userId, imageIds: [id], poleIds },
          tx,
        );
        return deleted;
      });
      if (!row) throw notFound(messages.imageNotFound);
      // The photo is gone for the user either way; a file left behind is an operator's cleanup.
      await removeQuietly([
        row.storage_key,
        row.thumbnail_key,
        ...(row.original_key ? [row.original_key] : []),
      ]);
    },

    /**
     * The stored file behind /files/<key>, to the members of its workspace (whichever is active:
     * the page's <img> cannot say which tab asked); anyone else, and any key that is not one
     * of ours, gets the same 404 as a key that does not exist, so keys cannot be probed.
     */
    async file(actor: Actor, key: string): Promise<ServedFile> {
      if (CONTROL.test(key)) throw notFound(messages.imageNotFound);
      const row = await repository.findByKeyForMember(actor.userId, key);
      if (!row || beyondKey(actor, row.workspace_id)) throw notFound(messages.imageNotFound);
      const isOriginal = key === row.original_key && row.original_mime !== null;
      const contentType = isOriginal
        ? row.original_mime!
        : key === row.thumbnail_key
          ? THUMBNAIL_CONTENT_TYPE
          : row.metadata.fileType;
      const disposition = isOriginal
        ? attachmentDisposition(downloadName(row.name, row.original_mime!))
        : undefined;
      const served = await storage.serve(key, { contentType, cacheControl: FILE_CACHE_CONTROL, disposition });
      if (!served) {
        log.error({ key }, "a photo's row exists but its stored file does not");
        throw notFound(messages.imageNotFound);
      }
      return { ...served, contentType, cacheControl: FILE_CACHE_CONTROL, disposition };
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
