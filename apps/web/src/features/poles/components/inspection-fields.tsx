/**
 * The inspection of the shown photo: its risk rating (Low / Medium / High / None) and notes.
 * Each change is saved at once; a failed save keeps what was typed and says why, with Retry.
 * Notes typed and not saved stay as a draft of that photo while the app is open: closing the
 * panel or selecting another photo does not lose them. Every save names the version it was made
 * on (If-Match): when a teammate changed the same thing meanwhile, the conflict dialog lets the
 * user keep theirs or use their own; a change to something else is saved on top without asking.
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
  conflictTexts,
  MAX_NOTES_LENGTH,
  mapScreenTexts,
  poleRecordTexts,
  poleTexts,
  RISK_COLORS,
  type ImagePatch,
  type ImageRecord,
  type Risk,
} from "@poleatlas/shared";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { forgetWithUserData } from "../../../lib/offline/user-data";
import { PhotoConflict, usePatchImage } from "../api/patch-image";
import { ConflictDialog } from "./conflict-dialog";

/**
 * Unsaved notes by photo id, with the saved notes they started from and that record's version; a
 * draft goes once it is saved or cancelled, all on sign-out.
 */
const drafts = new Map<string, { text: string; base: string; baseVersion: number }>();
forgetWithUserData(() => drafts.clear());

const LEVELS: { value: Risk; label: string }[] = [
  { value: "low", label: mapScreenTexts.lowRisk },
  { value: "medium", label: mapScreenTexts.mediumRisk },
  { value: "high", label: mapScreenTexts.highRisk },
];

/** Notes as the server stores them: only spaces are no notes. */
const stored = (text: string) => (text.trim() ? text : "");

const riskName = (risk: Risk | null | undefined) =>
  LEVELS.find((l) => l.value === risk)?.label ?? poleTexts.riskNone;

/** A save the server refused for a teammate's change to the same thing: what each side holds. */
interface Conflict {
  patch: ImagePatch;
  current: ImageRecord;
}

/**
 * `readOnly` (a team's viewer): the rating and notes are shown, not editable. `assessmentOnly`: the
 * pole has an open finding, so the pole's risk is the findings'; the rating stays the photo's
 * assessment, named so.
 */
export function InspectionFields({
  photo,
  readOnly = false,
  assessmentOnly = false,
}: {
  photo: ImageRecord;
  readOnly?: boolean;
  assessmentOnly?: boolean;
}) {
  // Keyed by the photo (see the caller), so a new photo starts from its own notes or draft; a
  // viewer has no drafts (one kept from before a role change cannot be saved).
  const draft = readOnly ? undefined : drafts.get(photo.id);
  const [notes, setNotes] = useState(() => draft?.text ?? photo.notes ?? "");
  /** The saved notes the text in the field started from. */
  const [base, setBase] = useState(() => draft?.base ?? photo.notes ?? "");
  /** The version of the photo whose notes were `base`: what a notes save names in If-Match. */
  const [baseVersion, setBaseVersion] = useState(() => draft?.baseVersion ?? photo.version);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  /** The notes we sent last (stored form): their arrival is ours, not someone else's change. */
  const [lastSent, setLastSent] = useState<string | null>(null);
  const [savingNotes, setSavingNotes] = useState(false);
  const save = usePatchImage();
  const [failed, setFailed] = useState<{ patch: ImagePatch; message: string } | null>(null);

  /**
   * Saves `patch` on the photo as it was at `version`: the notes' base for notes (what the user
   * typed over), the shown photo for a rating. `before` is what the user saw of the changed field.
   */
  const send = (
    patch: ImagePatch,
    version = patch.notes !== undefined ? baseVersion : photo.version,
    before: { notes: string; risk: Risk | null } = { notes: base, risk: photo.risk },
  ) => {
    setFailed(null);
    const withNotes = patch.notes !== undefined;
    if (withNotes) {
      setLastSent(stored(patch.notes ?? ""));
      setSavingNotes(true);
    }
    // Each save reports its own failure (a rating pressed meanwhile must not hide a notes failure).
    save.mutateAsync({ id: photo.id, patch, version }).then(
      (image) => {
        if (!withNotes) return;
        setSavingNotes(false);
        // Also when the panel was closed meanwhile; a draft typed on since then stays, from here.
        const kept = drafts.get(photo.id);
        if (kept?.text === patch.notes) drafts.delete(photo.id);
        else if (kept) drafts.set(photo.id, { ...kept, base: image.notes ?? "", baseVersion: image.version });
      },
      (e: unknown) => {
        if (withNotes) setSavingNotes(false);
        if (e instanceof PhotoConflict) {
          const { current } = e;
          // Someone changed something else (a rating under our notes): ours goes on top of it.
          const same = withNotes ? (current.notes ?? "") === before.notes : current.risk === before.risk;
          if (same) send(patch, current.version, before);
          else setConflict({ patch, current });
          return;
        }
        setFailed({
          patch,
          message: e instanceof ApiError && e.status < 500 ? e.message : poleTexts.saveFailed,
        });
      },
    );
  };
  // The photo as the map's lists hold it: a save's answer replaces it there at once.
  const pendingRisk = save.isPending ? save.variables.patch.risk : undefined;
  const shownRisk = pendingRisk !== undefined ? pendingRisk : photo.risk;
  const savedNotes = photo.notes ?? "";
  // The one place the field's starting point moves: the photo holds a save's answer at once.
  if (stored(notes) === stored(base) && savedNotes !== base) {
    // Nothing typed: the field follows the saved notes (a teammate's change, a save's answer).
    setNotes(savedNotes);
    setBase(savedNotes);
    setBaseVersion(photo.version);
  } else if ((stored(notes) === savedNotes || savedNotes === lastSent) && base !== savedNotes) {
    // Our own notes arrived (perhaps typed on since), or the field matches the saved ones.
    setBase(savedNotes);
    setBaseVersion(photo.version);
  } else if (base === savedNotes && baseVersion !== photo.version) {
    // A change of something else (a rating): the notes typed over are still these.
    setBaseVersion(photo.version);
  }
  const notesChanged = stored(notes) !== savedNotes;
  // Typed over notes someone else has saved since: saving replaces theirs, so say so.
  const changedMeanwhile = notesChanged && base !== savedNotes;
  const editNotes = (value: string) => {
    setNotes(value);
    if (stored(value) === savedNotes) {
      setBase(savedNotes);
      drafts.delete(photo.id);
    } else {
      drafts.set(photo.id, { text: value, base, baseVersion });
    }
  };
  const cancelNotes = () => {
    editNotes(savedNotes);
    if (failed?.patch.notes !== undefined) setFailed(null);
  };
  // Retry of a notes save sends the notes as they are now, not as they were then.
  const retry = (patch: ImagePatch) => send(patch.notes !== undefined ? { notes } : patch);
  // The teammate's photo is on screen already (the 412 put it in the caches).
  const keepTheirs = () => {
    if (conflict?.patch.notes !== undefined) cancelNotes();
    setConflict(null);
  };
  const useMine = () => {
    if (!conflict) return;
    const { patch, current } = conflict;
    setConflict(null);
    const before = { notes: current.notes ?? "", risk: current.risk };
    send(patch.notes !== undefined ? { notes } : patch, current.version, before);
  };
  const conflictRows = !conflict
    ? []
    : conflict.patch.notes !== undefined
      ? [{ label: conflictTexts.notes, theirs: conflict.current.notes ?? "", yours: notes }]
      : [
          {
            label: conflictTexts.rating,
            theirs: riskName(conflict.current.risk),
            yours: riskName(conflict.patch.risk),
          },
        ];

  return (
    <Stack spacing={1.5}>
      <Box role="group" aria-labelledby={`risk-${photo.id}`}>
        <Typography id={`risk-${photo.id}`} variant="overline" color="text.secondary" component="h3">
          {assessmentOnly ? poleRecordTexts.assessment : poleTexts.riskControl}
        </Typography>
        {assessmentOnly && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
            {poleRecordTexts.assessmentAside}
          </Typography>
        )}
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
          <Button variant="contained" size="small" disabled={savingNotes} onClick={() => send({ notes })}>
            {poleTexts.saveNotes}
          </Button>
          <Button size="small" onClick={cancelNotes}>
            {mapScreenTexts.cancel}
          </Button>
        </Stack>
      )}
      <ConflictDialog
        open={conflict !== null}
        title={conflictTexts.photoTitle}
        who={conflict?.current.updated_by ?? null}
        when={conflict?.current.updated_at ?? null}
        rows={conflictRows}
        onKeepTheirs={keepTheirs}
        onUseMine={useMine}
      />
      {failed && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => retry(failed.patch)}>
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
