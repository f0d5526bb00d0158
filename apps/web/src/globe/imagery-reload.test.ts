import { Event } from "cesium";
import { describe, expect, it } from "vitest";
import { reloadFailedImageryWhenOnline, type ReloadableLayer, type ReloadableViewer } from "./imagery-reload";

type Provider = { errorEvent: Event };
type Layer = ReloadableLayer & { name: string; imageryProvider: Provider; readyEvent: Event };
const layer = (name: string): Layer => ({
  name,
  ready: true,
  imageryProvider: { errorEvent: new Event() },
  readyEvent: new Event(),
});

/** An imagery layer list that records what was removed and added, as Cesium's collection would. */
function fakeViewer(initial: Layer[]) {
  const list = [...initial];
  const log: string[] = [];
  let renders = 0;
  const layerAdded = new Event();
  const viewer: ReloadableViewer<Layer> = {
    isDestroyed: () => false,
    imageryLayers: {
      get length() {
        return list.length;
      },
      get: (i) => list[i]!,
      indexOf: (l) => list.indexOf(l),
      contains: (l) => list.includes(l),
      remove: (l, destroy) => {
        log.push(`remove ${l.name}${destroy ? " (destroyed)" : ""}`);
        list.splice(list.indexOf(l), 1);
        return true;
      },
      add: (l, i) => {
        log.push(`add ${l.name} at ${i}`);
        list.splice(i, 0, l);
        layerAdded.raiseEvent(l);
      },
      layerAdded,
    },
    scene: { requestRender: () => void renders++ },
  };
  return { viewer, list, log, renders: () => renders };
}

describe("reloadFailedImageryWhenOnline", () => {
  it("puts a layer that lost tiles back in its place once the browser is online, and only then", () => {
    const base = layer("base");
    const overlay = layer("overlay");
    const { viewer, list, log, renders } = fakeViewer([base, overlay]);
    const win = new EventTarget();
    reloadFailedImageryWhenOnline(viewer, win);

    base.imageryProvider.errorEvent.raiseEvent({ message: "Failed to obtain image tile" });
    expect(log).toEqual([]);
    win.dispatchEvent(new globalThis.Event("online"));
    expect(log).toEqual(["remove base", "add base at 0"]);
    expect(list).toEqual([base, overlay]);
    expect(renders()).toBe(1);

    // Nothing failed since: coming online again changes nothing.
    win.dispatchEvent(new globalThis.Event("online"));
    expect(log).toHaveLength(2);
  });

  it("watches layers added later (a basemap chosen) and leaves a removed one out", () => {
    const base = layer("base");
    const { viewer, log } = fakeViewer([base]);
    const win = new EventTarget();
    reloadFailedImageryWhenOnline(viewer, win);

    const chosen = layer("chosen");
    viewer.imageryLayers.remove(base, false);
    viewer.imageryLayers.add(chosen, 0);
    log.length = 0;
    base.imageryProvider.errorEvent.raiseEvent({});
    chosen.imageryProvider.errorEvent.raiseEvent({});
    win.dispatchEvent(new globalThis.Event("online"));
    expect(log).toEqual(["remove chosen", "add chosen at 0"]);
  });

  it("watches a layer whose provider arrives after it was added (the picker's layers)", () => {
    const provider: Provider = { errorEvent: new Event() };
    const pending = { ...layer("pending"), ready: false, imageryProvider: undefined } as unknown as Layer;
    const { viewer, log } = fakeViewer([pending]);
    const win = new EventTarget();
    reloadFailedImageryWhenOnline(viewer, win);

    pending.readyEvent.raiseEvent(provider);
    provider.errorEvent.raiseEvent({});
    win.dispatchEvent(new globalThis.Event("online"));
    expect(log).toEqual(["remove pending", "add pending at 0"]);
  });
});
