/**
 * The rules about poles and inspections: who may see and change what, which pole a photo joins,
 * and the risk roll-up. Every change that can move a photo between poles runs under the owner's
 * lock (the one uploads take), so a pole is never started twice at one spot nor removed while a
 * photo joins it.
 */
import {
  messages,
  parseRegionKey,
  type ImagePatch,
  type ImageRecord,
  type PoleSummary,
  type RegionRisk,
} from "@poleatlas/shared";
import { badRequest, notFound } from "../../errors";
import { toImageRecord } from "../images/image-record";
import type { ImagesRepository } from "../images/images.repository";
import type { ImageChanges, PolesRepository } from "./poles.repository";

export interface PolesServiceDeps {
  poles: PolesRepository;
  images: ImagesRepository;
  /** SPOT_RADIUS_METERS */
  spotRadiusMeters: number;
}

const NO_RISK: RegionRisk = { high: 0, medium: 0, low: 0, unrated: 0 };

export function createPolesService({ poles, images, spotRadiusMeters }: PolesServiceDeps) {
  const poleNotFound = () => notFound(messages.poleNotFound);

  async function ownedPole(userId: string, id: string): Promise<PoleSummary> {
    const pole = await poles.findOwned(userId, id);
    if (!pole) throw poleNotFound();
    return pole;
  }

  return {
    async region(userId: string, regionId: string): Promise<PoleSummary[]> {
      const region = parseRegionKey(regionId);
      if (!region) throw badRequest(messages.invalidRegion, "invalid_region");
      return poles.region(userId, region);
    },

    /** The pole and its timeline (photos in list order). */
    async get(userId: string, id: string): Promise<{ pole: PoleSummary; images: ImageRecord[] }> {
      const pole = await ownedPole(userId, id);
      return { pole, images: (await poles.timeline(id)).map(toImageRecord) };
    },

    async setLabel(userId: string, id: string, label: string): Promise<PoleSummary> {
      if (!(await poles.setLabel(userId, id, label))) throw poleNotFound();
      return ownedPole(userId, id);
    },

    /** Per region id: its poles by risk (regions without poles of their own count zeros). */
    async riskByRegion(userId: string): Promise<(lon: number, lat: number) => RegionRisk> {
      const byKey = new Map<string, RegionRisk>();
      for (const r of await poles.riskByRegion(userId)) {
        byKey.set(`${r.region_lon},${r.region_lat}`, {
          high: r.high,
          medium: r.medium,
          low: r.low,
          unrated: r.unrated,
        });
      }
      return (lon, lat) => byKey.get(`${lon},${lat}`) ?? NO_RISK;
    },

    /**
     * PATCH /api/images/:id: rating and notes as given; coordinates (re)place the photo by the
     * pole rule; `pole_id` moves it to another pole of the owner, or to a pole of its own ("new").
     */
    async patchImage(userId: string, id: string, patch: ImagePatch): Promise<ImageRecord> {
      const row = await images.withUserLock(userId, async (tx) => {
        const photo = await images.findOwned(userId, id, tx);
        if (!photo) throw notFound(messages.imageNotFound);
        const changes: ImageChanges = {};
        if (patch.risk !== undefined) changes.risk = patch.risk;
        if (patch.notes !== undefined) changes.notes = patch.notes?.trim() ? patch.notes : null;
        if (patch.latitude !== undefined && patch.longitude !== undefined) {
          changes.latitude = patch.latitude;
          changes.longitude = patch.longitude;
          changes.pole_id = await poles.assign(tx, userId, patch.latitude, patch.longitude, spotRadiusMeters);
        } else if (patch.pole_id === "new") {
          if (photo.latitude === null || photo.longitude === null)
            throw badRequest(messages.photoUnplaced, "unplaced_photo");
          changes.pole_id = await poles.create(tx, userId, photo.latitude, photo.longitude);
        } else if (patch.pole_id !== undefined) {
          const target = await poles.findOwned(userId, patch.pole_id, tx);
          if (!target) throw poleNotFound();
          changes.pole_id = target.id;
          // A photo without a place takes the pole's.
          if (photo.latitude === null || photo.longitude === null) {
            changes.latitude = target.latitude;
            changes.longitude = target.longitude;
          }
        }
        const updated = await poles.updateImage(tx, id, changes);
        const touched = [photo.pole_id, updated.pole_id].filter((p): p is string => p !== null);
        await poles.refresh(tx, [...new Set(touched)]);
        return updated;
      });
      return toImageRecord(row);
    },
  };
}

export type PolesService = ReturnType<typeof createPolesService>;
