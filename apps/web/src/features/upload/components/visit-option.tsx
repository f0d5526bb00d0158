/**
 * The upload's offer to record an inspection visit for the poles in its photos: off until ticked,
 * then the workspace's inspection type and what the visits found (a photo says nothing about
 * defects, so the user says it; nothing is assumed).
 */
import {
  Alert,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Select,
  Stack,
} from "@mui/material";
import { VISIT_RESULTS, visitTexts, type InspectionType, type VisitResult } from "@poleatlas/shared";

export interface VisitChoice {
  on: boolean;
  /** The type's code; "" until the settings name one. */
  type: string;
  result: VisitResult | null;
}

export const NO_VISIT: VisitChoice = { on: false, type: "", result: null };

export function VisitOption(props: {
  /** The workspace's inspection types. */
  types: readonly InspectionType[];
  choice: VisitChoice;
  onChange: (choice: VisitChoice) => void;
  disabled: boolean;
}) {
  const { types, choice, onChange, disabled } = props;
  if (types.length === 0) return null;
  const type = types.find((t) => t.code === choice.type) ?? types[0]!;
  const set = (change: Partial<VisitChoice>) => onChange({ ...choice, type: type.code, ...change });
  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={
          <Checkbox checked={choice.on} disabled={disabled} onChange={(e) => set({ on: e.target.checked })} />
        }
        label={visitTexts.uploadOption(type.name)}
      />
      {choice.on && (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <FormControl size="small" sx={{ minWidth: 180 }} disabled={disabled}>
            <InputLabel id="upload-visit-type">{visitTexts.type}</InputLabel>
            <Select
              labelId="upload-visit-type"
              label={visitTexts.type}
              value={type.code}
              onChange={(e) => set({ type: e.target.value })}
            >
              {types.map((t) => (
                <MenuItem key={t.code} value={t.code}>
                  {t.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: 220 }} disabled={disabled}>
            <InputLabel id="upload-visit-result">{visitTexts.uploadResult}</InputLabel>
            <Select
              labelId="upload-visit-result"
              label={visitTexts.uploadResult}
              value={choice.result ?? ""}
              onChange={(e) => set({ result: e.target.value })}
            >
              {VISIT_RESULTS.map((r) => (
                <MenuItem key={r} value={r}>
                  {visitTexts.results[r]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Stack>
      )}
    </Stack>
  );
}

/** What recording the run's visits came to: the count, or the failure with its retry. */
export function VisitOutcome(props: {
  outcome: { recorded: number; uncounted: number; left: number } | null;
  onRetry: () => void;
  busy: boolean;
}) {
  const { outcome, onRetry, busy } = props;
  if (!outcome) return null;
  if (outcome.left > 0) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry} disabled={busy}>
            {visitTexts.retry}
          </Button>
        }
      >
        {visitTexts.uploadVisitsFailed(outcome.left)}
      </Alert>
    );
  }
  return (
    <Alert severity="success" role="status">
      {visitTexts.uploadRecorded(outcome.recorded, outcome.uncounted)}
    </Alert>
  );
}
