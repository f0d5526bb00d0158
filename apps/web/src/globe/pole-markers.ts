/**
 * The region view's markers from the compact form of its poles (GET /api/poles?region=):
 * one pass over the columns, no per-photo data, so 100k poles cost one small object each. Pure, so
 * it runs in unit tests (no Cesium).
 */
import { RISK_CODES, type PoleMarkers, type RiskKey } from "@poleatlas/shared";
import { isCoordinate, riskLook, type PoleMarkerSpec } from "./markers";

/** The four looks, made once: 100k poles share them instead of building 100k colour pairs. */
const LOOKS = Object.fromEntries(RISK_CODES.map((risk) => [risk, riskLook(risk)])) as Record<
  RiskKey,
  { fill: string; outline: string }
>;

/**
 * One marker per pole at the pole's position, coloured by its risk, named by the pole's id (a
 * click selects the pole), its set label beside it; poles whose risk is in `hidden` are left out,
 * and so is any pole whose position is not on the globe. An unknown risk code reads as unrated.
 */
export function poleMarkers(
  poles: PoleMarkers | null | undefined,
  hidden: ReadonlySet<RiskKey> = new Set(),
): PoleMarkerSpec[] {
  if (!poles) return [];
  const { ids, latitudes, longitudes, risks, labels } = poles;
  const out: PoleMarkerSpec[] = [];
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    const longitude = longitudes[i];
    const latitude = latitudes[i];
    if (!isCoordinate(longitude, latitude)) continue;
    const risk: RiskKey = RISK_CODES[risks[i] ?? 0] ?? "unrated";
    if (hidden.has(risk)) continue;
    out.push({
      kind: "photo",
      id,
      longitude: longitude!,
      latitude: latitude!,
      risk,
      label: labels[id] ?? "",
      ...LOOKS[risk],
    });
  }
  return out;
}
