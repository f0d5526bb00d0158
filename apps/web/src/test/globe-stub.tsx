/**
 * The globe in component tests (Cesium needs WebGL): shows what it was given as attributes, and
 * offers buttons that stand for clicks on it (a pole's marker, empty space, a point in pick mode;
 * the real clicks are in the e2e tests), and the map's own search box, whose hits go where the
 * controller sends them (globe-controller.ts goTo: a region opens, a pole is found).
 */
import type { GlobeViewProps } from "../globe";

export function GlobeStub(props: GlobeViewProps) {
  return (
    <div
      data-testid="globe-stub"
      data-regions={props.regions.length}
      data-poles={JSON.stringify(props.poles?.ids ?? [])}
      data-selected={props.selectedPhoto?.id ?? ""}
      data-selected-pole={props.selectedPhoto?.pole_id ?? props.selectedPole?.id ?? ""}
      data-picking={String(props.pickingPosition)}
      data-pole-labels={JSON.stringify(props.poles?.labels ?? {})}
    >
      {props.poles?.ids.map((id) => (
        <button key={id} type="button" onClick={() => props.onPoleClick(id)}>
          {`pole ${id}`}
        </button>
      ))}
      {props.renderSearch?.((hit) => {
        if (hit.kind === "region") props.onRegionClick(hit.id);
        if (hit.kind === "pole") props.onPoleFound?.(hit.id, hit.regionId);
      })}
      <button type="button" onClick={() => props.onEmptyClick()}>
        empty click
      </button>
      <button
        type="button"
        onClick={() => props.onPositionPicked({ latitude: -33.8688, longitude: 151.2093 })}
      >
        globe click
      </button>
    </div>
  );
}
