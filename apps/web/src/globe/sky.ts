/**
 * Cesium's stars, Sun and Moon, which the Viewer is built without (`skyBox: false` in
 * viewer-setup.ts): the stars are six photos (~870 KB) the first draw of the regions does not need,
 * so they are added once the regions have been answered.
 */
import { Moon, SkyBox, Sun, type Scene } from "cesium";

export function addSky(scene: Scene): void {
  scene.skyBox = SkyBox.createEarthSkyBox();
  scene.sun = new Sun();
  scene.moon = new Moon();
  scene.requestRender();
}
