/**
 * The reference's areas, in the order and with the names of the API page (docs/api.md), so a
 * reader finds a route under the same heading in both. A route's area follows from its path:
 * the modules need not repeat it, and a route under a path no area claims fails the reference's
 * test instead of landing in Swagger UI's catch-all "default" group.
 */
export const OPENAPI_TAGS = [
  {
    name: "Photos",
    description: "Upload, list, read, rate, place and delete photos.",
    paths: ["/api/images", "/api/uploads"],
  },
  {
    name: "Poles",
    description:
      "The poles photos are gathered into, their timeline, heights and lean measured on their photos, what hangs on them and their loading check, the register import and its coordinate systems.",
    paths: ["/api/poles", "/api/measurements", "/api/attachments", "/api/crs"],
  },
  {
    name: "Inspections",
    description: "Findings, inspection visits, the work list, the region reports and one's e-mail alerts.",
    paths: ["/api/findings", "/api/inspections", "/api/reports", "/api/me/notifications"],
  },
  {
    name: "GPS tracks",
    description: "A GPS logger's tracks, which place photos from cameras without GPS by their time.",
    paths: ["/api/tracks"],
  },
  {
    name: "Regions and usage",
    description: "The regions on the globe and the storage a workspace uses.",
    paths: ["/api/regions", "/api/storage"],
  },
  { name: "Files", description: "The stored photo files and thumbnails.", paths: ["/files"] },
  { name: "Export", description: "Photos and poles as CSV or GeoJSON.", paths: ["/api/export"] },
  {
    name: "Accounts",
    description:
      "Sign-up, sign-in, passwords and teams: better-auth's own routes, and whether a reset link still holds.",
    paths: ["/api/auth", "/api/auth-status"],
  },
  {
    name: "Workspaces and teams",
    description: "Workspaces, their settings, team administration, invitations and the audit trail.",
    paths: ["/api/workspaces", "/api/workspace", "/api/admin", "/api/invitations", "/api/audit"],
  },
  {
    name: "Live updates",
    description: "The event stream that keeps other tabs and users in step.",
    paths: ["/api/events"],
  },
  {
    name: "Health",
    description: "Liveness (the database) and readiness (the database and the bucket).",
    paths: ["/api/health", "/api/ready"],
  },
  { name: "Basemaps", description: "The imagery layers the globe may show.", paths: ["/api/basemaps"] },
  { name: "API keys", description: "Keys for scripts and GIS clients.", paths: ["/api/keys"] },
  {
    name: "OGC API – Features",
    description: "Poles, photos and findings for QGIS, ArcGIS and GDAL.",
    paths: ["/ogc"],
  },
] as const;

export type OpenApiTag = (typeof OPENAPI_TAGS)[number]["name"];

/** The area of a route's path: a listed path itself or anything below it; none when unclaimed. */
export function tagOf(url: string): OpenApiTag | undefined {
  return OPENAPI_TAGS.find((t) => t.paths.some((p) => url === p || url.startsWith(`${p}/`)))?.name;
}

/** The document's tag list: names and descriptions, without the paths used to pick them. */
export const openApiTagList = () => OPENAPI_TAGS.map(({ name, description }) => ({ name, description }));
