/**
 * A team's inspection programme for its owners and admins: the code list, the days allowed to fix
 * each level and the inspection cycle (PUT /api/workspace/settings). Codes are typed one per line,
 * "code: description"; the server checks again.
 */
import { Alert, Button, Paper, Stack, TextField, Typography } from "@mui/material";
import { inspectionSettingsSchema, inspectionTexts, type InspectionSettings } from "@poleatlas/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { apiClient } from "../../../lib/api-client";
import { useInspectionSettings } from "../api/settings";

const LEVELS = [1, 2, 3] as const;

const codesText = (s: InspectionSettings) => s.codes.map((c) => `${c.code}: ${c.description}`).join("\n");

/** The form's texts as settings, or null when they do not make valid ones. */
export function parseSettings(codes: string, days: Record<1 | 2 | 3, string>, cycle: string) {
  const parsed = inspectionSettingsSchema.safeParse({
    codes: codes
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const at = line.indexOf(":");
        return at < 0
          ? { code: line, description: "" }
          : { code: line.slice(0, at).trim(), description: line.slice(at + 1).trim() };
      }),
    allowanceDays: { 1: Number(days[1]), 2: Number(days[2]), 3: Number(days[3]) },
    cycleYears: Number(cycle),
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
  const [cycle, setCycle] = useState(String(initial.cycleYears));
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: (next: InspectionSettings) =>
      apiClient.put("/api/workspace/settings", next, inspectionSettingsSchema),
    onSuccess: (saved) => queryClient.setQueryData(["inspection-settings"], saved),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = parseSettings(codes, days, cycle);
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
        <TextField
          label={inspectionTexts.settingsCycle}
          type="number"
          value={cycle}
          onChange={(e) => setCycle(e.target.value)}
        />
      </Stack>
      {invalid && <Alert severity="error">{inspectionTexts.settingsInvalid}</Alert>}
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
