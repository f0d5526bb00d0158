/**
 * /ogc: OGC API – Features for GIS clients. Only an API key opens it (header, Bearer, or HTTP
 * Basic with the key as password); anonymous calls get a 401 with a Basic challenge, so QGIS and
 * ArcGIS ask for credentials. A key sees its own workspace only.
 */
import {
  GEOJSON_TYPE,
  OGC_PATH,
  ogcCollectionParamsSchema,
  ogcCollectionSchema,
  ogcCollectionsSchema,
  ogcConformanceSchema,
  ogcFeatureCollectionSchema,
  ogcFeatureSchema,
  ogcFormatQuerySchema,
  ogcItemQuerySchema,
  ogcItemParamsSchema,
  ogcItemsQuerySchema,
  ogcLandingSchema,
  ogcTexts,
  type OgcFeatureCollection,
} from "@poleatlas/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import type { Actor } from "../workspaces/actor";
import type { OgcService } from "./ogc.service";

export function ogcRoutes(
  app: FastifyInstance,
  deps: { service: OgcService; actorOfKey: (req: FastifyRequest) => Promise<Actor | null> },
): void {
  const { service } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const requireKey = async (req: FastifyRequest): Promise<Actor> => {
    const actor = await deps.actorOfKey(req);
    if (!actor) {
      throw new AppError(401, "unauthorized", ogcTexts.keyNeeded, {
        "WWW-Authenticate": 'Basic realm="PoleAtlas", charset="UTF-8"',
      });
    }
    return actor;
  };
  /** Links point back where the client called (req.protocol follows TRUST_PROXY). */
  const baseOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;
  const searchOf = (req: FastifyRequest) => {
    const q = req.url.indexOf("?");
    return q >= 0 ? req.url.slice(q) : "";
  };

  api.get(
    OGC_PATH,
    { schema: { querystring: ogcFormatQuerySchema, response: { 200: ogcLandingSchema } } },
    async (req) => {
      await requireKey(req);
      return service.landing(baseOf(req));
    },
  );

  api.get(
    `${OGC_PATH}/conformance`,
    { schema: { querystring: ogcFormatQuerySchema, response: { 200: ogcConformanceSchema } } },
    async (req) => {
      await requireKey(req);
      return service.conformance();
    },
  );

  api.get(
    `${OGC_PATH}/collections`,
    { schema: { querystring: ogcFormatQuerySchema, response: { 200: ogcCollectionsSchema } } },
    async (req) => service.collections(await requireKey(req), baseOf(req)),
  );

  api.get(
    `${OGC_PATH}/collections/:collectionId`,
    {
      schema: {
        params: ogcCollectionParamsSchema,
        querystring: ogcFormatQuerySchema,
        response: { 200: ogcCollectionSchema },
      },
    },
    async (req) => service.collection(await requireKey(req), baseOf(req), req.params.collectionId),
  );

  api.get(
    `${OGC_PATH}/collections/:collectionId/items`,
    {
      schema: {
        params: ogcCollectionParamsSchema,
        querystring: ogcItemsQuerySchema,
        response: { 200: ogcFeatureCollectionSchema },
      },
    },
    async (req, reply) => {
      const actor = await requireKey(req);
      const page = await service.items(actor, baseOf(req), req.params.collectionId, req.query, searchOf(req));
      // GeoJSON text already (see the service): a string with a JSON type goes out as it is.
      return reply.type(GEOJSON_TYPE).send(page as unknown as OgcFeatureCollection);
    },
  );

  api.get(
    `${OGC_PATH}/collections/:collectionId/items/:featureId`,
    {
      schema: {
        params: ogcItemParamsSchema,
        querystring: ogcItemQuerySchema,
        response: { 200: ogcFeatureSchema },
      },
    },
    async (req, reply) => {
      const actor = await requireKey(req);
      const feature = await service.item(actor, baseOf(req), req.params.collectionId, req.params.featureId);
      return reply.type(GEOJSON_TYPE).send(feature);
    },
  );
}
