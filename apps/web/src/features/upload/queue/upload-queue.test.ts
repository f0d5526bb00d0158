import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { memoryQueueStore } from "./queue-store";
import { createUploadQueue } from "./upload-queue";

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
