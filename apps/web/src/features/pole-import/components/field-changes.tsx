/**
 * What an import changes on the poles it updates, per field and attribute ("Height in metres: 3
 * cleared"), and the choice to clear the fields the file has no column for (off by default: a
 * register of tags and positions keeps the poles' heights and owners).
 */
import { Checkbox, FormControlLabel, FormHelperText, List, ListItem, Stack, Typography } from "@mui/material";
import {
  poleImportDialogTexts as texts,
  poleImportSetupTexts as setupTexts,
  type ImportField,
  type PoleImportFieldChange,
} from "@poleatlas/shared";

const label = (c: PoleImportFieldChange) =>
  c.kind === "attribute"
    ? c.name
    : c.name === "position"
      ? texts.position
      : (setupTexts.fields[c.name as ImportField] ?? c.name);

export function FieldChangeList({ changes }: { changes: PoleImportFieldChange[] }) {
  if (changes.length === 0) return null;
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" component="h4" sx={{ fontWeight: 600 }}>
        {texts.fieldChangesTitle}
      </Typography>
      <List dense disablePadding aria-label={texts.fieldChanges}>
        {changes.map((c) => (
          <ListItem key={`${c.kind}:${c.name}`} disableGutters sx={{ py: 0, overflowWrap: "anywhere" }}>
            {texts.fieldChange(label(c), c.changed, c.cleared)}
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

export function ClearMissingChoice(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  return (
    <div>
      <FormControlLabel
        control={
          <Checkbox
            checked={props.checked}
            disabled={props.disabled}
            onChange={(e) => props.onChange(e.target.checked)}
            slotProps={{ input: { "aria-describedby": "pole-import-clear-missing-help" } }}
          />
        }
        label={texts.clearMissing}
      />
      <FormHelperText id="pole-import-clear-missing-help" sx={{ mt: 0 }}>
        {texts.clearMissingHelp}
      </FormHelperText>
    </div>
  );
}
