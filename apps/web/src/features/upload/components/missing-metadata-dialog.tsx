import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  Typography,
} from "@mui/material";
import { messages, uploadDialogTexts } from "@poleatlas/shared";
import { useId, useState, type FormEvent } from "react";

export interface MissingMetadataDialogProps {
  open: boolean;
  /** Names of files without GPS coordinates. */
  missingGps: readonly string[];
  /** Names of files without the original date/time. */
  missingDate: readonly string[];
  onCancel: () => void;
  onProceed: () => void;
}

function FileList({ title, names }: { title: string; names: readonly string[] }) {
  const headingId = useId();
  if (names.length === 0) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography id={headingId} variant="subtitle2">
        {title} ({names.length})
      </Typography>
      <List
        dense
        aria-labelledby={headingId}
        sx={{ maxHeight: 140, overflow: "auto", bgcolor: "action.hover", borderRadius: 1, py: 0 }}
      >
        {names.map((name, index) => (
          <ListItem key={`${index}-${name}`} sx={{ py: 0.25 }}>
            <Typography variant="body2" noWrap title={name}>
              {name}
            </Typography>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/**
 * Spec §2: the second dialog, shown when any file lacks GPS or the original date/time. The
 * upload goes on only after the acknowledgement is ticked. Give it a new `key` each time it opens
 * so the box starts unticked.
 */
export function MissingMetadataDialog({
  open,
  missingGps,
  missingDate,
  onCancel,
  onProceed,
}: MissingMetadataDialogProps) {
  const [acknowledged, setAcknowledged] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  // The button is disabled until ticked; this guard answers anything that submits regardless.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!acknowledged) {
      setError(messages.acknowledgeWarning);
      return;
    }
    onProceed();
  };

  return (
    <Dialog open={open} onClose={onCancel} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <form onSubmit={submit} aria-labelledby={titleId} noValidate>
        <DialogTitle id={titleId} sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <WarningAmberIcon color="warning" aria-hidden />
          {uploadDialogTexts.missingMetadataTitle}
        </DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Some of the selected photos are missing metadata.
          </Typography>
          <FileList title="Missing GPS coordinates" names={missingGps} />
          <FileList title="Missing original date/time" names={missingDate} />
          <Typography variant="subtitle2">What this affects</Typography>
          <Box component="ul" sx={{ mt: 0.5, pl: 3, typography: "body2" }}>
            <li>
              <strong>Location accuracy on the map:</strong> photos without GPS coordinates cannot be placed
              where they were taken.
            </li>
            <li>
              <strong>Timeline organization:</strong> photos without an original date/time are dated by the
              file&apos;s last-modified time or the upload time, so they may appear out of order.
            </li>
            <li>
              <strong>Data analysis and reporting:</strong> analyses and reports built on these photos will be
              incomplete or less reliable.
            </li>
          </Box>
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Checkbox
                checked={acknowledged}
                onChange={(event) => {
                  setAcknowledged(event.target.checked);
                  if (event.target.checked) setError(null);
                }}
              />
            }
            label={uploadDialogTexts.acknowledgeLabel}
          />
          {error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{uploadDialogTexts.cancelUpload}</Button>
          <Button type="submit" variant="contained" color="warning" disabled={!acknowledged}>
            {uploadDialogTexts.proceedWithUpload}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
