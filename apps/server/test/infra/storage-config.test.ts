import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config";

describe("storage configuration", () => {
  it("defaults to a local folder DATA_DIR/files with the utility-poles bucket", () => {
    const c = loadConfig({ DATA_DIR: "/srv/data" }, "/srv/app");
    expect(c.storage).toEqual({ kind: "local", rootDir: "/srv/data/files", bucket: "utility-poles" });
    expect(c.uploadTmpDir).toBe("/srv/data/tmp");
    expect(loadConfig({ FILES_DIR: "photos" }, "/srv/app").storage).toMatchObject({
      rootDir: path.resolve("/srv/app/photos"),
    });
  });

  it("reads the S3 settings, path-style by default with an endpoint", () => {
    const c = loadConfig({
      STORAGE: "s3",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(c.storage).toEqual({
      kind: "s3",
      bucket: "utility-poles",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      serveMode: "redirect",
      signedUrlSeconds: 300,
    });
    expect(loadConfig({ STORAGE: "s3", S3_BUCKET: "photos", S3_SERVE: "proxy" }).storage).toMatchObject({
      bucket: "photos",
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      serveMode: "proxy",
    });
  });

  it("rejects bad values and half a key pair", () => {
    let caught: unknown;
    try {
      loadConfig({ STORAGE: "ftp", S3_ENDPOINT: "not a url", S3_BUCKET: "Bad_Bucket" });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join("\n");
    expect(problems).toMatch(/STORAGE/);
    expect(problems).toMatch(/S3_ENDPOINT/);
    expect(problems).toMatch(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: "s3", S3_ACCESS_KEY_ID: "only-the-key" })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
  });
});
