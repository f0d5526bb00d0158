import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkCanServe, ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("gives a working default with no variables", () => {
    const c = loadConfig({}, "/srv/app");
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe(path.resolve("/srv/app/data"));
    expect(c.embeddedPostgresDir).toBe(path.resolve("/srv/app/data/postgres"));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe("http://localhost:8080");
  });

  it("takes PORT, DATA_DIR and DATABASE_URL", () => {
    const c = loadConfig(
      { PORT: "9000", DATA_DIR: "/var/lib/poleatlas", DATABASE_URL: "postgres://u:p@db:5432/x" },
      "/srv/app",
    );
    expect(c.port).toBe(9000);
    expect(c.dataDir).toBe("/var/lib/poleatlas");
    expect(c.databaseUrl).toBe("postgres://u:p@db:5432/x");
    expect(c.publicUrl).toBe("http://localhost:9000");
  });

  it("lists every bad variable at once", () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join("\n");
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL/);
    expect(problems).toMatch(/LOG_LEVEL/);
  });

  it("trusts the same port on localhost, 127.0.0.1 and [::1] outside production", () => {
    const loopback = (port: number) => [
      `http://localhost:${port}`,
      `http://127.0.0.1:${port}`,
      `http://[::1]:${port}`,
    ];
    expect(loadConfig({}).auth.trustedOrigins).toEqual(loopback(8080));
    expect(loadConfig({ NODE_ENV: "test", PORT: "9000" }).auth.trustedOrigins).toEqual(loopback(9000));
    expect(
      loadConfig({ PUBLIC_URL: "http://atlas.lan:8080", TRUSTED_ORIGINS: "http://tools.lan" }).auth
        .trustedOrigins,
    ).toEqual(["http://atlas.lan:8080", "http://tools.lan", ...loopback(8080)]);
    // Another port of the same host is still another origin.
    expect(loadConfig({}).auth.trustedOrigins).not.toContain("http://127.0.0.1:5173");
  });

  it("trusts only PUBLIC_URL and TRUSTED_ORIGINS in production", () => {
    expect(loadConfig({ NODE_ENV: "production" }).auth.trustedOrigins).toEqual(["http://localhost:8080"]);
    expect(
      loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://atlas.example", PORT: "8080" }).auth
        .trustedOrigins,
    ).toEqual(["https://atlas.example"]);
  });

  it("refuses production without PUBLIC_URL, or with plain http to another machine", () => {
    const problems = (env: Record<string, string>) => {
      try {
        checkCanServe(loadConfig({ NODE_ENV: "production", ...env }));
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };
    expect(problems({})).toEqual([
      expect.stringMatching(/^PUBLIC_URL: must be set when NODE_ENV=production/),
    ]);
    expect(problems({ PUBLIC_URL: "http://atlas.example" })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: must start with https:\/\/ when NODE_ENV=production/),
    ]);
    for (const ok of [
      "https://atlas.example",
      "http://127.0.0.1:8080",
      "http://localhost:9",
      "http://[::1]:8080",
    ]) {
      expect(problems({ PUBLIC_URL: ok }), ok).toEqual([]);
    }
    // Outside production the default stays a working local address.
    expect(problems({ NODE_ENV: "development" })).toEqual([]);
    // The backup and restore commands read the same settings and need no address.
    expect(() => loadConfig({ NODE_ENV: "production" })).not.toThrow();
  });

  it("lets the CSP reach the bucket's host when /files redirects there", () => {
    const photos = (env: Record<string, string>) => loadConfig(env).security.photoOrigins;
    expect(photos({})).toEqual([]);
    expect(photos({ STORAGE: "s3", S3_ENDPOINT: "http://127.0.0.1:9000/" })).toEqual([
      "http://127.0.0.1:9000",
    ]);
    expect(
      photos({ STORAGE: "s3", S3_ENDPOINT: "https://minio.example", S3_FORCE_PATH_STYLE: "false" }),
    ).toEqual(["https://utility-poles.minio.example"]);
    expect(photos({ STORAGE: "s3", S3_REGION: "eu-west-1" })).toEqual([
      "https://utility-poles.s3.eu-west-1.amazonaws.com",
    ]);
    expect(photos({ STORAGE: "s3", S3_ENDPOINT: "http://127.0.0.1:9000", S3_SERVE: "proxy" })).toEqual([]);
  });
});

describe("loadConfig: BASEMAPS and DEFAULT_BASEMAP", () => {
  const tiles = {
    name: "Utility orthophoto",
    type: "xyz",
    url: "https://tiles.utility.example/{z}/{x}/{y}.png",
  };
  const wms = {
    name: "Network WMS",
    type: "wms",
    url: "https://gis.utility.example/wms",
    layers: "poles,lines",
  };

  it("defaults to none, with the bundled Natural Earth II first", () => {
    const c = loadConfig({}, "/srv/app");
    expect(c.basemaps).toEqual({ list: [], default: "Natural Earth II" });
  });

  it("adds each layer's origin to the CSP's imagery origins, once", () => {
    const c = loadConfig(
      {
        BASEMAPS: JSON.stringify([tiles, wms, { ...tiles, name: "Same host" }]),
        DEFAULT_BASEMAP: "Network WMS",
      },
      "/srv/app",
    );
    expect(c.basemaps.default).toBe("Network WMS");
    expect(c.basemaps.list.map((b) => b.name)).toEqual(["Utility orthophoto", "Network WMS", "Same host"]);
    expect(c.security.imageryOrigins).toEqual([
      "https://tile.openstreetmap.org",
      "https://services.arcgisonline.com",
      "https://tiles.utility.example",
      "https://gis.utility.example",
    ]);
  });

  it.each([
    ["not JSON", { BASEMAPS: "[{name:" }, /BASEMAPS: must be a JSON list/],
    ["a bad type", { BASEMAPS: JSON.stringify([{ ...tiles, type: "png" }]) }, /BASEMAPS/],
    ["a non-http URL", { BASEMAPS: JSON.stringify([{ ...tiles, url: "javascript:alert(1)" }]) }, /http/],
    ["two of one name", { BASEMAPS: JSON.stringify([tiles, tiles]) }, /names must be unique/],
    ["an unknown default", { DEFAULT_BASEMAP: "Nope" }, /DEFAULT_BASEMAP: "Nope" is none of the basemaps/],
  ])("refuses %s", (_what, env, message) => {
    expect(() => loadConfig(env, "/srv/app")).toThrow(ConfigError);
    expect(() => loadConfig(env, "/srv/app")).toThrow(message);
  });
});
