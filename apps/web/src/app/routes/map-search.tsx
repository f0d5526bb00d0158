/**
 * The map's search box as the map screen puts it on the globe: its own chunk, loaded once the
 * globe is there to hold it (it is shown at the head of the globe's toolbar), so the map's first
 * load does not carry it. A region found moves the keyboard on to the region's pole list; a
 * pole's record takes the keyboard of itself.
 */
import type { PoleMarkers, RegionSummary } from "@poleatlas/shared";
import { Suspense } from "react";
import { POLE_LIST_SELECTOR } from "../../features/poles";
import type { GlobeSearchHit } from "../../globe";
import { lazyPart } from "../../lib/lazy-part";

const MapSearchBox = lazyPart(() => import("../../features/search").then((m) => m.MapSearchBox));

export interface MapSearchProps {
  regions: readonly RegionSummary[];
  poles: PoleMarkers | null;
  compact: boolean;
  goTo: (hit: GlobeSearchHit) => void;
}

export function MapSearch({ regions, poles, compact, goTo }: MapSearchProps) {
  return (
    <Suspense fallback={null}>
      <MapSearchBox
        regions={regions}
        poles={poles}
        compact={compact}
        onChoose={(hit) => {
          goTo(hit);
          // On a phone the list is in the closed drawer: the box keeps the keyboard.
          if (hit.kind === "region" && !compact)
            void import("../../components/focus-when-shown").then((m) =>
              m.focusWhenShown([POLE_LIST_SELECTOR]),
            );
        }}
      />
    </Suspense>
  );
}
