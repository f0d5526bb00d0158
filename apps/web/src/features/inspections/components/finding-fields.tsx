/** The fields the finding dialogs share: the level as three buttons, and a long text (notes, action). */
import { TextField, ToggleButton, ToggleButtonGroup } from "@mui/material";
import { FINDING_LEVELS, inspectionTexts, MAX_NOTES_LENGTH, type FindingLevel } from "@poleatlas/shared";

/** `null`: none chosen yet; a chosen level is not un-chosen by a second click. */
export function LevelToggle(props: { value: FindingLevel | null; onChange: (level: FindingLevel) => void }) {
  return (
    <ToggleButtonGroup
      exclusive
      value={props.value}
      onChange={(_, v: FindingLevel | null) => v !== null && props.onChange(v)}
      aria-label={inspectionTexts.level}
    >
      {FINDING_LEVELS.map((l) => (
        <ToggleButton key={l} value={l}>
          {inspectionTexts.levelName(l)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

export function LongTextField(props: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  required?: boolean;
}) {
  return (
    <TextField
      label={props.label}
      required={props.required}
      multiline
      minRows={2}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ htmlInput: { maxLength: MAX_NOTES_LENGTH } }}
    />
  );
}
