import { InfoBox } from "cesium";
import { afterEach, describe, expect, it } from "vitest";
import { mapScreenTexts } from "@poleatlas/shared";
import { makeInfoBoxAccessible, photoDescription } from "./info-box";
import { viewerOptions } from "./viewer-setup";

describe("the globe's info box", () => {
  let box: InfoBox | undefined;
  afterEach(() => {
    box?.destroy();
    box = undefined;
    document.body.innerHTML = "";
  });

  it("is one of the viewer's controls", () => {
    const options = viewerOptions(true);
    expect(options.infoBox).toBe(true);
  });

  it("gives Cesium's frame a title and its buttons names", () => {
    const container = document.createElement("div");
    document.body.append(container);
    box = new InfoBox(container);
    makeInfoBoxAccessible(box);
    expect(box.frame.title).toBe(mapScreenTexts.infoBox.frame);
    // No Tab stop: a frame shows no focus and holds nothing to operate.
    expect(box.frame.tabIndex).toBe(-1);
    // Its blank document's scheme, not the dark page's: a frame whose scheme differs from its
    // document's is painted white (the browser spec checks the colours on screen).
    expect(box.frame.style.colorScheme).toBe("light");
    const close = container.querySelector(".cesium-infoBox-close");
    expect(close?.getAttribute("aria-label")).toBe(mapScreenTexts.infoBox.close);
    const camera = container.querySelector(".cesium-infoBox-camera");
    expect(camera?.getAttribute("aria-label")).toBe(mapScreenTexts.infoBox.camera);
  });

  it("describes the photo by its date and place, as the panel writes them", () => {
    const html = photoDescription({ date: "2024-03-01", latitude: 52.520008, longitude: 13.404954 });
    const table = document.createElement("div");
    table.innerHTML = html;
    const rows = [...table.querySelectorAll("tr")].map((r) => [
      r.querySelector("th")?.textContent,
      r.querySelector("td")?.textContent,
    ]);
    expect(rows).toEqual([
      [mapScreenTexts.date, new Date(2024, 2, 1).toLocaleDateString()],
      [mapScreenTexts.location, "52.520008, 13.404954"],
    ]);
    // Missing values read as the panel says them.
    const bare = photoDescription({ date: null, latitude: null, longitude: null });
    expect(bare).toContain(mapScreenTexts.noDate);
    expect(bare).toContain(mapScreenTexts.noLocation);
  });
});
