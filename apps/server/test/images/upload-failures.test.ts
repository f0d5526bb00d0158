/**
 * "Any failure leaves neither row nor file": failures after the first file is stored (storage
 * refuses the thumbnail), in the locked quota re-check, and at COMMIT itself (a deferred
 * constraint), on a real database. And the other way round: a COMMIT that succeeded but whose
 * answer was lost keeps the files of the row it committed.
 */
import { sharedHeicDecoder } from "../../src/infra/images/heic-decoder";
import { createFaceDetector } from "../../src/infra/faces/face-detector";
import { createDetectorPool } from "../../src/infra/faces/detector-pool";
import { createFaceScanner, type FaceScanner } from "../../src/infra/faces/face-scan";
import { createFacePrivacy } from "../../src/modules/photos/face-privacy";
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { DEFAULT_SPOT_RADIUS_METERS, STORAGE_QUOTA_BYTES } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImageProcessor } from "../../src/infra/images/image-processor";
import { createLocalStorage } from "../../src/infra/storage/local-storage";
import type { Storage } from "../../src/infra/storage/storage";
import { createImagesRepository, type ImagesRepository } from "../../src/modules/photos/images.repository";
import { createTempFiles } from "../../src/infra/uploads/temp-files";
import { createImagesService, type ImagesService } from "../../src/modules/photos/images.service";
import type { ReceiveOptions } from "../../src/modules/uploads/upload-receiver";
import { UploadSlots } from "../../src/infra/limits/upload-slots";
import { personalActor } from "../../src/modules/workspaces/actor";
import { createAuditLog } from "../../src/modules/audit/audit-log";
import { createEventsRepository } from "../../src/modules/events/events.repository";
import { createAuditRepository } from "../../src/modules/audit/audit.repository";
import { utcToday } from "../../src/modules/inspections/clock";
import { createInspections } from "../../src/modules/inspections/inspections.module";
import { createPoles } from "../../src/modules/poles/poles.module";
import { useTestApp, useSignedInUser } from "../helpers/setup";
import { filesDir, listFiles, upload } from "../helpers/uploads";
import { createSignedInUser } from "../helpers/users";
import { addMember, createTeam } from "../workspaces/support";

let work: string;
const t = useTestApp();
const user = useSignedInUser(t);
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "poleatlas-upload-failures-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const rowCount = async () => {
  const res = await t.db.database.db.execute(sql`SELECT count(*)::int AS n FROM utility_pole_images`);
  return (res.rows[0] as { n: number }).n;
};

/** The service as the app builds it, but with a storage (or repository) that may be told to fail. */
function serviceWith(
  storage: Storage,
  repository: ImagesRepository = createImagesRepository(t.db.database.db),
  scanner: FaceScanner = createFaceScanner(createFaceDetector()),
): ImagesService {
  const audit = createAuditLog(createAuditRepository(t.db.database.db));
  const { publish } = createEventsRepository(t.db.database.db);
  const temp = createTempFiles(path.join(work, "tmp"));
  return createImagesService({
    repository,
    storage,
    images: createImageProcessor(),
    temp,
    slots: new UploadSlots(),
    log: Fastify({ logger: { level: "silent" } }).log,
    poles: createPoles(
      t.db.database.db,
      repository,
      DEFAULT_SPOT_RADIUS_METERS,
      audit,
      publish,
      createInspections(t.db.database.db, {
        audit,
        today: utcToday,
        publish,
        report: { maxPhotos: 0, readStored: (key) => storage.read(key) },
      }),
    ).placement,
    audit,
    publish,
    teamQuotaBytes: STORAGE_QUOTA_BYTES,
    privacy: createFacePrivacy({
      scanner,
      temp,
      blurFacesIn: () => Promise.resolve(true),
    }),
    renditions: sharedHeicDecoder(),
  });
}

async function receiveFixture({ maxBytes }: ReceiveOptions) {
  const { bytes } = await makePhoto({ dateTimeOriginal: "2024:02:03 04:05:06" });
  const file = path.join(work, `in-${Date.now()}-${Math.random()}`);
  await writeFile(file, bytes);
  expect(bytes.length).toBeLessThanOrEqual(maxBytes);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return { path: file, size: bytes.length, sha256, truncated: false, filename: "pole.jpg", fields: {} };
}

describe("an upload that fails late leaves nothing behind", () => {
  it("storage refusing the thumbnail: the stored photo is removed and no row is written", async () => {
    const root = path.join(work, "files");
    const local = createLocalStorage({ rootDir: root, bucket: "utility-poles" });
    await local.ensureBucket();
    const failing: Storage = {
      ...local,
      put: (key, src, type) =>
        key.includes("/thumbnails/") ? Promise.reject(new Error("disk full")) : local.put(key, src, type),
    };
    const before = await rowCount();
    await expect(
      serviceWith(failing).upload(personalActor(user.id, user.email), null, receiveFixture),
    ).rejects.toThrow("disk full");
    expect(await rowCount()).toBe(before);
    expect(await listFiles(root)).toEqual([]);
    expect(await listFiles(path.join(work, "tmp"))).toEqual([]);
  });

  it("the face scan's worker dying: the upload fails (no hang), neither row nor file", async () => {
    const root = path.join(work, "files-scan-crash");
    const local = createLocalStorage({ rootDir: root, bucket: "utility-poles" });
    await local.ensureBucket();
    // A worker that dies on every photo (test/fixtures): as one killed mid-scan.
    const pool = createDetectorPool({
      scoreThreshold: 0.3,
      inputSize: 416,
      size: 1,
      script: new URL("../fixtures/crashing-face-worker.mjs", import.meta.url),
    });
    try {
      const service = serviceWith(local, createImagesRepository(t.db.database.db), createFaceScanner(pool));
      const before = await rowCount();
      await expect(service.upload(personalActor(user.id, user.email), null, receiveFixture)).rejects.toThrow(
        "Face scan failed",
      );
      expect(await rowCount()).toBe(before);
      expect(await listFiles(root)).toEqual([]);
      expect(await listFiles(path.join(work, "tmp"))).toEqual([]);
    } finally {
      await pool.close();
    }
  });

  it("quota refused in the locked re-check (after the files were stored): both are removed", async () => {
    const root = path.join(work, "files-quota");
    const local = createLocalStorage({ rootDir: root, bucket: "utility-poles" });
    await local.ensureBucket();
    const real = createImagesRepository(t.db.database.db);
    // Another upload of the same user commits while this one stores its files: the pre-check
    // passed, the re-check under the lock sees a full account.
    const repository: ImagesRepository = {
      ...real,
      storage: (workspaceId, userId, tx) =>
        tx
          ? Promise.resolve({
              usedBytes: STORAGE_QUOTA_BYTES,
              quotaBytes: null,
              memberUsedBytes: STORAGE_QUOTA_BYTES,
              memberCapBytes: null,
            })
          : real.storage(workspaceId, userId, tx),
    };
    const before = await rowCount();
    const service = serviceWith(local, repository);
    await expect(
      service.upload(personalActor(user.id, user.email), null, receiveFixture),
    ).rejects.toMatchObject({
      code: "quota_exceeded",
    });
    expect(await rowCount()).toBe(before);
    expect(await listFiles(root)).toEqual([]);
    expect(await listFiles(path.join(work, "tmp"))).toEqual([]);
  });

  it("a team member removed while the upload was under way: refused (403), neither row nor file", async () => {
    const root = path.join(work, "files-removed-member");
    const local = createLocalStorage({ rootDir: root, bucket: "utility-poles" });
    await local.ensureBucket();
    const member = await createSignedInUser(t);
    const team = await createTeam(t, user);
    await addMember(t, team, user, member, "member");
    const real = createImagesRepository(t.db.database.db);
    // The owner removes them after the session check, while the photo is being received.
    const repository: ImagesRepository = {
      ...real,
      withLocks: async (keys, fn) => {
        await t.db.database.db.execute(
          sql`DELETE FROM member WHERE organization_id = ${team} AND user_id = ${member.id}`,
        );
        return real.withLocks(keys, fn);
      },
    };
    const actor = { ...personalActor(member.id, member.email), workspaceId: team, role: "member" as const };
    const before = await rowCount();
    await expect(serviceWith(local, repository).upload(actor, null, receiveFixture)).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(await rowCount()).toBe(before);
    expect(await listFiles(root)).toEqual([]);
  });

  it("a COMMIT that succeeded but whose answer was lost: the row's files are kept", async () => {
    const root = path.join(work, "files-lost-ack");
    const local = createLocalStorage({ rootDir: root, bucket: "utility-poles" });
    await local.ensureBucket();
    const real = createImagesRepository(t.db.database.db);
    // The connection drops right after the server committed: the client sees an error.
    const repository: ImagesRepository = {
      ...real,
      withLocks: async (keys, fn) => {
        await real.withLocks(keys, fn);
        throw new Error("Connection terminated unexpectedly");
      },
    };
    const before = await rowCount();
    await expect(
      serviceWith(local, repository).upload(personalActor(user.id, user.email), null, receiveFixture),
    ).rejects.toThrow("Connection terminated");
    expect(await rowCount()).toBe(before + 1);
    const [row] = (
      await t.db.database.db.execute(
        sql`SELECT storage_key, thumbnail_key FROM utility_pole_images ORDER BY created_at DESC LIMIT 1`,
      )
    ).rows as { storage_key: string; thumbnail_key: string }[];
    // Local storage keeps <root>/<bucket>/<key>.
    expect(await listFiles(root)).toEqual(
      [row!.storage_key, row!.thumbnail_key].map((k) => `utility-poles/${k}`).sort(),
    );
  });

  it("COMMIT failing after both files were stored: both are removed", async () => {
    // A deferred constraint runs at COMMIT, after the service has stored the files.
    await t.db.database.db.execute(
      sql.raw(`
      CREATE FUNCTION refuse_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name = 'fail-at-commit.jpg' THEN RAISE EXCEPTION 'refused at commit'; END IF;
        RETURN NULL;
      END $$;
      CREATE CONSTRAINT TRIGGER refuse_at_commit AFTER INSERT ON utility_pole_images
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_at_commit();`),
    );
    const filesBefore = await listFiles(filesDir(t));
    const before = await rowCount();
    const res = await upload(t, user.cookie, (await makePhoto({})).bytes, { filename: "fail-at-commit.jpg" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: "internal_error", message: "Internal Server Error" });
    expect(await rowCount()).toBe(before);
    expect(await listFiles(filesDir(t))).toEqual(filesBefore);

    // The same path works for any other name: the trigger, not the service, refused.
    const ok = await upload(t, user.cookie, (await makePhoto({})).bytes, { filename: "fine.jpg" });
    expect(ok.statusCode).toBe(201);
    expect((await listFiles(filesDir(t))).length).toBe(filesBefore.length + 2);
  });
});
