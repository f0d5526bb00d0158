/**
 * The workspace's measuring settings: the units its screens show heights in, the clearance rules
 * a measured height is checked against, and the lean that suggests a finding. Owners and admins
 * edit them (one form, saved together); everyone else in the workspace reads them. A rule's
 * minimum is typed like any height (parseLength: "15 ft 6 in", "4.72 m"); the API keeps metres.
 */
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  FormLabel,
  IconButton,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import {
  ATTACHMENT_KINDS,
  LENGTH_UNITS,
  lengthText,
  measureSettingsTexts as t,
  measureTexts,
  parseLength,
  type AttachmentKind,
  type ClearanceRule,
  type LengthUnits,
  type MeasureSettings,
} from "@poleatlas/shared";
import { useState, type FormEvent } from "react";
import { useUpdateWorkspaceSettings, useWorkspaceSettings } from "../api/workspace-settings";
import { Section } from "./section";

interface RuleRow {
  kind: AttachmentKind;
  minimum: string;
  code: string;
  level: 1 | 2 | 3;
  /** The stored minimum while its text is the one shown for it: kept exactly, not re-read. */
  kept?: { text: string; metres: number };
}

const rowOf = (rule: ClearanceRule, units: LengthUnits): RuleRow => {
  const text = lengthText(rule.min_height_m, units);
  return { ...rule, minimum: text, kept: { text, metres: rule.min_height_m } };
};

/** The form as settings, or the first thing wrong with it. */
export function settingsOf(
  units: LengthUnits,
  lean: string,
  rows: readonly RuleRow[],
): { settings: MeasureSettings } | { error: string } {
  const leanThresholdDeg = Number(lean.trim().replace(",", "."));
  if (lean.trim() === "" || !(leanThresholdDeg >= 0 && leanThresholdDeg <= 45)) return { error: t.badLean };
  const clearanceRules: ClearanceRule[] = [];
  for (const [i, row] of rows.entries()) {
    const text = row.minimum.trim();
    const metres = row.kept?.text === text ? row.kept.metres : parseLength(text, units);
    if (metres === null || !(metres > 0) || metres > 100) return { error: t.badMinimum(i + 1, text) };
    if (row.code.trim() === "") return { error: t.badCode(i + 1) };
    clearanceRules.push({ kind: row.kind, min_height_m: metres, code: row.code.trim(), level: row.level });
  }
  return { settings: { units, leanThresholdDeg, clearanceRules } };
}

function ReadOnly({ settings }: { settings: MeasureSettings }) {
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {t.readOnly}
      </Typography>
      <Box component="dl" sx={{ m: 0, "& dt": { fontWeight: 600 }, "& dd": { m: 0, mb: 1 } }}>
        <dt>{t.units}</dt>
        <dd>{t.unitNames[settings.units]}</dd>
        <dt>{t.leanThreshold}</dt>
        <dd>{t.leanValue(settings.leanThresholdDeg)}</dd>
        <dt>{t.rules}</dt>
        <dd>
          {settings.clearanceRules.length === 0 && t.noRules}
          {settings.clearanceRules.map((r, i) => (
            <div key={i}>
              {t.ruleText(
                measureTexts.kindNames[r.kind],
                lengthText(r.min_height_m, settings.units),
                r.code,
                r.level,
              )}
            </div>
          ))}
        </dd>
      </Box>
    </Stack>
  );
}

function RuleFields(props: {
  n: number;
  row: RuleRow;
  onChange: (row: RuleRow) => void;
  onRemove: () => void;
}) {
  const { n, row, onChange, onRemove } = props;
  return (
    <Stack
      direction={{ xs: "column", sm: "row" }}
      spacing={1}
      role="group"
      aria-label={t.rule(n)}
      sx={{ alignItems: { sm: "center" }, py: 1, borderBottom: 1, borderColor: "divider" }}
    >
      <TextField
        select
        size="small"
        label={t.kind(n)}
        value={row.kind}
        onChange={(e) => onChange({ ...row, kind: e.target.value as AttachmentKind })}
        slotProps={{ select: { native: true } }}
        sx={{ minWidth: 170 }}
      >
        {ATTACHMENT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {measureTexts.kindNames[kind]}
          </option>
        ))}
      </TextField>
      <TextField
        size="small"
        label={t.minimum(n)}
        value={row.minimum}
        onChange={(e) => onChange({ ...row, minimum: e.target.value })}
        sx={{ minWidth: 130 }}
      />
      <TextField
        size="small"
        label={t.code(n)}
        value={row.code}
        onChange={(e) => onChange({ ...row, code: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 60 } }}
      />
      <TextField
        select
        size="small"
        label={t.level(n)}
        value={row.level}
        onChange={(e) => onChange({ ...row, level: Number(e.target.value) as 1 | 2 | 3 })}
        slotProps={{ select: { native: true } }}
        sx={{ minWidth: 110 }}
      >
        {[1, 2, 3].map((level) => (
          <option key={level} value={level}>
            {t.levelName(level)}
          </option>
        ))}
      </TextField>
      <IconButton
        aria-label={t.removeRule(n)}
        onClick={onRemove}
        sx={{ alignSelf: { xs: "flex-end", sm: "auto" } }}
      >
        <DeleteIcon />
      </IconButton>
    </Stack>
  );
}

function MeasuringForm({ teamId, initial }: { teamId: string; initial: MeasureSettings }) {
  const update = useUpdateWorkspaceSettings(teamId);
  const [units, setUnits] = useState<LengthUnits>(initial.units);
  const [lean, setLean] = useState(String(initial.leanThresholdDeg));
  const [rows, setRows] = useState(() => initial.clearanceRules.map((r) => rowOf(r, initial.units)));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = settingsOf(units, lean, rows);
    if ("error" in result) return setProblem(result.error);
    setProblem(null);
    update.mutate(result.settings);
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Box>
        <FormLabel id="measure-units">{t.units}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="measure-units"
          value={units}
          onChange={(e) => setUnits(e.target.value as LengthUnits)}
        >
          {LENGTH_UNITS.map((u) => (
            <FormControlLabel key={u} value={u} control={<Radio />} label={t.unitNames[u]} />
          ))}
        </RadioGroup>
        <Typography variant="caption" color="text.secondary">
          {t.unitsHelp}
        </Typography>
      </Box>
      <TextField
        size="small"
        label={t.leanThreshold}
        value={lean}
        onChange={(e) => setLean(e.target.value)}
        slotProps={{ htmlInput: { inputMode: "decimal" } }}
        sx={{ maxWidth: 420 }}
      />
      <Box>
        <Typography variant="subtitle1" component="h3">
          {t.rules}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t.rulesHelp}
        </Typography>
        {rows.map((row, i) => (
          <RuleFields
            key={i}
            n={i + 1}
            row={row}
            onChange={(next) => setRows((all) => all.map((r, j) => (j === i ? next : r)))}
            onRemove={() => setRows((all) => all.filter((_, j) => j !== i))}
          />
        ))}
        <Button
          sx={{ mt: 1 }}
          onClick={() =>
            setRows((all) => [...all, { kind: "communication", minimum: "", code: "clearance", level: 2 }])
          }
        >
          {t.addRule}
        </Button>
      </Box>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      {update.isError && <Alert severity="error">{update.error.message}</Alert>}
      {update.isSuccess && !problem && <Alert severity="success">{t.saved}</Alert>}
      <Button type="submit" variant="contained" disabled={update.isPending} sx={{ alignSelf: "flex-start" }}>
        {update.isPending ? t.saving : t.save}
      </Button>
    </Stack>
  );
}

export function MeasuringSection({ teamId, canEdit }: { teamId: string; canEdit: boolean }) {
  const settings = useWorkspaceSettings(teamId);
  return (
    <Section title={t.title}>
      {settings.isError && <Alert severity="error">{t.loadFailed}</Alert>}
      {settings.data &&
        (canEdit ? (
          <MeasuringForm teamId={teamId} initial={settings.data} />
        ) : (
          <ReadOnly settings={settings.data} />
        ))}
    </Section>
  );
}
