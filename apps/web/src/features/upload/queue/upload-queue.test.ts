import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { memoryQueueStore } from "./queue-store";
import { createUploadQueue, MIN_AUTO_SEND_GAP_MS, type SendFile } from "./upload-queue";

const me = { userId: "u1", workspaceId: "w1" };
const file = (name: string) =>
  new File([new Uint8Array([1, 2, 3])], name, { type: "image/jpeg", lastModified: 5 });

describe("the upload queue", () => {
  it("keeps photos and sends each once when the connection is back, in the order they came", async () => {
    const queue = createUploadQueue(memoryQueueStore());
    await queue.enqueue(file("a.jpg"), me);
    await queue.enqueue(file("b.jpg"), me);
    const sent: string[] = [];
    let online = false;
    const send = (f: File) => {
      if (!online) return Promise.reject(new ApiError(0, "network_error", "down"));
      sent.push(`${f.name}:${f.type}:${f.lastModified}`);
      return Promise.resolve();
    };
    expect(await queue.drain(me, send)).toBe(0);
    expect(queue.snapshot().map((e) => [e.name, e.state])).toEqual([
      ["a.jpg", "waiting"],
      ["b.jpg", "waiting"],
    ]);
    online = true;
    expect(await queue.drain(me, send)).toBe(2);
    expect(await queue.drain(me, send)).toBe(0);
    expect(sent).toEqual(["a.jpg:image/jpeg:5", "b.jpg:image/jpeg:5"]);
    expect(queue.snapshot()).toEqual([]);
  });

  it("keeps the upload URL a dropped try was given and resumes there on the next send", async () => {
    const store = memoryQueueStore();
    const queue = createUploadQueue(store);
    await queue.enqueue(file("long.jpg"), me);
    const resumedFrom: (string | null)[] = [];
    const send: SendFile = async (_f, _owner, resume) => {
      resumedFrom.push(resume.uploadUrl);
      if (resume.uploadUrl) return;
      await resume.keepUploadUrl("/api/uploads/0b7c2d3e-0000-4000-8000-000000000001");
      throw new ApiError(0, "network_error", "the link dropped half-way");
    };
    expect(await queue.drain(me, send)).toBe(0);
    // What a reload reads back from the store: the URL is in the entry.
    expect((await store.all()).map((e) => e.uploadUrl)).toEqual([
      "/api/uploads/0b7c2d3e-0000-4000-8000-000000000001",
    ]);
    expect(await queue.drain(me, send)).toBe(1);
    expect(resumedFrom).toEqual([null, "/api/uploads/0b7c2d3e-0000-4000-8000-000000000001"]);
    expect(await store.all()).toEqual([]);
  });

  it("hands a photo the dialog started over with the URL it got, to resume there", async () => {
    const queue = createUploadQueue(memoryQueueStore());
    await queue.enqueue(file("c.jpg"), me, "/api/uploads/0b7c2d3e-0000-4000-8000-000000000002");
    const resumedFrom: (string | null)[] = [];
    await queue.drain(me, (_f, _o, resume) => {
      resumedFrom.push(resume.uploadUrl);
      return Promise.resolve();
    });
    expect(resumedFrom).toEqual(["/api/uploads/0b7c2d3e-0000-4000-8000-000000000002"]);
  });

  it.each([
    [500, "waiting"],
    [503, "waiting"],
    [429, "waiting"],
    [401, "waiting"],
    [413, "failed"],
    [415, "failed"],
    [400, "failed"],
    [403, "failed"],
  ])("after a %i keeps the photo as %s (refusals are shown, never retried)", async (status, state) => {
    const queue = createUploadQueue(memoryQueueStore());
    await queue.enqueue(file("a.jpg"), me);
    await queue.drain(me, () => Promise.reject(new ApiError(status, "x", `refused ${status}`)));
    expect(queue.snapshot().map((e) => [e.state, e.error])).toEqual([
      [state, state === "failed" ? `refused ${status}` : null],
    ]);
    let calls = 0;
    await queue.drain(me, () => {
      calls += 1;
      return Promise.resolve();
    });
    expect(calls).toBe(state === "failed" ? 0 : 1);
  });

  it("sends only the owner's photos in the workspace they were taken for", async () => {
    const queue = createUploadQueue(memoryQueueStore());
    await queue.enqueue(file("mine.jpg"), me);
    await queue.enqueue(file("team.jpg"), { userId: "u1", workspaceId: "team" });
    await queue.enqueue(file("theirs.jpg"), { userId: "u2", workspaceId: "w1" });
    const sent: string[] = [];
    await queue.drain(me, (f) => {
      sent.push(f.name);
      return Promise.resolve();
    });
    expect(sent).toEqual(["mine.jpg"]);
  });

  it("runs one drain at a time (the 'online' event and the timer may fire together)", async () => {
    const queue = createUploadQueue(memoryQueueStore());
    await queue.enqueue(file("a.jpg"), me);
    let calls = 0;
    const slow = () => {
      calls += 1;
      return new Promise<void>((r) => setTimeout(r, 20));
    };
    const [first, second] = await Promise.all([queue.drain(me, slow), queue.drain(me, slow)]);
    expect([first, second]).toEqual([1, 0]);
    expect(calls).toBe(1);
  });

  it("keeps automatic sends apart on a flaky connection: one try per gap, calls meanwhile make one", async () => {
    vi.useFakeTimers();
    try {
      const queue = createUploadQueue(memoryQueueStore());
      await queue.enqueue(file("a.jpg"), me);
      let tries = 0;
      const down = () => {
        tries += 1;
        return Promise.reject(new ApiError(0, "network_error", "down"));
      };
      // The connection comes back five times within a second.
      const runs = [];
      for (let i = 0; i < 5; i++) {
        runs.push(queue.drainSoon(me, down));
        await vi.advanceTimersByTimeAsync(200);
      }
      expect(tries).toBe(1);
      await vi.advanceTimersByTimeAsync(MIN_AUTO_SEND_GAP_MS);
      expect(tries).toBe(2);
      expect(await Promise.all(runs)).toEqual([0, 0, 0, 0, 0]);
      // Retry by hand is not held back.
      await queue.drain(me, down);
      expect(tries).toBe(3);
      // Long after, an automatic send goes at once and delivers.
      await vi.advanceTimersByTimeAsync(MIN_AUTO_SEND_GAP_MS);
      expect(await queue.drainSoon(me, () => Promise.resolve())).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("names whose and where each photo is when sending it; another one active now (409) keeps it waiting", async () => {
    const queue = createUploadQueue(memoryQueueStore());
    await queue.enqueue(file("a.jpg"), me);
    const meant: unknown[] = [];
    await queue.drain(me, (_f, meantFor) => {
      meant.push(meantFor);
      return Promise.reject(new ApiError(409, "wrong_workspace", "kept for another"));
    });
    expect(meant).toEqual([me]);
    expect(queue.snapshot().map((e) => [e.state, e.error])).toEqual([["waiting", null]]);
  });

  it("does not send a photo removed while the run was under way", async () => {
    const queue = createUploadQueue(memoryQueueStore());
    await queue.enqueue(file("a.jpg"), me);
    await queue.enqueue(file("b.jpg"), me);
    const sent: string[] = [];
    await queue.drain(me, async (f) => {
      sent.push(f.name);
      // The user removes b.jpg while a.jpg is on its way.
      const b = queue.snapshot().find((e) => e.name === "b.jpg");
      if (b) await queue.remove(b.id);
    });
    expect(sent).toEqual(["a.jpg"]);
    expect(queue.snapshot()).toEqual([]);
  });

  it("sends nothing while another tab's run holds the queue", async () => {
    const queue = createUploadQueue(memoryQueueStore(), () => Promise.resolve(undefined));
    await queue.enqueue(file("a.jpg"), me);
    let calls = 0;
    expect(
      await queue.drain(me, () => {
        calls += 1;
        return Promise.resolve();
      }),
    ).toBe(0);
    expect(calls).toBe(0);
    expect(queue.snapshot()).toHaveLength(1);
  });

  it("reads the store again after a failed first read instead of showing an empty queue", async () => {
    const store = memoryQueueStore();
    await store.put({
      ...{ id: "x", ...me, file: new Blob([new Uint8Array([1])]), name: "a.jpg", type: "image/jpeg" },
      ...{ lastModified: 5, addedAt: 1, state: "waiting", error: null },
    });
    let failOnce = true;
    const flaky = {
      ...store,
      all: () => {
        if (!failOnce) return store.all();
        failOnce = false;
        return Promise.reject(new Error("store closed"));
      },
    };
    const queue = createUploadQueue(flaky);
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    await queue.load();
    expect(queue.snapshot()).toEqual([]);
    await queue.load();
    expect(queue.snapshot().map((e) => e.name)).toEqual(["a.jpg"]);
    quiet.mockRestore();
  });

  it("sign-out drops that user's photos and no one else's", async () => {
    const store = memoryQueueStore();
    const queue = createUploadQueue(store);
    await queue.enqueue(file("mine.jpg"), me);
    await queue.enqueue(file("theirs.jpg"), { userId: "u2", workspaceId: "w2" });
    await queue.clearUser("u1");
    expect((await store.all()).map((e) => e.name)).toEqual(["theirs.jpg"]);
  });

  it("gives up clearing when the browser's store does not answer, so sign-out is never held", async () => {
    const silent = {
      all: () => new Promise<never>(() => {}),
      put: () => Promise.resolve(),
      remove: () => Promise.resolve(),
    };
    const queue = createUploadQueue(silent);
    await expect(queue.clearUser("u1", 20)).rejects.toThrow("did not answer");
  });
});
