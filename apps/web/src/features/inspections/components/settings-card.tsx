/**
 * A team's inspection programme for its owners and admins: the code list, the days allowed to fix
 * each level and the inspection types with their cycles (PUT /api/workspace/settings). Codes are
 * typed one per line, "code: description", types "code: name: years"; the server checks again.
 */
import { Alert, Button, Paper, Stack, TextField, Typography } from "@mui/material";
import {
  inspectionSettingsSchema,
  inspectionTexts,
  visitTexts,
  type InspectionSettings,
} from "@poleatlas/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { apiClient } from "../../../lib/api-client";
import { useInspectionSettings } from "../api/settings";

const LEVELS = [1, 2, 3] as const;

const codesText = (s: InspectionSettings) => s.codes.map((c) => `${c.code}: ${c.description}`).join("\n");
const typesText = (s: InspectionSettings) =>
  s.inspectionTypes.map((t) => `${t.code}: ${t.name}: ${t.cycleYears}`).join("\n");

/** Non-empty lines, each split at its colons and trimmed. */
const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => line.split(":").map((part) => part.trim()));

/**
 * The form's texts as settings, or null when they do not make valid ones. `cycleYears` is kept as
 * it is: the types' cycles are what a pole's state is read from.
 */
export function parseSettings(
  codes: string,
  days: Record<1 | 2 | 3, string>,
  types: string,
  cycleYears: number,
) {
  const parsed = inspectionSettingsSchema.safeParse({
    codes: lines(codes).map(([code = "", ...rest]) => ({ code, description: rest.join(":").trim() })),
    allowanceDays: { 1: Number(days[1]), 2: Number(days[2]), 3: Number(days[3]) },
    cycleYears,
    inspectionTypes: lines(types).map(([code = "", name = "", years = ""]) => ({
      code,
      name,
      cycleYears: years === "" ? NaN : Number(years),
    })),
  });
  return parsed.success ? parsed.data : null;
}

function SettingsForm({ initial }: { initial: InspectionSettings }) {
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState(codesText(initial));
  const [days, setDays] = useState({
    1: String(initial.allowanceDays[1]),
    2: String(initial.allowanceDays[2]),
    3: String(initial.allowanceDays[3]),
  });
  const [types, setTypes] = useState(typesText(initial));
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: (next: InspectionSettings) =>
      apiClient.put("/api/workspace/settings", next, inspectionSettingsSchema),
    onSuccess: (saved) => queryClient.setQueryData(["inspection-settings"], saved),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = parseSettings(codes, days, types, initial.cycleYears);
    setInvalid(next === null);
    if (next) save.mutate(next);
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <TextField
        label={inspectionTexts.settingsCodes}
        multiline
        minRows={4}
        maxRows={12}
        value={codes}
        onChange={(e) => setCodes(e.target.value)}
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
        {LEVELS.map((l) => (
          <TextField
            key={l}
            label={inspectionTexts.settingsAllowance(l)}
            type="number"
            value={days[l]}
            onChange={(e) => setDays((d) => ({ ...d, [l]: e.target.value }))}
          />
        ))}
      </Stack>
      <TextField
        label={visitTexts.settingsTypes}
        multiline
        minRows={3}
        maxRows={8}
        value={types}
        onChange={(e) => setTypes(e.target.value)}
      />
      {invalid && (
        <Alert severity="error">
          {inspectionTexts.settingsInvalid} {visitTexts.settingsTypesInvalid}
        </Alert>
      )}
      {save.isError && <Alert severity="error">{save.error.message}</Alert>}
      {save.isSuccess && !invalid && <Alert severity="success">{inspectionTexts.settingsSaved}</Alert>}
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: "flex-start" }}>
        {inspectionTexts.save}
      </Button>
    </Stack>
  );
}

export function SettingsCard() {
  const settings = useInspectionSettings();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="inspection-settings">
      <Typography variant="h6" component="h2" id="inspection-settings" sx={{ mb: 2 }}>
        {inspectionTexts.settingsTitle}
      </Typography>
      {settings.isError && <Alert severity="error">{inspectionTexts.loadFailed}</Alert>}
      {settings.data && <SettingsForm initial={settings.data} />}
    </Paper>
  );
}
