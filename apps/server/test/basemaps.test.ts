/** GET /api/basemaps and the CSP that lets the globe load exactly the configured hosts' tiles. */
import { basemapsResponseSchema } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "./helpers/setup";

const layers = [
  {
    name: "Utility orthophoto",
    type: "xyz",
    url: "https://tiles.utility.example/{z}/{x}/{y}.png",
    maximumLevel: 19,
  },
  { name: "Network WMS", type: "wms", url: "https://gis.utility.example/wms", layers: "poles" },
];

const t = useTestApp({ BASEMAPS: JSON.stringify(layers), DEFAULT_BASEMAP: "Utility orthophoto" });
const user = useSignedInUser(t);

describe("GET /api/basemaps", () => {
  it("answers the configured layers and the default to a signed-in user", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/basemaps", headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    expect(basemapsResponseSchema.parse(res.json())).toEqual({
      basemaps: layers,
      default: "Utility orthophoto",
    });
  });

  it("is 401 without a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/basemaps" });
    expect(res.statusCode).toBe(401);
  });

  it("lets the page load tiles from those hosts, and from no other new one", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    const imgSrc = csp.split(";").find((d) => d.trim().startsWith("img-src")) ?? "";
    expect(imgSrc).toContain("https://tiles.utility.example");
    expect(imgSrc).toContain("https://gis.utility.example");
    expect(imgSrc).not.toContain("{z}");
    const connect = csp.split(";").find((d) => d.trim().startsWith("connect-src")) ?? "";
    expect(connect).toContain("https://gis.utility.example");
  });
});
