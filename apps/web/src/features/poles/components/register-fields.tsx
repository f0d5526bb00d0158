/**
 * The pole record's register fields: label, tag, material, height, class, installed year, circuit
 * (each saved by PoleField with the conflict rule), then the owner and the other attributes
 * (PoleAttributeFields). Viewers see the values only. The height speaks the workspace's unit: in a
 * feet workspace it shows feet and inches and a bare number is feet; any length typed with its
 * unit ("12 m", "40' 6\"") is read in it; the API keeps metres.
 */
import { Box, Stack, Typography } from "@mui/material";
import {
  conflictTexts,
  lengthText,
  parseLength,
  MAX_CIRCUIT_LENGTH,
  MAX_CLASS_LENGTH,
  MAX_POLE_LABEL_LENGTH,
  MAX_TAG_LENGTH,
  POLE_MATERIALS,
  poleRecordTexts as t,
  poleTexts,
  type LengthUnits,
  type PoleRecord,
} from "@poleatlas/shared";
import { useMeasureSettings } from "../api/measurements";
import { PoleAttributeFields } from "./attribute-fields";
import { PoleField, type EditableField, type FieldSource } from "./pole-field";

const MATERIALS = [["", t.noMaterial] as const, ...POLE_MATERIALS.map((m) => [m, t.materials[m]] as const)];

const FIELDS: { field: EditableField; label: string; maxLength?: number; numeric?: boolean }[] = [
  { field: "tag", label: t.tag, maxLength: MAX_TAG_LENGTH },
  // Its label and text follow the workspace's unit (heightOf, heightSource).
  { field: "height_m", label: t.height },
  { field: "class", label: t.poleClass, maxLength: MAX_CLASS_LENGTH },
  { field: "installed_year", label: t.installedYear, numeric: true },
  { field: "circuit", label: t.circuit, maxLength: MAX_CIRCUIT_LENGTH },
];

/** The height as the workspace writes it: metres as a plain number (the label says m), or feet. */
const heightOf = (pole: PoleRecord, units: LengthUnits) =>
  pole.height_m === null ? "" : units === "metres" ? String(pole.height_m) : lengthText(pole.height_m, units);

const heightSource = (units: LengthUnits): FieldSource => ({
  read: (pole) => heightOf(pole, units),
  patch: (value) => {
    if (value === "") return { height_m: null };
    const metres = parseLength(value, units);
    return metres === null ? null : { height_m: Number(metres.toFixed(4)) };
  },
});

function Value({ label, children }: { label: string; children: string }) {
  return (
    <Box>
      <Typography variant="overline" color="text.secondary" component="dt" sx={{ lineHeight: 1.5 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0 }}>
        {children || "—"}
      </Typography>
    </Box>
  );
}

export function PoleRegisterFields({ pole, readOnly = false }: { pole: PoleRecord; readOnly?: boolean }) {
  const { units } = useMeasureSettings();
  const heightLabel = units === "metres" ? t.height : t.heightFeet;
  return (
    <Stack spacing={1.5}>
      {readOnly ? (
        <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1 }}>
          <Value label={poleTexts.poleLabel}>{pole.label}</Value>
          <Value label={t.material}>{pole.material ? t.materials[pole.material] : ""}</Value>
          {FIELDS.map(({ field, label }) =>
            field === "height_m" ? (
              <Value key={field} label={heightLabel}>
                {heightOf(pole, units)}
              </Value>
            ) : (
              <Value key={field} label={label}>
                {pole[field] === null ? "" : String(pole[field])}
              </Value>
            ),
          )}
        </Box>
      ) : (
        <>
          <PoleField
            key={`label-${pole.id}`}
            pole={pole}
            field="label"
            label={poleTexts.poleLabel}
            placeholder={poleTexts.poleLabelEmpty}
            maxLength={MAX_POLE_LABEL_LENGTH}
            conflictLabel={conflictTexts.label}
          />
          <PoleField
            key={`material-${pole.id}`}
            pole={pole}
            field="material"
            label={t.material}
            options={MATERIALS}
          />
          {FIELDS.map((f) =>
            f.field === "height_m" ? (
              // Feet are typed with ' and ", which a phone's number pad lacks.
              <PoleField
                key={`height-${pole.id}-${units}`}
                pole={pole}
                source={heightSource(units)}
                label={heightLabel}
                numeric={units === "metres"}
                notANumber={t.notANumber}
              />
            ) : (
              <PoleField key={`${f.field}-${pole.id}`} pole={pole} notANumber={t.notANumber} {...f} />
            ),
          )}
        </>
      )}
      <PoleAttributeFields pole={pole} readOnly={readOnly} />
    </Stack>
  );
}
