/**
 * Tests only: a stand-in Cesium scene for the globe's layers: Cesium's real primitive collections need no
 * WebGL until a frame is drawn, so a scene that records what is added and counts render requests
 * is enough to check what a layer draws.
 */
import type { Scene } from "cesium";

export function fakeScene() {
  const added: unknown[] = [];
  let renders = 0;
  const scene = {
    primitives: {
      add: (p: unknown) => added.push(p),
      remove: (p: unknown) => added.splice(added.indexOf(p), 1).length > 0,
    },
    requestRender: () => {
      renders++;
    },
  };
  return { scene: scene as unknown as Scene, added, renders: () => renders };
}
