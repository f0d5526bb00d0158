import { afterEach, describe, expect, it } from "vitest";
import { labelSearchBox } from "./search-box";

describe("the globe's search box", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("is named for what it finds: tags, labels and places", () => {
    // The box as Cesium's Geocoder widget builds it.
    document.body.innerHTML = `<div class="cesium-viewer-geocoderContainer"><form>
      <input type="search" class="cesium-geocoder-input" placeholder="Enter an address or landmark...">
    </form></div>`;
    labelSearchBox(document.querySelector(".cesium-viewer-geocoderContainer")!);
    const box = document.querySelector("input")!;
    expect(box.getAttribute("aria-label")).toBe("Search poles by tag or label, or places");
    expect(box.placeholder).toBe("Tag, label or place");
  });

  it("leaves a viewer without a search box alone", () => {
    expect(() => labelSearchBox(undefined)).not.toThrow();
  });
});
