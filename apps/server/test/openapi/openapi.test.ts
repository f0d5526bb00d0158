/**
 * The API reference is generated from the routes' own schemas: the document is valid OpenAPI 3,
 * names every route under its area and the product, and a route added without a response schema
 * or under a path no area claims fails here.
 */
import SwaggerParser from "@apidevtools/swagger-parser";
import { PRODUCT_NAME } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import { OPENAPI_TAGS } from "../../src/modules/openapi/openapi-tags";
import { routesSeen } from "../../src/modules/openapi/openapi.module";
import { useTestApp } from "../helpers/setup";

const t = useTestApp();

/**
 * Routes that are not JSON operations of ours, each for a reason: better-auth's own endpoints
 * (documented by better-auth), photo files (bytes), the dev mailbox, the web app, the reference.
 */
const NOT_OPERATIONS = [
  /^\/api\/auth\/\*$/,
  /^\/files\//,
  /^\/dev\/mail/,
  /^\/\*$/,
  /^\/api\/docs/,
  /^\/api\/openapi\.json$/,
];
const isOperation = (url: string) => !NOT_OPERATIONS.some((re) => re.test(url));
/** Fastify's `/api/images/:id` is OpenAPI's `/api/images/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

async function document() {
  const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  return res.json<{
    openapi: string;
    info: { title: string; description?: string };
    tags?: { name: string }[];
    paths: Record<string, Record<string, { responses: object; tags?: string[] }>>;
  }>();
}

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3 document", async () => {
    const doc = await document();
    expect(doc.openapi).toMatch(/^3\./);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it("lists every route with a response schema", async () => {
    const doc = await document();
    const routes = routesSeen(t.app).filter(
      (r) => !r.hidden && r.method !== "HEAD" && isOperation(r.url) && r.url !== "/",
    );
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing, "routes missing from the document").toEqual([]);
    const undeclared = routes
      .filter((r) => !r.declares.includes("response"))
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared, "routes without a response schema").toEqual([]);
  });

  it("gives every operation its error answers", async () => {
    const doc = await document();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(Object.keys(op.responses), `${method} ${path}`).toContain("4XX");
      }
    }
  });

  it("groups every operation under one of the API's areas", async () => {
    const doc = await document();
    const areas = OPENAPI_TAGS.map((a) => a.name);
    expect(doc.tags?.map((tag) => tag.name)).toEqual(areas);
    const outside = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.tags?.length !== 1 || !areas.includes(op.tags[0] as never))
        .map(([method, op]) => `${method} ${path}: ${JSON.stringify(op.tags ?? [])}`),
    );
    expect(outside, "operations without a known area").toEqual([]);
  });

  it("leaves out the dev mailbox, which is not part of the API", async () => {
    // The test app runs with the mailbox on: it is a route here, only not in the reference.
    expect(routesSeen(t.app).some((r) => r.url.startsWith("/dev/mail"))).toBe(true);
    const doc = await document();
    expect(Object.keys(doc.paths).filter((path) => path.startsWith("/dev/"))).toEqual([]);
  });

  it("is titled with the product's name and says in one line what the API is", async () => {
    const { info } = await document();
    expect(info.title).toBe(PRODUCT_NAME);
    expect(info.description).toMatch(/^[^\n]{20,}$/);
  });
});

describe("GET /api/docs", () => {
  it("shows the product's name, not the framework's", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.body).toMatch(new RegExp(`<title>${PRODUCT_NAME}\\b`));
    expect(page.body).not.toMatch(/<title>[^<]*Swagger/);
    const script = await t.app.inject({ method: "GET", url: "/api/docs/static/swagger-initializer.js" });
    expect(script.statusCode).toBe(200);
    const logo = /img\.src = 'data:image\/svg\+xml;base64,([^']+)'/.exec(script.body);
    expect(Buffer.from(logo?.[1] ?? "", "base64").toString()).toContain(PRODUCT_NAME);
  });

  it("serves the reader from the package under the app's CSP", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/https?:\/\//);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline' 'self'");
    for (const src of page.body.matchAll(/src="\.\/([^"]+)"/g)) {
      const asset = await t.app.inject({ method: "GET", url: `/api/docs/${src[1]}` });
      expect(asset.statusCode, src[1]).toBe(200);
    }
  });
});
