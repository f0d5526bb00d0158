/**
 * The search widget's service, kept thin: it hands the text to the map's search (given by React,
 * features/search) and turns the hits into the widget's results; it never calls an outside
 * geocoder. Which hit a destination came from is remembered, so the controller can open a region
 * or pole instead of only moving the camera.
 */
import { Cartesian3, GeocodeType, type GeocoderService } from "cesium";
import type { GlobeSearch, GlobeSearchHit } from "./globe-types";

/** Height the camera looks from when a search result is a point (below the overview limit). */
export const SEARCH_VIEW_HEIGHT_M = 3000;

export class LocalGeocoderService implements GeocoderService {
  readonly credit = undefined;
  private readonly hits = new WeakMap<object, GlobeSearchHit>();

  constructor(private readonly search: () => GlobeSearch | null) {}

  async geocode(query: string, type?: GeocodeType): Promise<GeocoderService.Result[]> {
    const search = this.search();
    if (!search) return [];
    const hits = await search(query, { suggest: type === GeocodeType.AUTOCOMPLETE });
    return hits.map((hit) => {
      // A notice (no connection for a place name) leads nowhere: any point will do as its key.
      const destination =
        hit.kind === "notice"
          ? new Cartesian3()
          : Cartesian3.fromDegrees(hit.longitude, hit.latitude, SEARCH_VIEW_HEIGHT_M);
      this.hits.set(destination, hit);
      return { displayName: hit.displayName, destination };
    });
  }

  /** The search hit behind a destination the widget hands back, if it was one of ours. */
  hitFor(destination: object): GlobeSearchHit | undefined {
    return this.hits.get(destination);
  }
}
