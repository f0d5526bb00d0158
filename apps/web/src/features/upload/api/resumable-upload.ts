/**
 * A photo over the tus protocol (/api/uploads) with tus-js-client, in RESUMABLE_CHUNK_BYTES
 * pieces: a dropped link costs at most the piece under way. The upload dialog and the upload
 * queue both send this way; with the upload URL kept (the queue's IndexedDB entry, the dialog's
 * item) a later try resumes from the last piece that arrived. Once every byte is there, GET
 * /api/uploads/:id answers what the photo became, as POST /api/images would have.
 */
import {
  messages,
  RESUMABLE_CHUNK_BYTES,
  RESUMABLE_UPLOAD_PATH,
  resumableUploadResultSchema,
  type ImageRecord,
  type PoleCandidate,
} from "@poleatlas/shared";
import { DefaultHttpStack, Upload, type DetailedError, type HttpRequest } from "tus-js-client";
import { ApiError, apiErrorFrom, workspaceHeader } from "../../../lib/api-client";
import { noteServerAnswered, noteServerUnreachable } from "../../../lib/offline/connectivity";

/**
 * The stored photo; `duplicate` when these bytes were stored before (nothing stored again);
 * `candidates` where it waits for the member to say which register pole it shows.
 */
export interface UploadAnswer {
  image: ImageRecord;
  duplicate: boolean;
  candidates?: PoleCandidate[];
}

export interface ResumableOptions {
  /** Called with the share of bytes sent, 0–1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Whose and for which workspace (a queued photo): the server refuses it anywhere else. */
  meantFor?: { userId: string; workspaceId: string };
  /** Where an earlier try of this photo left off (null: a new upload). */
  uploadUrl?: string | null;
  /** The upload's URL, as soon as the server gave it: kept, it lets a later try resume. */
  onUploadUrl?: (url: string) => void | Promise<void>;
  /** Waits before each automatic retry of a dropped piece (tus-js-client's retryDelays). */
  retryDelays?: number[];
}

/**
 * A request that carries nothing for this long is given up (a retryable network error): a
 * stalled upload would otherwise hold the dialog and the queue for good. The bytes going out
 * reset it; once the last byte is out, the server's answer gets ANSWER_WAIT_MS (it decodes the
 * photo, blurs faces, before it answers the last piece).
 */
export const STALL_MS = 60_000;
export const ANSWER_WAIT_MS = 120_000;

const networkError = () => new ApiError(0, "network_error", messages.uploadFailed);

/** What the server answered, as ours: its `{ code, message }` where it sent one. */
function answered(status: number, body: string): ApiError {
  if (status === 502 || status === 503 || status === 504) noteServerUnreachable();
  else noteServerAnswered();
  return apiErrorFrom({ status }, body, messages.uploadFailed);
}

/** tus-js-client's failure as ours: the server's `{ code, message }` where it answered. */
function toApiError(err: Error | DetailedError): ApiError {
  const res = "originalResponse" in err ? err.originalResponse : null;
  if (!res || res.getStatus() === 0) {
    noteServerUnreachable();
    return networkError();
  }
  return answered(res.getStatus(), res.getBody() ?? "");
}

/**
 * The type the server checks at creation. A browser may give none for a photo it cannot name
 * (the zone accepted it by its extension): the name's then; the server reads the bytes anyway.
 */
function declaredType(file: File): string {
  if (file.type) return file.type;
  if (/\.jpe?g$/i.test(file.name)) return "image/jpeg";
  if (/\.png$/i.test(file.name)) return "image/png";
  // Browsers on Windows give iPhone photos no type.
  if (/\.heic$/i.test(file.name)) return "image/heic";
  if (/\.heif$/i.test(file.name)) return "image/heif";
  return "";
}

/** Gives a request up (abort) once it carried nothing for the time asked; `stop` ends it. */
function stallGuard(onStall: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    wait: (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(onStall, ms);
    },
    stop: () => clearTimeout(timer),
  };
}

/** The answer's photo; a record that drifted from the contract is still the stored photo. */
function storedPhoto(text: string): UploadAnswer {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(200, "bad_answer", messages.uploadFailed);
  }
  const parsed = resumableUploadResultSchema.safeParse(body);
  if (parsed.success) {
    const { image, duplicate, pole_candidates } = parsed.data;
    return { image, duplicate: duplicate === true, ...(pole_candidates && { candidates: pole_candidates }) };
  }
  console.error("GET /api/uploads/:id answered an unexpected shape", parsed.error);
  const image = (body as { image?: ImageRecord } | null)?.image;
  if (image && typeof image.id === "string") return { image, duplicate: false };
  throw new ApiError(200, "bad_answer", messages.uploadFailed);
}

/**
 * What the finished upload became (GET /api/uploads/:id), over the same HTTP stack as the
 * protocol's requests. It may have to finish storing the photo itself (when the last piece's
 * answer came before the server could), so it gets the answer's wait.
 */
function outcome(url: string, workspaceId?: string): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const req: HttpRequest = new DefaultHttpStack({}).createRequest("GET", url);
    for (const [name, value] of Object.entries(workspaceHeader(workspaceId))) req.setHeader(name, value);
    const unreachable = () => {
      noteServerUnreachable();
      reject(networkError());
    };
    const guard = stallGuard(() => {
      void req.abort();
      unreachable();
    });
    guard.wait(ANSWER_WAIT_MS);
    req
      .send(null)
      .then((res) => {
        const status = res.getStatus();
        const text = res.getBody() ?? "";
        if (status === 0) return unreachable();
        if (status < 200 || status >= 300) return reject(answered(status, text));
        noteServerAnswered();
        resolve(storedPhoto(text));
      }, unreachable)
      .catch(reject)
      .finally(guard.stop);
  });
}

export function uploadResumable(file: File, opts: ResumableOptions = {}): Promise<UploadAnswer> {
  const { onProgress, signal, meantFor } = opts;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(networkError());
    const metadata: Record<string, string> = {
      filename: file.name,
      filetype: declaredType(file),
      lastModified: String(file.lastModified),
      // The uploader's UTC offset at that instant: a photo without an EXIF date is dated in the
      // uploader's own calendar, not the server's.
      timezoneOffset: String(new Date(file.lastModified).getTimezoneOffset()),
    };
    if (meantFor) {
      metadata.workspaceId = meantFor.workspaceId;
      metadata.uploaderId = meantFor.userId;
    }
    let settled = false;
    const fail = (err: ApiError) => {
      if (settled) return;
      settled = true;
      guard.stop();
      reject(err);
    };
    const guard = stallGuard(() => {
      void upload.abort();
      fail(networkError());
    });
    const upload = new Upload(file, {
      // Absolute: the server's Location is resolved against it.
      endpoint: new URL(RESUMABLE_UPLOAD_PATH, window.location.href).href,
      uploadUrl: opts.uploadUrl ?? null,
      chunkSize: RESUMABLE_CHUNK_BYTES,
      retryDelays: opts.retryDelays ?? [0, 3000, 10000],
      // The URL lives in the caller's own keeping (queue entry, dialog item), not in
      // tus-js-client's localStorage.
      storeFingerprintForResuming: false,
      metadata,
      // A queued photo goes to the workspace it was queued in, whichever this tab shows now.
      headers: workspaceHeader(meantFor?.workspaceId),
      onBeforeRequest: () => guard.wait(STALL_MS),
      onAfterResponse: () => guard.stop(),
      onUploadUrlAvailable: () => {
        if (upload.url) void opts.onUploadUrl?.(upload.url);
      },
      onProgress: (sent, total) => {
        guard.wait(sent >= total ? ANSWER_WAIT_MS : STALL_MS);
        if (total > 0) onProgress?.(sent / total);
      },
      onError: (err) => fail(toApiError(err)),
      onSuccess: () => {
        guard.stop();
        if (!upload.url) return fail(networkError());
        outcome(upload.url, meantFor?.workspaceId).then(
          (answer) => {
            settled = true;
            resolve(answer);
          },
          (err: unknown) => fail(err instanceof ApiError ? err : networkError()),
        );
      },
    });
    signal?.addEventListener(
      "abort",
      () => {
        void upload.abort();
        fail(networkError());
      },
      { once: true },
    );
    upload.start();
  });
}

/**
 * Gives a partial upload up on the server (tus termination): its bytes and the quota they hold go
 * now, not at the sweep a day later. Best effort: a DELETE that does not get through leaves it to
 * that sweep.
 */
export function discardUpload(uploadUrl: string): Promise<void> {
  return Upload.terminate(uploadUrl, { headers: workspaceHeader(), retryDelays: [] }).catch(() => {});
}
