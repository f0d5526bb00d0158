/**
 * Where waiting uploads live (issue 15): IndexedDB, so a photo taken in a dead zone survives a
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
    req.onsuccess = () => resolve(req.result);
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

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await database();
  return request(run(db.transaction(STORE, mode).objectStore(STORE)));
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
