/** The workspace's privacy setting (a team's or a personal one): whether faces are blurred in new photos (on by default). */
import { Alert, FormControlLabel, FormHelperText, Switch } from "@mui/material";
import { privacyTexts } from "@poleatlas/shared";
import { useUpdateWorkspaceSettings, useWorkspaceSettings } from "../api/workspace-settings";
import { Section } from "./section";

export function PrivacySection({ teamId }: { teamId: string }) {
  const settings = useWorkspaceSettings(teamId);
  const update = useUpdateWorkspaceSettings(teamId);
  return (
    <Section title={privacyTexts.sectionTitle}>
      <FormControlLabel
        control={
          <Switch
            checked={settings.data?.blurFaces ?? true}
            disabled={!settings.data || update.isPending}
            onChange={(e) => update.mutate({ blurFaces: e.target.checked })}
          />
        }
        label={privacyTexts.blurFacesLabel}
      />
      <FormHelperText>{privacyTexts.blurFacesHelp}</FormHelperText>
      {update.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {update.error.message}
        </Alert>
      )}
    </Section>
  );
}
