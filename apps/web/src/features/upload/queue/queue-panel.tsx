/** The sidebar's 'N waiting' entry and the list of waiting (and refused) uploads behind it. */
import CloudQueueIcon from "@mui/icons-material/CloudQueue";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from "@mui/material";
import { uploadQueueTexts } from "@poleatlas/shared";
import { useState } from "react";
import type { QueuedUpload } from "./queue-store";

export interface QueuePanelProps {
  entries: readonly QueuedUpload[];
  sendNow: () => Promise<void>;
  remove: (id: string) => Promise<void>;
}

/** Nothing while the queue is empty: the spec's sidebar stays as it is. */
export function UploadQueueNavItem(props: QueuePanelProps) {
  const [open, setOpen] = useState(false);
  const { entries } = props;
  const empty = entries.length === 0;
  // Emptied (all sent or removed): closed, so the next photo kept does not open it by itself.
  if (empty && open) setOpen(false);
  if (empty) return null;
  const waiting = entries.filter((e) => e.state === "waiting").length;
  const failed = entries.length - waiting;
  const label = [
    waiting > 0 && uploadQueueTexts.navWaiting(waiting),
    failed > 0 && uploadQueueTexts.navFailed(failed),
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <>
      <ListItemButton onClick={() => setOpen(true)}>
        <ListItemIcon>
          <CloudQueueIcon color={failed > 0 ? "error" : "warning"} />
        </ListItemIcon>
        <ListItemText primary={label} />
      </ListItemButton>
      <QueueDialog {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function QueueDialog({
  entries,
  sendNow,
  remove,
  open,
  onClose,
}: QueuePanelProps & { open: boolean; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await sendNow();
    } catch (e) {
      // What could not be sent stays in the list, as it was.
      console.error("Sending the waiting uploads failed", e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open && entries.length > 0} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{uploadQueueTexts.title}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary">
          {uploadQueueTexts.intro}
        </Typography>
        <List aria-label={uploadQueueTexts.title}>
          {entries.map((e) => (
            <ListItem
              key={e.id}
              aria-label={e.name}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  aria-label={uploadQueueTexts.removeOne(e.name)}
                  onClick={() => void remove(e.id)}
                >
                  {uploadQueueTexts.remove}
                </Button>
              }
            >
              <ListItemText
                primary={e.name}
                secondary={e.state === "waiting" ? uploadQueueTexts.waiting : undefined}
                slotProps={{ primary: { noWrap: true } }}
              />
              {e.state === "failed" && (
                <Alert severity="error" sx={{ py: 0, mr: 8 }}>
                  {e.error}
                </Alert>
              )}
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{uploadQueueTexts.close}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void send()}>
          {uploadQueueTexts.sendNow}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
