/**
 * Where waiting uploads live: IndexedDB, so a photo taken in a dead zone survives a
 * closed tab. Each entry keeps the file itself (a Blob) and who queued it in which workspace, so
 * it is sent only for that user there, and sign-out can drop that user's entries.
 */
export interface QueuedUpload {
  id: string;
  /** The user who queued it. */
  userId: string;
  /** The workspace that was active: the photo is sent only while it is active again. */
  workspaceId: string;
  file: Blob;
  name: string;
  type: string;
  lastModified: number;
  addedAt: number;
  /**
   * The resumable upload an earlier try started (/api/uploads/:id): the next try resumes there,
   * from the last piece that arrived, instead of sending the photo again from its first byte.
   */
  uploadUrl?: string | null;
  /** `failed`: the server refused it (quota, bad file): shown, never retried. */
  state: "waiting" | "failed";
  error: string | null;
}

export interface QueueStore {
  all(): Promise<QueuedUpload[]>;
  put(entry: QueuedUpload): Promise<void>;
  remove(id: string): Promise<void>;
}

const DB_NAME = "poleatlas-upload-queue";
const STORE = "uploads";

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB request failed"));
  });
}

let opened: Promise<IDBDatabase> | null = null;
function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "id" });
    req.onsuccess = () => {
      const db = req.result;
      // The browser may close it (Safari after a while in the background, storage cleared) or a
      // newer version may need it: open again on the next call instead of failing for ever.
      const forget = () => {
        opened = null;
      };
      db.onclose = forget;
      db.onversionchange = () => {
        db.close();
        forget();
      };
      resolve(db);
    };
    // Another tab holds an older version open: fail rather than wait for ever.
    req.onblocked = () => {
      opened = null;
      reject(new Error("IndexedDB is blocked by another tab"));
    };
    req.onerror = () => {
      opened = null;
      reject(req.error ?? new Error("IndexedDB could not be opened"));
    };
  });
  return opened;
}

/**
 * One request in its own transaction, settled when the transaction has committed: a write the
 * browser takes and then aborts (no space left) must not count as kept.
 */
async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await database();
  const tx = db.transaction(STORE, mode);
  const result = request(run(tx.objectStore(STORE)));
  result.catch(() => {}); // its failure also aborts the transaction, which is what is reported
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
    tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
  });
  return result;
}

export const indexedDbQueueStore: QueueStore = {
  all: () => withStore("readonly", (s) => s.getAll() as IDBRequest<QueuedUpload[]>),
  put: async (entry) => {
    await withStore("readwrite", (s) => s.put(entry));
  },
  remove: async (id) => {
    await withStore("readwrite", (s) => s.delete(id));
  },
};

/** For tests and browsers without IndexedDB (some private windows): the same rules, in memory. */
export function memoryQueueStore(): QueueStore {
  const entries = new Map<string, QueuedUpload>();
  return {
    all: () => Promise.resolve([...entries.values()]),
    put: (entry) => {
      entries.set(entry.id, entry);
      return Promise.resolve();
    },
    remove: (id) => {
      entries.delete(id);
      return Promise.resolve();
    },
  };
}
