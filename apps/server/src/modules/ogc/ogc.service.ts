/**
 * OGC API – Features documents for one actor's workspace: landing page, conformance,
 * collections, and pages of GeoJSON features with `next` links that carry the query on.
 */
import {
  CRS84,
  GEOJSON_TYPE,
  OGC_COLLECTIONS,
  OGC_CONFORMANCE,
  OGC_PATH,
  ogcTexts,
  type OgcCollection,
  type OgcFeature,
  type OgcItemsQuery,
} from "@poleatlas/shared";
import { notFound } from "../../errors";
import type { Today } from "../inspections/clock";
import type { Actor } from "../workspaces/actor";
import { findingFeature, photoFeature, poleFeature } from "./ogc-features";
import type { OgcRepository, PageFilter } from "./ogc.repository";

const JSON_TYPE = "application/json";
const WORLD = [-180, -90, 180, 90];

const isCollection = (id: string): id is OgcCollection => (OGC_COLLECTIONS as readonly string[]).includes(id);

export function createOgcService(deps: { repository: OgcRepository; today: Today }) {
  const { repository, today } = deps;

  /** A page of one collection's rows (one more than asked tells whether a `next` link is due). */
  async function rowsOf(which: OgcCollection, filter: PageFilter, base: string): Promise<OgcFeature[]> {
    switch (which) {
      case "poles":
        return (await repository.poles(filter)).map((r) => poleFeature(base, r));
      case "photos":
        return (await repository.photos(filter)).map((r) => photoFeature(base, r));
      case "findings": {
        const day = today();
        return (await repository.findings(filter)).map((r) => findingFeature(base, r, day));
      }
    }
  }

  async function collection(actor: Actor, base: string, id: OgcCollection) {
    const href = `${base}${OGC_PATH}/collections/${id}`;
    return {
      id,
      title: ogcTexts.collections[id].title,
      description: ogcTexts.collections[id].description,
      itemType: "feature" as const,
      crs: [CRS84],
      extent: { spatial: { bbox: [(await repository.extent(actor.workspaceId, id)) ?? WORLD], crs: CRS84 } },
      links: [
        { href, rel: "self", type: JSON_TYPE, title: ogcTexts.collections[id].title },
        { href: `${href}/items`, rel: "items", type: GEOJSON_TYPE, title: ogcTexts.collections[id].title },
      ],
    };
  }

  /** The collections a workspace has: findings only once it has some. */
  const listed = async (actor: Actor): Promise<OgcCollection[]> =>
    (await repository.hasFindings(actor.workspaceId)) ? [...OGC_COLLECTIONS] : ["poles", "photos"];

  const known = async (actor: Actor, id: string): Promise<OgcCollection> => {
    if (!isCollection(id)) throw notFound(ogcTexts.unknownCollection);
    if (id === "findings" && !(await repository.hasFindings(actor.workspaceId))) {
      throw notFound(ogcTexts.unknownCollection);
    }
    return id;
  };

  return {
    landing: (base: string) => ({
      title: ogcTexts.title,
      description: ogcTexts.description,
      links: [
        { href: `${base}${OGC_PATH}`, rel: "self", type: JSON_TYPE, title: ogcTexts.title },
        {
          href: `${base}/api/openapi.json`,
          rel: "service-desc",
          type: "application/vnd.oai.openapi+json;version=3.0",
        },
        { href: `${base}/api/docs/`, rel: "service-doc", type: "text/html" },
        { href: `${base}${OGC_PATH}/conformance`, rel: "conformance", type: JSON_TYPE },
        { href: `${base}${OGC_PATH}/collections`, rel: "data", type: JSON_TYPE },
      ],
    }),

    conformance: () => ({ conformsTo: [...OGC_CONFORMANCE] }),

    async collections(actor: Actor, base: string) {
      return {
        links: [{ href: `${base}${OGC_PATH}/collections`, rel: "self", type: JSON_TYPE }],
        collections: await Promise.all((await listed(actor)).map((id) => collection(actor, base, id))),
      };
    },

    collection: async (actor: Actor, base: string, id: string) =>
      collection(actor, base, await known(actor, id)),

    /**
     * One page as GeoJSON text: the route sends it as it is, so 1,000 features cost one
     * JSON.stringify rather than a check and a serialisation against the response schema.
     */
    async items(actor: Actor, base: string, id: string, q: OgcItemsQuery, search: string): Promise<string> {
      const which = await known(actor, id);
      const filter: PageFilter = {
        workspaceId: actor.workspaceId,
        limit: q.limit + 1,
        bbox: q.bbox,
        after: q.cursor,
        days: which === "poles" ? undefined : q.datetime,
        poleId: which === "photos" ? q.pole : undefined,
      };
      const rows = await rowsOf(which, filter, base);
      const features = rows.slice(0, q.limit);
      const page = {
        features: JSON.stringify(features),
        count: features.length,
        more: rows.length > q.limit,
        lastId: features.at(-1)?.id ?? null,
      };
      const href = `${base}${OGC_PATH}/collections/${which}/items`;
      const links = [{ href: `${href}${search}`, rel: "self", type: GEOJSON_TYPE }];
      if (page.more && page.lastId) {
        const params = new URLSearchParams(search);
        params.set("cursor", page.lastId);
        params.set("limit", String(q.limit));
        links.push({ href: `${href}?${params.toString()}`, rel: "next", type: GEOJSON_TYPE });
      }
      return (
        `{"type":"FeatureCollection","features":${page.features},"numberReturned":${page.count},` +
        `"timeStamp":${JSON.stringify(new Date().toISOString())},"links":${JSON.stringify(links)}}`
      );
    },

    async item(actor: Actor, base: string, id: string, featureId: string): Promise<OgcFeature> {
      const which = await known(actor, id);
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      if (!uuid.test(featureId)) throw notFound(ogcTexts.unknownFeature);
      const filter = { workspaceId: actor.workspaceId, limit: 1, id: featureId };
      const [feature] = await rowsOf(which, filter, base);
      if (!feature) throw notFound(ogcTexts.unknownFeature);
      const self = `${base}${OGC_PATH}/collections/${which}/items/${featureId}`;
      return {
        ...feature,
        links: [
          { href: self, rel: "self", type: GEOJSON_TYPE },
          { href: `${base}${OGC_PATH}/collections/${which}`, rel: "collection", type: JSON_TYPE },
        ],
      };
    },
  };
}

export type OgcService = ReturnType<typeof createOgcService>;
