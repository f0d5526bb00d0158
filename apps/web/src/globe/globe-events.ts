/** What the globe tells React (GlobeController.on): clicks on markers or empty space, zoom-outs. */
import type { MarkerRef } from "./markers";

export interface GlobeEvents {
  regionClick: (regionId: string) => void;
  /** A pole marker (named by the pole's id): the map opens the pole's latest photo. */
  poleClick: (poleId: string) => void;
  /** A pole picked in the search box, from any view: the map opens its region and its photo. */
  poleFound: (poleId: string, regionId: string) => void;
  emptyClick: () => void;
  /** Zoomed out above the limit while in region view. */
  overviewRequested: () => void;
  /** The chosen base layer's tiles cannot be reached (its name), or null: back to normal. */
  basemapUnreachable: (name: string | null) => void;
}

type Listeners = { [K in keyof GlobeEvents]: Set<GlobeEvents[K]> };

export class GlobeEventHub {
  private readonly listeners: Listeners = {
    regionClick: new Set(),
    poleClick: new Set(),
    poleFound: new Set(),
    emptyClick: new Set(),
    overviewRequested: new Set(),
    basemapUnreachable: new Set(),
  };

  on<K extends keyof GlobeEvents>(event: K, cb: GlobeEvents[K]): () => void {
    const set = this.listeners[event] as Set<GlobeEvents[K]>;
    set.add(cb);
    return () => set.delete(cb);
  }

  emit<K extends keyof GlobeEvents>(event: K, ...args: Parameters<GlobeEvents[K]>): void {
    for (const cb of this.listeners[event] as Set<(...a: Parameters<GlobeEvents[K]>) => void>) cb(...args);
  }

  /** A click on a marker (or on nothing, with null) as the event it means. */
  emitClick(ref: MarkerRef | null): void {
    if (!ref) this.emit("emptyClick");
    else if (ref.kind === "region") this.emit("regionClick", ref.id);
    else this.emit("poleClick", ref.id);
  }

  clear(): void {
    for (const set of Object.values(this.listeners)) set.clear();
  }
}
