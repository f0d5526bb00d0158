/**
 * The pole record's register fields: label, tag, material, height, class, installed year, circuit
 * (each saved by PoleField with the conflict rule), then the owner and the other attributes
 * (PoleAttributeFields). Viewers see the values only.
 */
import { Box, Stack, Typography } from "@mui/material";
import {
  conflictTexts,
  MAX_CIRCUIT_LENGTH,
  MAX_CLASS_LENGTH,
  MAX_POLE_LABEL_LENGTH,
  MAX_TAG_LENGTH,
  POLE_MATERIALS,
  poleRecordTexts as t,
  poleTexts,
  type PoleRecord,
} from "@poleatlas/shared";
import { PoleAttributeFields } from "./attribute-fields";
import { PoleField, type EditableField } from "./pole-field";

const MATERIALS = [["", t.noMaterial] as const, ...POLE_MATERIALS.map((m) => [m, t.materials[m]] as const)];

const FIELDS: { field: EditableField; label: string; maxLength?: number; numeric?: boolean }[] = [
  { field: "tag", label: t.tag, maxLength: MAX_TAG_LENGTH },
  { field: "height_m", label: t.height, numeric: true },
  { field: "class", label: t.poleClass, maxLength: MAX_CLASS_LENGTH },
  { field: "installed_year", label: t.installedYear, numeric: true },
  { field: "circuit", label: t.circuit, maxLength: MAX_CIRCUIT_LENGTH },
];

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
  return (
    <Stack spacing={1.5}>
      {readOnly ? (
        <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1 }}>
          <Value label={poleTexts.poleLabel}>{pole.label}</Value>
          <Value label={t.material}>{pole.material ? t.materials[pole.material] : ""}</Value>
          {FIELDS.map(({ field, label }) => (
            <Value key={field} label={label}>
              {pole[field] === null ? "" : String(pole[field])}
            </Value>
          ))}
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
          {FIELDS.map((f) => (
            <PoleField key={`${f.field}-${pole.id}`} pole={pole} notANumber={t.notANumber} {...f} />
          ))}
        </>
      )}
      <PoleAttributeFields pole={pole} readOnly={readOnly} />
    </Stack>
  );
}
