/**
 * The API reference: an OpenAPI 3 document generated from the zod schemas the routes already
 * declare (GET /api/openapi.json), and Swagger UI reading it at /api/docs. Swagger UI's files come
 * from its npm package and load as external scripts, so the app's CSP ('self' only) allows them.
 */
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { PRODUCT_NAME } from "@poleatlas/shared";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { openApiTagList, tagOf } from "./openapi-tags";

export const OPENAPI_PATH = "/api/openapi.json";
export const API_DOCS_PATH = "/api/docs";

/** Every failure answers `{ code, message }` (errors.ts, the error handler). */
const ERROR_RESPONSE = {
  description: "An error: a stable code and a message a person can read.",
  content: {
    "application/json": {
      schema: {
        type: "object",
        required: ["code", "message"],
        properties: { code: { type: "string" }, message: { type: "string" }, field: { type: "string" } },
      },
    },
  },
};

/** The dev mailbox is a page for people on a development machine, not part of the API. */
const NOT_IN_REFERENCE = /^\/dev\//;

/** Each route in its area (openapi-tags.ts), and the routes that are not the API left out. */
const transform: typeof jsonSchemaTransform = (input) => {
  if (NOT_IN_REFERENCE.test(input.url)) return { schema: { hide: true }, url: input.url };
  const out = jsonSchemaTransform(input);
  const tag = tagOf(input.url);
  if (out.schema?.hide || !tag) return out;
  return { ...out, schema: { ...out.schema, tags: [tag] } };
};

/** The reader's top bar names the product where Swagger UI shows its own logo. */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="220" height="40" viewBox="0 0 220 40">' +
  `<text x="0" y="29" font-family="system-ui,sans-serif" font-size="26" font-weight="600" fill="#fff">${PRODUCT_NAME} API</text></svg>`;

type Operation = { responses?: Record<string, unknown> };
type Document = { paths?: Record<string, Record<string, Operation>> };

/** The error answers every operation can give, unless the route documents its own. */
function withErrorAnswers<T>(document: T): T {
  for (const item of Object.values((document as Document).paths ?? {})) {
    for (const operation of Object.values(item)) {
      operation.responses = { "4XX": ERROR_RESPONSE, "5XX": ERROR_RESPONSE, ...operation.responses };
    }
  }
  return document;
}

export interface RouteSeen {
  method: string;
  url: string;
  hidden: boolean;
  /** What the route declares: params, querystring, body, response. */
  declares: string[];
}
const seen = new WeakMap<FastifyInstance, RouteSeen[]>();
/** Every route the app added, with the schema parts it declares (the reference's completeness test). */
export const routesSeen = (app: FastifyInstance): RouteSeen[] => seen.get(app) ?? [];

/** Must run before the modules add their routes: the generator collects them as they are added. */
export async function registerOpenApi(app: FastifyInstance, opts: { publicUrl: string }): Promise<void> {
  const routes: RouteSeen[] = [];
  seen.set(app, routes);
  app.addHook("onRoute", (r) => {
    const schema = (r.schema ?? {}) as Record<string, unknown>;
    for (const method of [r.method].flat()) {
      routes.push({
        method,
        url: r.url,
        hidden: schema.hide === true,
        declares: ["params", "querystring", "body", "response"].filter((k) => schema[k] !== undefined),
      });
    }
  });
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: PRODUCT_NAME,
        version: "1",
        description:
          "Geotagged photos of utility poles, the poles, their inspections and exports: browsers call it " +
          "with their session cookie, scripts and GIS clients with an API key (Authorization: Bearer KEY or X-API-Key: KEY).",
      },
      tags: openApiTagList(),
      servers: [{ url: opts.publicUrl }],
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "poleatlas.session_token" },
          apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
          bearer: { type: "http", scheme: "bearer" },
          basic: { type: "http", scheme: "basic", description: "Any user name; the API key as password." },
        },
      },
      security: [{ session: [] }, { apiKey: [] }, { bearer: [] }],
    },
    transform,
    transformObject: (input) => withErrorAnswers(jsonSchemaTransformObject(input)),
  });
}

/** After every route is in: the document and its reader. */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, (_req, reply) =>
    reply.type("application/json; charset=utf-8").send(app.swagger()),
  );
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    // It reads the same document at /api/docs/json; no call leaves for the public validator.
    uiConfig: { docExpansion: "list", deepLinking: true },
    theme: { title: `${PRODUCT_NAME} API reference` },
    logo: { type: "image/svg+xml", content: LOGO_SVG },
    validatorUrl: false,
    // No inline script is added: the page runs under the app's own CSP.
    staticCSP: false,
  });
}
