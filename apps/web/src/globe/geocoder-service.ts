/**
 * The search widget's service: answers from what the globe already shows (see search.ts) and
 * never calls an outside geocoder. Which hit a destination came from is remembered, so the
 * controller can select a region or pole instead of only moving the camera.
 */
import { Cartesian3, type GeocoderService } from "cesium";
import { searchGlobe, type SearchHit } from "./search";
import type { PoleMarkers, RegionSummary } from "@poleatlas/shared";

/** Height the camera looks from when a search result is a point (below the overview limit). */
export const SEARCH_VIEW_HEIGHT_M = 3000;

export class LocalGeocoderService implements GeocoderService {
  readonly credit = undefined;
  private readonly hits = new WeakMap<object, SearchHit>();

  constructor(
    private readonly source: () => { regions: readonly RegionSummary[]; poles: PoleMarkers | null },
  ) {}

  geocode(query: string): Promise<GeocoderService.Result[]> {
    const { regions, poles } = this.source();
    return Promise.resolve(
      searchGlobe(query, regions, poles).map((hit) => {
        const destination = Cartesian3.fromDegrees(hit.longitude, hit.latitude, SEARCH_VIEW_HEIGHT_M);
        this.hits.set(destination, hit);
        return { displayName: hit.displayName, destination };
      }),
    );
  }

  /** The search hit behind a destination the widget hands back, if it was one of ours. */
  hitFor(destination: object): SearchHit | undefined {
    return this.hits.get(destination);
  }
}
