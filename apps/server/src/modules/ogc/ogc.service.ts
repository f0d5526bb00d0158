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
import { FILES_PREFIX } from "../images/image-record";
import type { Actor } from "../workspaces/actor";
import type { OgcRepository, PhotoFeatureRow, PoleFeatureRow } from "./ogc.repository";

const JSON_TYPE = "application/json";
const WORLD = [-180, -90, 180, 90];

const isCollection = (id: string): id is OgcCollection => (OGC_COLLECTIONS as readonly string[]).includes(id);

export function createOgcService(deps: { repository: OgcRepository }) {
  const { repository } = deps;

  function poleFeature(base: string, r: PoleFeatureRow): OgcFeature {
    return {
      type: "Feature",
      id: r.id,
      geometry: { type: "Point", coordinates: [r.longitude, r.latitude] },
      properties: {
        tag: r.tag,
        label: r.label,
        material: r.material,
        height_m: r.height_m,
        class: r.class,
        installed_year: r.installed_year,
        circuit: r.circuit,
        attributes: r.attributes,
        condition: r.risk ?? "unrated",
        photo_count: r.photo_count,
        last_photo_date: r.last_photo_date,
        photos_url: `${base}${OGC_PATH}/collections/photos/items?pole=${r.id}`,
      },
    };
  }

  function photoFeature(base: string, r: PhotoFeatureRow): OgcFeature {
    return {
      type: "Feature",
      id: r.id,
      geometry: { type: "Point", coordinates: [r.longitude, r.latitude] },
      properties: {
        name: r.name,
        date: r.date,
        condition: r.risk ?? "unrated",
        notes: r.notes,
        pole_id: r.pole_id,
        image_url: `${base}${FILES_PREFIX}${r.storage_key}`,
        thumbnail_url: `${base}${FILES_PREFIX}${r.thumbnail_key}`,
        uploaded_at: new Date(r.created_at).toISOString(),
      },
    };
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

  const known = (id: string): OgcCollection => {
    if (!isCollection(id)) throw notFound(ogcTexts.unknownCollection);
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
        collections: await Promise.all(OGC_COLLECTIONS.map((id) => collection(actor, base, id))),
      };
    },

    collection: (actor: Actor, base: string, id: string) => collection(actor, base, known(id)),

    /**
     * One page as GeoJSON text (a pole page is written by PostgreSQL: at 1,000 features Node
     * building and checking objects cost more than the query); one more row than asked tells
     * whether a `next` link is due.
     */
    async items(actor: Actor, base: string, id: string, q: OgcItemsQuery, search: string): Promise<string> {
      const which = known(id);
      const filter = {
        workspaceId: actor.workspaceId,
        limit: q.limit,
        bbox: q.bbox,
        after: q.cursor,
        days: which === "photos" ? q.datetime : undefined,
        poleId: which === "photos" ? q.pole : undefined,
      };
      let page: { features: string; count: number; more: boolean; lastId: string | null };
      if (which === "poles") {
        page = await repository.polePage(filter, base);
      } else {
        const rows = await repository.photos({ ...filter, limit: q.limit + 1 });
        const features = rows.slice(0, q.limit).map((r) => photoFeature(base, r));
        const lastId = features.at(-1)?.id ?? null;
        page = {
          features: JSON.stringify(features),
          count: features.length,
          more: rows.length > q.limit,
          lastId,
        };
      }
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
      const which = known(id);
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      if (!uuid.test(featureId)) throw notFound(ogcTexts.unknownFeature);
      const filter = { workspaceId: actor.workspaceId, limit: 1, id: featureId };
      const [feature] =
        which === "poles"
          ? (await repository.poles(filter)).map((r) => poleFeature(base, r))
          : (await repository.photos(filter)).map((r) => photoFeature(base, r));
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
