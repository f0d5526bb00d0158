/**
 * POST /api/images/:id/measurements, GET /api/poles/:id/measurements, DELETE
 * /api/measurements/:id: heights read from a synthetic stick photo, the clearance findings they
 * suggest under the workspace's rules and units, bad marks refused with the reason, roles and
 * other workspaces.
 */
import {
  auditListSchema,
  measureTexts,
  measurementResponseSchema,
  poleMeasurementsSchema,
  workspaceSettingsSchema,
} from "@poleatlas/shared";
import { cameraLookingAt, project } from "@poleatlas/shared/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { keepPhotosAsSent } from "../helpers/uploads";
import { createTeamWith, get } from "../workspaces/support";
import { measurablePhoto, send } from "./support";

const t = useTestApp();
const owner = useSignedInUser(t);
const viewer = useSignedInUser(t);
const stranger = useSignedInUser(t);

const camera = cameraLookingAt([0, 0, 0], { distance: 15, bearingDeg: 30, tiltDeg: 20, width: 1200 });
const at = (h: number) => project(camera, [0, 0, h]);
const stick = [0, 2, 4, 6, 8].map((h) => ({ at: at(h), height_m: h }));
const body = {
  reference: stick,
  points: [
    { kind: "communication", label: "CATV", at: at(4.5) },
    { kind: "power_conductor", at: at(11.25) },
  ],
};

beforeAll(async () => {
  await createTeamWith(t, owner, [[viewer, "viewer"]]);
  // No faces in these photos: the scan would only take time.
  await keepPhotosAsSent(t, owner.cookie);
});

describe("heights measured on a photo", () => {
  it("reads heights, suggests clearance findings, lists and deletes them, audited", async () => {
    const photo = await measurablePhoto(t, owner.cookie, { width: camera.width, height: camera.height });
    const res = await send(t, owner.cookie, "POST", `/api/images/${photo.id}/measurements`, body);
    expect(res.statusCode, res.body).toBe(201);
    const { measurement } = measurementResponseSchema.parse(res.json());
    expect(measurement).toMatchObject({
      pole_id: photo.pole_id,
      image_id: photo.id,
      created_by: owner.email,
    });
    expect(measurement.points.map((p) => [p.kind, p.label])).toEqual([
      ["communication", "CATV"],
      ["power_conductor", null],
    ]);
    expect(measurement.points[0]!.height_m).toBeCloseTo(4.5, 3);
    expect(measurement.points[1]!.height_m).toBeCloseTo(11.25, 3);
    // From the click precision carried through the fit: further up the pole, less certain.
    expect(measurement.points[0]!.uncertainty_m).toBeGreaterThan(0.001);
    expect(measurement.points[1]!.uncertainty_m).toBeGreaterThan(measurement.points[0]!.uncertainty_m);
    expect(measurement.suggestions).toEqual([
      {
        code: "clearance",
        level: 2,
        reason: 'Communication "CATV" measured at 4.50 m, below the minimum of 4.72 m',
      },
    ]);

    const list = await get(t, viewer, `/api/poles/${photo.pole_id}/measurements`);
    expect(list.statusCode).toBe(200);
    expect(poleMeasurementsSchema.parse(list.json())).toEqual({ measurements: [measurement], lean: null });

    // Viewers read only; another workspace sees nothing of it.
    expect(
      (await send(t, viewer.cookie, "POST", `/api/images/${photo.id}/measurements`, body)).statusCode,
    ).toBe(403);
    expect((await send(t, viewer.cookie, "DELETE", `/api/measurements/${measurement.id}`)).statusCode).toBe(
      403,
    );
    expect(
      (await send(t, stranger.cookie, "POST", `/api/images/${photo.id}/measurements`, body)).statusCode,
    ).toBe(404);
    expect((await get(t, stranger, `/api/poles/${photo.pole_id}/measurements`)).statusCode).toBe(404);
    expect((await send(t, stranger.cookie, "DELETE", `/api/measurements/${measurement.id}`)).statusCode).toBe(
      404,
    );

    const gone = await send(t, owner.cookie, "DELETE", `/api/measurements/${measurement.id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    const after = poleMeasurementsSchema.parse(
      (await get(t, owner, `/api/poles/${photo.pole_id}/measurements`)).json(),
    );
    expect(after.measurements).toEqual([]);
    const audit = auditListSchema.parse((await get(t, owner, "/api/audit?action=measurement.delete")).json());
    expect(audit.entries.map((e) => [e.actor_email, e.target_id, e.details.measurement_id])).toEqual([
      [owner.email, photo.pole_id, measurement.id],
    ]);
  });

  it("follows the workspace's clearance rules and units", async () => {
    const rules = [{ kind: "power_conductor", min_height_m: 12, code: "clearance", level: 1 }];
    const put = await send(t, owner.cookie, "PUT", "/api/workspace/settings", {
      clearanceRules: rules,
      units: "feet-inches",
      leanThresholdDeg: 3,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(workspaceSettingsSchema.parse(put.json())).toMatchObject({
      clearanceRules: rules,
      units: "feet-inches",
      leanThresholdDeg: 3,
    });
    expect(
      (await send(t, viewer.cookie, "PUT", "/api/workspace/settings", { units: "metres" })).statusCode,
    ).toBe(403);

    const photo = await measurablePhoto(t, owner.cookie, { width: camera.width, height: camera.height });
    const res = await send(t, owner.cookie, "POST", `/api/images/${photo.id}/measurements`, body);
    expect(measurementResponseSchema.parse(res.json()).measurement.suggestions).toEqual([
      {
        code: "clearance",
        level: 1,
        reason: "Power conductor measured at 36 ft 11 in, below the minimum of 39 ft 4 in",
      },
    ]);
  });

  it("refuses marks that cannot define the heights, saying why", async () => {
    const photo = await measurablePhoto(t, owner.cookie, { width: camera.width, height: camera.height });
    const url = `/api/images/${photo.id}/measurements`;
    const refused = async (payload: unknown) => {
      const res = await send(t, owner.cookie, "POST", url, payload);
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ message: string }>().message;
    };
    expect(await refused({ ...body, reference: stick.slice(0, 2) })).toBe(measureTexts.tooFewMarks);
    const mistyped = stick.map((m, i) => ({ ...m, height_m: [0, 6, 4, 2, 8][i]! }));
    expect(await refused({ ...body, reference: mistyped })).toBe(measureTexts.marksInconsistent);
    expect(await refused({ ...body, points: [{ kind: "neutral", at: [camera.width + 5, 10] }] })).toBe(
      measureTexts.outsidePhoto("Point 1"),
    );
    // Coordinates are numbers, kinds are known ones.
    expect(await refused({ ...body, points: [{ kind: "neutral", at: ["10", "20"] }] })).toMatch(/at/);
    expect(await refused({ ...body, points: [{ kind: "cable", at: at(5) }] })).toMatch(/kind/);
    // Two marks are enough with two vertical lines (here, building corners 4 m either side).
    const vertical = (x: number) => [project(camera, [x, 3, 0]), project(camera, [x, 3, 10])];
    const two = await send(t, owner.cookie, "POST", url, {
      ...body,
      reference: [stick[0], stick[4]],
      verticals: [vertical(-4), vertical(4)],
    });
    expect(two.statusCode, two.body).toBe(201);
    expect(measurementResponseSchema.parse(two.json()).measurement.points[1]!.height_m).toBeCloseTo(11.25, 3);

    // Degenerate marks: on one horizontal line, heights of 0 and next to nothing, verticals of
    // no length (two clicks on one pixel).
    const across = [0, 2, 4].map((h, i) => ({ at: [300 + 150 * i, 500] as [number, number], height_m: h }));
    expect(await refused({ ...body, reference: across })).toBe(measureTexts.marksAcrossPhoto);
    const tiny = [0, 1e-300, 2e-300].map((h, i) => ({ ...stick[i]!, height_m: h }));
    expect(await refused({ ...body, reference: tiny })).toBe(measureTexts.marksSameHeight);
    const zeros = stick.map((m) => ({ ...m, height_m: 0 }));
    expect(await refused({ ...body, reference: zeros })).toBe(measureTexts.marksSameHeight);
    const dot = (x: number) => [project(camera, [x, 3, 0]), project(camera, [x, 3, 0])];
    expect(
      await refused({ ...body, reference: [stick[0], stick[4]], verticals: [dot(-4), vertical(4)] }),
    ).toBe(measureTexts.verticalTooShort);
  });
});
