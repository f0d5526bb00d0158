/**
 * What photos need of poles (modules/poles provides it, app.ts hands it in): the pole a photo joins
 * by the pole rule, the register poles a waiting photo may show, leaving a pole, and the regions'
 * risk. Declared here, below the poles module, so photos never import it.
 */
import {
  halfViewDeg,
  type PhotoMetadata,
  type PoleCandidate,
  type RegionInspection,
  type RegionRisk,
} from "@poleatlas/shared";
import type { Executor } from "../../infra/db/database";
import type { Actor } from "../workspaces/actor";

/** Where a photo was taken and, when its EXIF says, where it looked and how wide it sees. */
export interface PlaceSeen {
  latitude: number;
  longitude: number;
  /** GPSImgDirection, degrees from north; null: no bearing. */
  heading?: number | null;
  /** Half the field of view plus the compass allowance (pole-join.ts halfViewDeg). */
  halfViewDeg?: number | null;
}

export interface PolePlacement {
  /**
   * The pole a photo at this place joins by the pole rule (under the workspace's lock); null: a
   * register pole stands near but the rule cannot say which is the photo's, so it waits unplaced.
   */
  assign(tx: Executor, workspaceId: string, at: PlaceSeen): Promise<string | null>;
  /** The register poles a waiting photo may show, nearest first. */
  candidates(
    workspaceId: string,
    at: { latitude: number; longitude: number },
    tx?: Executor,
  ): Promise<PoleCandidate[]>;
  /** After photos left these poles: empty ones go, the rest re-rate. */
  refresh(tx: Executor, poleIds: string[]): Promise<void>;
  riskByRegion(workspaceId: string): Promise<RegionPoles>;
  /** Per region: poles with an overdue finding, poles due for inspection. */
  inspectionByRegion(actor: Actor): Promise<(lon: number, lat: number) => RegionInspection>;
}

/** The workspace's poles per region, for GET /api/regions. */
export interface RegionPoles {
  riskOf: (lon: number, lat: number) => RegionRisk;
  /** Every region with poles, photographed or not. */
  regions: { region_lon: number; region_lat: number }[];
  /** The workspace imported a pole register: regions count poles too, and pole-only regions show. */
  imported: boolean;
}

/** A placed photo's place, bearing and view as the pole rule reads them. */
export function placeSeen(photo: {
  latitude: number;
  longitude: number;
  heading: number | null;
  metadata: Pick<PhotoMetadata, "optics">;
}): PlaceSeen {
  return {
    latitude: photo.latitude,
    longitude: photo.longitude,
    heading: photo.heading,
    halfViewDeg: photo.heading === null ? null : halfViewDeg(photo.metadata.optics),
  };
}

/** A photo with a place but no pole waits for a member to name its register pole. */
export const isWaiting = (photo: {
  latitude: number | null;
  longitude: number | null;
  pole_id: string | null;
}) => photo.pole_id === null && photo.latitude !== null && photo.longitude !== null;
