/**
 * The upload queue's rules, apart from React and IndexedDB: what waits, what is sent when, and
 * what is given up. A photo that failed for want of a network (or was chosen offline) waits and is
 * sent again later, one at a time; the server's content-hash dedupe makes a resend that already
 * arrived harmless. A refusal (quota, bad file, no permission) is kept as failed and shown, never
 * retried.
 */
import { ApiError } from "../../../lib/api-client";
import type { QueuedUpload, QueueStore } from "./queue-store";

export interface QueueOwner {
  userId: string;
  workspaceId: string;
}

/** Where an earlier try left off, and how to keep where this one goes. */
export interface Resume {
  uploadUrl: string | null;
  keepUploadUrl: (url: string) => Promise<void>;
}

/**
 * Sends one file, naming whose and for which workspace it was kept (the server refuses it when
 * that is not the session's: 409); throws ApiError on failure (status 0: the server not reached).
 * `resume` carries the entry's resumable upload URL, so a try after a dropped link or a reload
 * goes on from the last piece that arrived.
 */
export type SendFile = (file: File, meantFor: QueueOwner, resume: Resume) => Promise<unknown>;

/**
 * Runs `work` alone among the app's tabs, or not at all (undefined) when another tab's run holds
 * the queue: two tabs would each send every photo.
 */
export type RunAlone = <T>(work: () => Promise<T>) => Promise<T | undefined>;

const inThisTabOnly: RunAlone = (work) => work();

/**
 * Worth another try later: no connection, the server busy or failing, the session lapsed, or
 * another account or workspace active now (it is sent when that one is active again).
 */
export const isRetryable = (e: unknown) =>
  !(e instanceof ApiError) ||
  e.status === 0 ||
  e.status === 401 ||
  e.status === 429 ||
  e.status >= 500 ||
  e.code === "wrong_workspace";

/**
 * The least time between two automatic sends (the page opening, each reconnect, the timer): a
 * flaky connection that comes and goes every second gets one try per gap, not one per return.
 * Retry pressed by the user sends at once.
 */
export const MIN_AUTO_SEND_GAP_MS = 5_000;

const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function createUploadQueue(store: QueueStore, runAlone: RunAlone = inThisTabOnly) {
  let entries: readonly QueuedUpload[] = [];
  let loaded: Promise<void> | null = null;
  let draining = false;
  /** When the last automatic send started, and the one waiting out the gap (if any). */
  let lastAutoAt = Number.NEGATIVE_INFINITY;
  let deferred: Promise<number> | null = null;
  const listeners = new Set<() => void>();

  const publish = (next: readonly QueuedUpload[]) => {
    entries = next;
    for (const listener of listeners) listener();
  };
  const reload = async () => publish(await store.all());
  // A failed read is tried again on the next call, not remembered as an empty queue.
  const load = () =>
    (loaded ??= reload().catch((e: unknown) => {
      loaded = null;
      console.error("Upload queue unreadable", e);
    }));
  const mine = (owner: QueueOwner) => (e: QueuedUpload) =>
    e.userId === owner.userId && e.workspaceId === owner.workspaceId;

  /**
   * Sends the owner's waiting photos one by one; stops at the first that still cannot get
   * through (the connection is still down). Returns how many arrived.
   */
  const drain = async (owner: QueueOwner, send: SendFile): Promise<number> => {
    if (draining) return 0;
    draining = true;
    try {
      const sent = await runAlone(async () => {
        let count = 0;
        // Read afresh: another tab may have sent some since this tab last looked.
        try {
          await reload();
        } catch (e) {
          console.error("Upload queue unreadable", e);
          return 0;
        }
        for (const { id } of entries.filter(mine(owner)).filter((e) => e.state === "waiting")) {
          // Each one read again just before it goes: removed meanwhile (Remove) means not sent.
          const entry = (await store.all()).find((e) => e.id === id);
          if (!entry || entry.state !== "waiting") continue;
          const file = new File([entry.file], entry.name, {
            type: entry.type,
            lastModified: entry.lastModified,
          });
          const resume: Resume = {
            uploadUrl: entry.uploadUrl ?? null,
            keepUploadUrl: async (uploadUrl) => {
              const now = (await store.all()).find((e) => e.id === entry.id);
              if (now) await store.put({ ...now, uploadUrl });
            },
          };
          try {
            await send(file, { userId: entry.userId, workspaceId: entry.workspaceId }, resume);
          } catch (e) {
            if (isRetryable(e)) break;
            await store.put({
              ...((await store.all()).find((x) => x.id === entry.id) ?? entry),
              uploadUrl: null,
              state: "failed",
              error: e instanceof Error ? e.message : String(e),
            });
            continue;
          }
          await store.remove(entry.id);
          count += 1;
        }
        return count;
      });
      return sent ?? 0;
    } finally {
      draining = false;
      await reload().catch((e: unknown) => console.error("Upload queue unreadable", e));
    }
  };

  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    snapshot: () => entries,
    load,

    /** `uploadUrl`: the resumable upload a try in the dialog started (it resumes there). */
    enqueue: async (file: File, owner: QueueOwner, uploadUrl: string | null = null): Promise<void> => {
      await load();
      await store.put({
        id: newId(),
        ...owner,
        file,
        name: file.name,
        type: file.type,
        lastModified: file.lastModified,
        addedAt: Date.now(),
        state: "waiting",
        error: null,
        uploadUrl,
      });
      await reload();
    },

    remove: async (id: string) => {
      await store.remove(id);
      await reload();
    },

    /**
     * Drops everything a user queued (sign-out): their photos must not wait on a shared device.
     * Gives up (rejects) after `timeoutMs` if the browser's store does not answer.
     */
    clearUser: async (userId: string, timeoutMs = 3000) => {
      const clear = async () => {
        await reload();
        for (const e of entries.filter((x) => x.userId === userId)) await store.remove(e.id);
        await reload();
      };
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("upload queue store did not answer")), timeoutMs);
      });
      try {
        await Promise.race([clear(), late]);
      } finally {
        clearTimeout(timer);
      }
    },

    drain,

    /**
     * An automatic send: at once when the last one started at least MIN_AUTO_SEND_GAP_MS ago,
     * else once when the gap is over (several calls meanwhile make that one send; they answer 0).
     */
    drainSoon: (owner: QueueOwner, send: SendFile): Promise<number> => {
      if (deferred) return Promise.resolve(0);
      const wait = lastAutoAt + MIN_AUTO_SEND_GAP_MS - Date.now();
      if (wait <= 0) {
        lastAutoAt = Date.now();
        return drain(owner, send);
      }
      deferred = new Promise<void>((resolve) => setTimeout(resolve, wait)).then(() => {
        deferred = null;
        lastAutoAt = Date.now();
        return drain(owner, send);
      });
      return deferred;
    },
  };
}

export type UploadQueue = ReturnType<typeof createUploadQueue>;
