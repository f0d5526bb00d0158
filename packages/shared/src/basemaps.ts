/**
 * Basemaps: a utility's own imagery layers (a tile server, a WMS or WMTS) added to the
 * globe's layer picker, set by the operator in BASEMAPS. The bundled Natural Earth II stays the
 * offline default.
 */
import { z } from "zod";

export const BASEMAP_TYPES = ["xyz", "wms", "wmts"] as const;

/** The layers the picker always has (apps/web/src/globe/viewer-setup.ts). */
export const BUILTIN_BASEMAPS = ["Natural Earth II", "OpenStreetMap", "Esri World Imagery"] as const;

export const basemapSchema = z.object({
  name: z.string().trim().min(1).max(64),
  type: z.enum(BASEMAP_TYPES),
  /** xyz: a template with {z}, {x}, {y} (or {reverseY}); wms: the service URL; wmts: a RESTful template. */
  url: z
    .string()
    .max(2000)
    .refine((u) => /^https?:\/\//.test(u) && URL.canParse(u), "must be an http:// or https:// URL"),
  /** wms: the LAYERS parameter; wmts: the layer name. */
  layers: z.string().min(1).max(500).optional(),
  attribution: z.string().max(300).optional(),
  maximumLevel: z.number().int().min(0).max(30).optional(),
  /** wmts only: the tile matrix set (default GoogleMapsCompatible). */
  tileMatrixSet: z.string().min(1).max(100).optional(),
});
export type Basemap = z.infer<typeof basemapSchema>;

export const basemapsResponseSchema = z.object({
  basemaps: z.array(basemapSchema),
  /** The layer shown first: one of BUILTIN_BASEMAPS or a configured name. */
  default: z.string(),
});
export type BasemapsResponse = z.infer<typeof basemapsResponseSchema>;

/** The origin a basemap's tiles come from, for the Content-Security-Policy. */
export const basemapOrigin = (b: Basemap) => new URL(b.url.replace(/[{}]/g, "")).origin;
