/**
 * Upload slots (MAX_UPLOADS_IN_FLIGHT per user) come back however an upload ends, on a real
 * listening server: a phone gone before the session check, mid-body, or while the photo is being
 * stored still leaves its user every slot for the next uploads. A slot nobody gives back is taken
 * back after the request timeout.
 */
import { MAX_UPLOADS_IN_FLIGHT } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { openStorage } from "../../src/infra/storage/create-storage";
import type { Storage } from "../../src/infra/storage/storage";
import { useTestApp } from "../helpers/setup";
import { openRequest, sendAndVanish, type RawRequest } from "../helpers/raw-http";
import { listFiles, multipartBody, tmpDir, uploadOverHttp } from "../helpers/uploads";
import { createSignedInUser, type SignedInUser } from "../helpers/users";

let baseUrl: string;
let photo: Uint8Array;
/** MAX_UPLOADS_IN_FLIGHT photos of their own (a photo sent again is a duplicate, also let in). */
let fresh: Uint8Array[];
/** Storage puts wait while this is set (a slow store). */
let storeGate: Promise<void> | null = null;
let putsWaiting = 0;

const inFlight = (user: SignedInUser) => t.app.requestLimits.uploads.inFlight(user.id);

async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("condition never held");
}

function uploadRequest(user: SignedInUser, name: string): RawRequest {
  const body = multipartBody(photo, { filename: name });
  return {
    method: "POST",
    path: "/api/images",
    cookie: user.cookie,
    headers: { "content-type": body.contentType },
    body: body.payload,
  };
}

/**
 * Every slot of the user is free again: MAX_UPLOADS_IN_FLIGHT uploads at once are all let in.
 * Retried for a while, as an upload dropped a moment ago may still be storing what arrived; a
 * slot lost for good never lets the fourth in.
 */
async function allSlotsFree(user: SignedInUser) {
  let statuses: number[] = [];
  for (let attempt = 0; attempt < 40; attempt++) {
    statuses = (
      await Promise.all(
        fresh.map((bytes, i) => uploadOverHttp(baseUrl, user.cookie, bytes, `again-${i}.jpg`)),
      )
    ).map((r) => r.status);
    if (statuses.every((s) => s === 201 || s === 200)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(statuses.filter((s) => s !== 201 && s !== 200)).toEqual([]);
  await until(() => inFlight(user) === 0);
}

const t = useTestApp(
  {},
  {
    storage: async (config) => {
      const real = await openStorage(config.storage);
      return {
        ...real,
        put: async (key, src, type) => {
          if (storeGate) {
            putsWaiting++;
            await storeGate.finally(() => putsWaiting--);
          }
          return real.put(key, src, type);
        },
      } satisfies Storage;
    },
  },
);
beforeAll(async () => {
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
  photo = (await makePhoto({ color: { r: 10, g: 80, b: 20 } })).bytes;
  fresh = await Promise.all(
    Array.from(
      { length: MAX_UPLOADS_IN_FLIGHT },
      async (_, i) => (await makePhoto({ color: { r: 200, g: i * 50, b: 90 } })).bytes,
    ),
  );
});

describe("upload slots when the client goes away", () => {
  it.each([0, 2, 10])("an upload cut off mid-body %i ms after it began gives its slot back", async (ms) => {
    const user = await createSignedInUser(t);
    const r = uploadRequest(user, "cut.jpg");
    // Headers and half the body, then gone.
    await sendAndVanish(baseUrl, r, ms, Math.floor(Buffer.byteLength(r.body!) / 2));
    await allSlotsFree(user);
    await until(async () => (await listFiles(tmpDir(t))).length === 0);
  });

  it("an upload whose client leaves while the photo is stored gives its slot back when storing ends", async () => {
    const user = await createSignedInUser(t);
    let open = () => {};
    storeGate = new Promise<void>((r) => (open = r));
    try {
      const socket = await openRequest(baseUrl, uploadRequest(user, "stored.jpg"));
      socket.on("error", () => {});
      await until(() => putsWaiting === 1);
      expect(inFlight(user)).toBe(1);
      socket.destroy();
    } finally {
      storeGate = null;
      open();
    }
    await allSlotsFree(user);
  });

  it("a phone that drops a hundred uploads at every stage still has all its slots", async () => {
    const user = await createSignedInUser(t);
    const drops = Array.from({ length: 100 }, (_, i) => {
      const r = uploadRequest(user, `drop-${i}.jpg`);
      const size = Buffer.byteLength(r.body!);
      // Whole bodies and cut ones, dropped 0–9 ms after sending.
      return sendAndVanish(baseUrl, r, i % 10, i % 3 === 0 ? size : Math.floor((size * (i % 7)) / 7));
    });
    await Promise.all(drops);
    await allSlotsFree(user);
    expect(t.app.requestLimits.watch.count("uploads per user")).toBe(0);
  });
});

describe("the leak guard", () => {
  const short = useTestApp({ REQUEST_TIMEOUT_SECONDS: "1" });

  it("takes back upload slots nobody gave back once they are older than the request timeout", async () => {
    const url = await short.app.listen({ host: "127.0.0.1", port: 0 });
    const user = await createSignedInUser(short);
    const slots = short.app.requestLimits.uploads;
    // A path that forgets to release: every slot of the user taken and never given back.
    for (let i = 0; i < MAX_UPLOADS_IN_FLIGHT; i++) expect(slots.acquire(user.id)).not.toBeNull();
    expect((await uploadOverHttp(url, user.cookie, photo, "refused.jpg")).status).toBe(429);
    await until(() => slots.inFlight(user.id) === 0);
    expect((await uploadOverHttp(url, user.cookie, photo, "let-in.jpg")).status).toBe(201);
  });
});
