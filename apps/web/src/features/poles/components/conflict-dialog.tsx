/**
 * A save refused because a teammate changed the same photo or pole meanwhile: who changed what
 * and when, their value and ours side by side, and the choice between them. Nothing is lost
 * until the user chooses: the field keeps what they typed.
 */
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from "@mui/material";
import { conflictTexts } from "@poleatlas/shared";

export interface ConflictRow {
  /** What differs: "Notes", "Rating", "Pole label". */
  label: string;
  theirs: string;
  yours: string;
}

export interface ConflictDialogProps {
  open: boolean;
  title: string;
  /** The teammate's e-mail and the time of their change (ISO), when the server knows them. */
  who: string | null;
  when: string | null;
  rows: ConflictRow[];
  onKeepTheirs: () => void;
  onUseMine: () => void;
}

function Side({ heading, text }: { heading: string; text: string }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0, p: 1.5, border: 1, borderColor: "divider", borderRadius: 1 }}>
      <Typography variant="caption" color="text.secondary" component="h4">
        {heading}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {text || conflictTexts.empty}
      </Typography>
    </Box>
  );
}

export function ConflictDialog({
  open,
  title,
  who,
  when,
  rows,
  onKeepTheirs,
  onUseMine,
}: ConflictDialogProps) {
  const at = when ? new Date(when).toLocaleString() : null;
  return (
    <Dialog open={open} onClose={onKeepTheirs} maxWidth="sm" fullWidth aria-labelledby="edit-conflict-title">
      <DialogTitle id="edit-conflict-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>{conflictTexts.changedBy(who, at)}</Typography>
          {rows.map((row) => (
            <Box key={row.label} role="group" aria-label={row.label}>
              <Typography variant="subtitle2" component="h3" gutterBottom>
                {row.label}
              </Typography>
              <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
                <Side heading={conflictTexts.theirs} text={row.theirs} />
                <Side heading={conflictTexts.yours} text={row.yours} />
              </Stack>
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeepTheirs}>{conflictTexts.keepTheirs}</Button>
        <Button variant="contained" onClick={onUseMine}>
          {conflictTexts.useMine}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
