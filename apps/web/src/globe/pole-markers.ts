/**
 * The region view's markers from the compact form of its poles (GET /api/poles?region=):
 * one pass over the columns, no per-photo data, so 100k poles cost one small object each. Pure, so
 * it runs in unit tests (no Cesium).
 */
import {
  INSPECTION_CODES,
  RISK_CODES,
  type InspectionKey,
  type PoleMarkers,
  type RiskKey,
} from "@poleatlas/shared";
import {
  inspectionLook,
  isCoordinate,
  OVERDUE_RING,
  riskLook,
  type LegendKey,
  type LegendMode,
  type PoleMarkerSpec,
} from "./markers";

type Look = { fill: string; outline: string };
/** The looks, made once: 100k poles share them instead of building 100k colour pairs. */
const LOOKS = Object.fromEntries(RISK_CODES.map((risk) => [risk, riskLook(risk)])) as Record<RiskKey, Look>;
const OVERDUE_LOOKS = Object.fromEntries(
  RISK_CODES.map((risk) => [risk, { fill: riskLook(risk).fill, outline: OVERDUE_RING }]),
) as Record<RiskKey, Look>;
const INSPECTION_LOOKS = Object.fromEntries(
  INSPECTION_CODES.map((state) => [state, inspectionLook(state)]),
) as Record<InspectionKey, Look>;

/**
 * One marker per pole at the pole's position, named by the pole's id (a click selects the pole),
 * its name beside it: its tag, else its set label. In the 'condition' view it is coloured by its condition (the risk
 * code), with a red ring when it has an overdue finding; in the 'inspection' view by its
 * inspection state. Poles whose entry is in `hidden` are left out, and so is any pole whose
 * position is not on the globe. An unknown risk code reads as unrated, an unknown state as never.
 */
export function poleMarkers(
  poles: PoleMarkers | null | undefined,
  hidden: ReadonlySet<LegendKey> = new Set(),
  mode: LegendMode = "condition",
): PoleMarkerSpec[] {
  if (!poles) return [];
  const { ids, latitudes, longitudes, risks, labels, tags, overdue, inspections } = poles;
  const out: PoleMarkerSpec[] = [];
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    const longitude = longitudes[i];
    const latitude = latitudes[i];
    if (!isCoordinate(longitude, latitude)) continue;
    const risk: RiskKey = RISK_CODES[risks[i] ?? 0] ?? "unrated";
    let look: Look;
    if (mode === "condition") {
      const late = overdue?.[i] === 1;
      if (hidden.has(risk) || (late && hidden.has("overdue"))) continue;
      look = late ? OVERDUE_LOOKS[risk] : LOOKS[risk];
    } else {
      const state: InspectionKey = INSPECTION_CODES[inspections?.[i] ?? -1] ?? "never";
      if (hidden.has(`inspection-${state}`)) continue;
      look = INSPECTION_LOOKS[state];
    }
    out.push({
      kind: "photo",
      id,
      longitude: longitude!,
      latitude: latitude!,
      risk,
      label: tags?.[i] || labels[id] || "",
      ...look,
    });
  }
  return out;
}
