/**
 * The inspection of the shown photo: its risk rating (Low / Medium / High / None) and notes.
 * Each change is saved at once; a failed save keeps what was typed and says why, with Retry.
 * Notes typed and not saved stay as a draft of that photo while the app is open: closing the
 * panel or selecting another photo does not lose them.
 */
import {
  Alert,
  Box,
  Button,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import {
  MAX_NOTES_LENGTH,
  mapScreenTexts,
  poleTexts,
  RISK_COLORS,
  type ImagePatch,
  type ImageRecord,
  type Risk,
} from "@poleatlas/shared";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { forgetWithUserData } from "../../../lib/offline/user-data";
import { usePatchImage } from "../api/patch-image";

/**
 * Unsaved notes by photo id, with the saved notes they started from; a draft goes once it is saved
 * or cancelled, all on sign-out.
 */
const drafts = new Map<string, { text: string; base: string }>();
forgetWithUserData(() => drafts.clear());

const LEVELS: { value: Risk; label: string }[] = [
  { value: "low", label: mapScreenTexts.lowRisk },
  { value: "medium", label: mapScreenTexts.mediumRisk },
  { value: "high", label: mapScreenTexts.highRisk },
];

/** `readOnly` (a team's viewer): the rating and notes are shown, not editable. */
export function InspectionFields({ photo, readOnly = false }: { photo: ImageRecord; readOnly?: boolean }) {
  // Keyed by the photo (see the caller), so a new photo starts from its own notes or draft; a
  // viewer has no drafts (one kept from before a role change cannot be saved).
  const draft = readOnly ? undefined : drafts.get(photo.id);
  const [notes, setNotes] = useState(() => draft?.text ?? photo.notes ?? "");
  /** The saved notes the text in the field started from. */
  const [base, setBase] = useState(() => draft?.base ?? photo.notes ?? "");
  const save = usePatchImage();
  const [failed, setFailed] = useState<{ patch: ImagePatch; message: string } | null>(null);

  const send = (patch: ImagePatch) => {
    setFailed(null);
    save
      .mutateAsync(
        { id: photo.id, patch },
        {
          onError: (e) =>
            setFailed({
              patch,
              message: e instanceof ApiError && e.status < 500 ? e.message : poleTexts.saveFailed,
            }),
        },
      )
      .then(
        // Also when the panel was closed meanwhile; a draft typed on since then stays.
        () => {
          if (drafts.get(photo.id)?.text === patch.notes) drafts.delete(photo.id);
        },
        () => undefined, // shown by onError
      );
  };
  // While a rating is on its way, show it; after, the saved record (the map's lists catch up).
  const saved = save.data?.id === photo.id ? save.data : photo;
  const pendingRisk = save.isPending ? save.variables.patch.risk : undefined;
  const shownRisk = pendingRisk !== undefined ? pendingRisk : saved.risk;
  const savedNotes = saved.notes ?? "";
  // Nothing typed: the field follows the saved notes (a teammate's change, a save's answer).
  if (notes === base && savedNotes !== base) {
    setNotes(savedNotes);
    setBase(savedNotes);
  } else if (notes === savedNotes && base !== savedNotes) {
    setBase(savedNotes);
  }
  const notesChanged = notes !== savedNotes;
  // Typed over notes someone else has saved since: saving replaces theirs, so say so.
  const changedMeanwhile = notesChanged && base !== savedNotes;
  const editNotes = (value: string) => {
    setNotes(value);
    if (value === savedNotes) {
      setBase(savedNotes);
      drafts.delete(photo.id);
    } else {
      drafts.set(photo.id, { text: value, base });
    }
  };

  return (
    <Stack spacing={1.5}>
      <Box role="group" aria-labelledby={`risk-${photo.id}`}>
        <Typography id={`risk-${photo.id}`} variant="overline" color="text.secondary" component="h3">
          {poleTexts.riskControl}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          disabled={readOnly}
          value={shownRisk ?? "none"}
          onChange={(_e, value: Risk | "none" | null) => {
            if (value === null) return; // the pressed button again: keep the rating
            send({ risk: value === "none" ? null : value });
          }}
          aria-labelledby={`risk-${photo.id}`}
        >
          {LEVELS.map(({ value, label }) => (
            <ToggleButton
              key={value}
              value={value}
              sx={{ "&.Mui-selected, &.Mui-selected:hover": { bgcolor: RISK_COLORS[value], color: "#000" } }}
            >
              {label}
            </ToggleButton>
          ))}
          <ToggleButton value="none">{poleTexts.riskNone}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <TextField
        label={poleTexts.notes}
        multiline
        minRows={2}
        value={notes}
        onChange={(e) => editNotes(e.target.value)}
        slotProps={{ htmlInput: { maxLength: MAX_NOTES_LENGTH, readOnly } }}
      />
      {changedMeanwhile && !readOnly && (
        <Alert severity="warning">{poleTexts.notesChangedMeanwhile(savedNotes)}</Alert>
      )}
      {notesChanged && !readOnly && (
        <Stack direction="row" spacing={1}>
          <Button variant="contained" size="small" disabled={save.isPending} onClick={() => send({ notes })}>
            {poleTexts.saveNotes}
          </Button>
          <Button size="small" onClick={() => editNotes(savedNotes)}>
            {mapScreenTexts.cancel}
          </Button>
        </Stack>
      )}
      {failed && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => send(failed.patch)}>
              {poleTexts.retry}
            </Button>
          }
        >
          {failed.message}
        </Alert>
      )}
    </Stack>
  );
}
