/**
 * What the loading check reads of a pole and its attachments, in SI base units, and what it could
 * not know. Nothing is guessed: a value with neither a measurement nor a documented default is
 * named in `missing`, and then no case is computed (a moment left out would understate the load).
 */
import {
  WIRE_KINDS,
  type Attachment,
  type LoadingMissing,
  type PoleStrength,
  type SpanAnswer,
} from "@poleatlas/shared";
import type { LoadingInput, WireLoad } from "./loading-method";

export interface LoadingPole {
  /** The pole's length (the record's height_m). */
  height_m: number | null;
  strength: PoleStrength;
}

type Need = (attachmentId: string | null, field: string) => void;

function spansOf(a: Attachment, need: Need): WireLoad["spans"] {
  if (a.spans.length === 0) need(a.id, "spans");
  const known = (s: SpanAnswer): s is { bearing_deg: number; length_m: number } =>
    s.bearing_deg !== null && s.length_m !== null;
  if (!a.spans.every(known)) need(a.id, "spans.to_pole_id");
  return a.spans.filter(known).map((s) => ({ bearing_deg: s.bearing_deg, length_m: s.length_m }));
}

/** The check's input, or null with the list of what is missing. */
export function loadingInputOf(
  pole: LoadingPole,
  attachments: readonly Attachment[],
): { input: LoadingInput | null; missing: LoadingMissing[] } {
  const missing: LoadingMissing[] = [];
  const need: Need = (attachment_id, field) => missing.push({ attachment_id, field });
  const s = pole.strength;
  if (pole.height_m === null) need(null, "height_m");
  if (s.groundline_circumference_m.value === null) need(null, "groundline_circumference_m");
  if (s.top_circumference_m.value === null) need(null, "top_circumference_m");
  const depth = s.setting_depth_m.value;
  const aboveGround = pole.height_m !== null && depth !== null ? pole.height_m - depth : null;
  if (aboveGround !== null && aboveGround <= 0) need(null, "setting_depth_m");

  const input: LoadingInput = {
    above_ground_m: aboveGround ?? 0,
    groundline_diameter_m: (s.groundline_circumference_m.value ?? 0) / Math.PI,
    top_diameter_m: (s.top_circumference_m.value ?? 0) / Math.PI,
    groundline_circumference_m: s.groundline_circumference_m.value ?? 0,
    fibre_stress_pa: s.fibre_stress_pa.value,
    wires: [],
    equipment: [],
    guys: [],
  };
  for (const a of attachments) {
    if (a.height_m === null) need(a.id, "height_m");
    const height = a.height_m ?? 0;
    if (a.kind === "guy") {
      // A guy at the ground or anchored at the pole's foot holds nothing sideways: its height and
      // lead are asked for rather than dividing by zero.
      if (a.height_m === 0) need(a.id, "height_m");
      if (a.bearing_deg === null) need(a.id, "bearing_deg");
      if (a.anchor_distance_m === null || a.anchor_distance_m === 0) need(a.id, "anchor_distance_m");
      if (a.rated_kN === null) need(a.id, "rated_kN");
      input.guys.push({
        attachment_id: a.id,
        height_m: height,
        bearing_deg: a.bearing_deg ?? 0,
        anchor_distance_m: a.anchor_distance_m ?? 1,
        rated_n: (a.rated_kN ?? 1) * 1000,
      });
    } else if (WIRE_KINDS.includes(a.kind)) {
      if (a.diameter_mm === null) need(a.id, "diameter_mm");
      if (a.tension_kN === null) need(a.id, "tension_kN");
      const spans = spansOf(a, need);
      input.wires.push({
        height_m: height,
        diameter_m: (a.diameter_mm ?? 0) / 1000,
        tension_n: (a.tension_kN ?? 0) * 1000,
        spans,
      });
    } else {
      if (a.area_m2 === null) need(a.id, "area_m2");
      input.equipment.push({ height_m: height, area_m2: a.area_m2 ?? 0 });
    }
  }
  // Only a pole standing on its own is checked at the ground line: only it needs the fibre stress.
  if (input.guys.length === 0 && s.fibre_stress_pa.value === null) need(null, "species");
  return { input: missing.length === 0 ? input : null, missing };
}
