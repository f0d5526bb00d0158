import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from "@mui/material";
import {
  locateTexts,
  messages,
  uploadDialogTexts,
  visitTexts,
  type ImageRecord,
  type InspectionType,
} from "@poleatlas/shared";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { UploadItem } from "../hooks/upload-items-reducer";
import { prefetchReader, useUploadItems } from "../hooks/use-upload-items";
import { useUploadRunner, type KeepForLater } from "../hooks/use-upload-runner";
import { PoleChoice, type WaitingPhoto } from "../../poles";
import { useUploadVisits } from "../hooks/use-upload-visits";
import type { RecordVisits } from "../utils/photo-visits";
import { findMissingMetadata, formatSize, uploadBlocker, type MemberCap } from "../utils/upload-checks";
import { DropZone } from "./drop-zone";
import { UnplacedUploadOffer } from "../../tracks";
import { FileCard } from "./file-card";
import { MissingMetadataDialog } from "./missing-metadata-dialog";
import { StorageAlert } from "./storage-alert";
import { TakePhotoButton } from "./take-photo-button";
import { VisitOption, VisitOutcome } from "./visit-option";
import { usePhoneLayout } from "../../../components/use-layout";

export interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the newly stored images; the dialog closes itself only when every file made it. */
  onUploaded: (images: ImageRecord[]) => void;
  /** Current storage usage in bytes, from the caller's usage query. */
  usedBytes: number;
  /** The active workspace's quota (a team's pool in a team); the spec's 50 MB by default. */
  quotaBytes?: number;
  /** In a team where the member has a cap: their share there and the cap. */
  cap?: MemberCap;
  /** The upload queue: files that meet no connection wait there instead of failing. */
  keepForLater?: KeepForLater;
  /**
   * Offered to members and up: record an inspection visit for the photos' poles, of one of the
   * workspace's types. Given by the caller, so uploads need not know how visits are kept.
   */
  visits?: { types: readonly InspectionType[]; record: RecordVisits };
}

/** While files are on their way, leaving the page asks first. */
function useConfirmLeave(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [active]);
}

/** Done ones are stored, queued ones are the queue's now: neither is sent again from here. */
const settled = (item: UploadItem) => item.status === "done" || item.status === "queued";

const fileCount = (n: number) => `${n} ${n === 1 ? "file" : "files"}`;

/**
 * Spec §2 Upload dialog and §4 Upload flow: select → size check → EXIF → (missing-metadata
 * acknowledgement) → upload, each file with its own progress and result.
 */
export function UploadDialog(props: UploadDialogProps) {
  const { open, onClose, onUploaded, usedBytes, quotaBytes, cap, keepForLater } = props;
  const { items, dispatch, addFiles, remove, reset } = useUploadItems();
  const { run: runUploads, discard: discardPartialUploads } = useUploadRunner(dispatch, keepForLater);
  const visits = useUploadVisits(props.visits?.record);
  const titleId = useId();
  const phone = usePhoneLayout();
  useEffect(() => {
    if (open) prefetchReader();
  }, [open]);
  const [error, setError] = useState<string | null>(null);
  const [rejectedNames, setRejectedNames] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [runIds, setRunIds] = useState<ReadonlySet<string>>(new Set());
  const [confirm, setConfirm] = useState({ key: 0, open: false });
  const [unplaced, setUnplaced] = useState<ImageRecord[]>([]);
  // Photos the pole rule could not place: the dialog asks which register pole each shows.
  const [waiting, setWaiting] = useState<WaitingPhoto[]>([]);
  // Files the user already accepted without metadata: a retry does not ask again.
  const acknowledged = useRef(new Set<string>());
  useConfirmLeave(uploading);

  const readyItems = items.filter((item) => item.readState !== "pending");
  const pendingCount = items.length - readyItems.length;
  const toSend = useMemo(() => items.filter((item) => !settled(item)), [items]);
  const missing = useMemo(() => findMissingMetadata(toSend), [toSend]);
  const failedCount = items.filter((item) => item.status === "failed").length;
  const anyDone = items.some((item) => item.status === "done");
  const runFinished = items.filter((i) => runIds.has(i.id) && i.status !== "uploading").length;

  const resetVisits = visits.reset;
  const forget = useCallback(() => {
    discardPartialUploads();
    reset();
    setError(null);
    setRejectedNames([]);
    setRunIds(new Set());
    setUnplaced([]);
    setWaiting([]);
    setConfirm((c) => ({ ...c, open: false }));
    acknowledged.current.clear();
    resetVisits();
  }, [reset, discardPartialUploads, resetVisits]);

  const cancel = () => {
    if (uploading) return; // never lose uploads in flight by accident
    forget();
    onClose();
  };

  const handleFiles = useCallback(
    (accepted: File[], rejected: File[]) => {
      setRejectedNames(rejected.map((f) => f.name));
      if (accepted.length > 0) {
        setError(null);
        addFiles(accepted);
      }
    },
    [addFiles],
  );

  // Set synchronously: a double click on Proceed must not start the same files twice.
  const running = useRef(false);
  const start = async (batch: UploadItem[]) => {
    if (running.current) return;
    running.current = true;
    setConfirm((c) => ({ ...c, open: false }));
    setError(null);
    setRunIds(new Set(batch.map((item) => item.id)));
    setUploading(true);
    let result;
    try {
      result = await runUploads(batch);
    } finally {
      running.current = false;
      setUploading(false);
    }
    // Every file was stored before: the dialog stays, so each card can say 'Already uploaded'
    // instead of closing on a success that added nothing.
    const nothingNew = result.duplicateCount > 0 && result.duplicateCount === batch.length;
    // Photos without GPS land in Unplaced: the dialog stays to offer placing them by a track.
    const noPlace = nothingNew
      ? []
      : result.uploaded.filter((i) => i.latitude === null || i.longitude === null);
    setUnplaced(noPlace);
    // A retry adds its questions to those not answered yet; it never drops them.
    const stillWaiting = nothingNew ? waiting : [...waiting, ...result.waiting];
    setWaiting(stillWaiting);
    // Duplicates count too: the photo is of that pole on that day, whenever it was stored.
    if (visits.choice.on && result.uploaded.length > 0) {
      if (!nothingNew) onUploaded(result.uploaded);
      // The dialog stays to say what was recorded (or to retry what was not).
      await visits.record(result.uploaded);
      return;
    }
    if (result.failedCount === 0 && !nothingNew) {
      onUploaded(result.uploaded);
      if (noPlace.length > 0 || stillWaiting.length > 0) return;
      forget();
      onClose();
      return;
    }
    // Partial success: the stored ones must show on the map now; the failed stay for a retry.
    if (result.uploaded.length > 0 && !nothingNew) onUploaded(result.uploaded);
  };

  const handleUpload = () => {
    if (uploading || visits.busy || pendingCount > 0) return;
    if (visits.choice.on && visits.choice.result === null) {
      setError(visitTexts.uploadNeedsResult);
      return;
    }
    const blocker = uploadBlocker(
      usedBytes,
      toSend.map((item) => item.file),
      quotaBytes,
      cap,
    );
    if (blocker) {
      setError(blocker);
      return;
    }
    const unacknowledged = [...missing.gps, ...missing.date].some((i) => !acknowledged.current.has(i.id));
    if (unacknowledged) {
      setConfirm((c) => ({ key: c.key + 1, open: true }));
      return;
    }
    void start(toSend);
  };

  const proceed = () => {
    for (const item of [...missing.gps, ...missing.date]) acknowledged.current.add(item.id);
    void start(toSend);
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={cancel} // backdrop clicks and Escape land here too: ignored while uploading
        maxWidth="md"
        fullWidth
        fullScreen={phone}
        aria-labelledby={titleId}
        aria-busy={uploading}
      >
        <DialogTitle id={titleId}>{uploadDialogTexts.title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <StorageAlert usedBytes={usedBytes} quotaBytes={quotaBytes} cap={cap} />
            <DropZone onFiles={handleFiles} disabled={uploading} compact={items.length > 0} />
            <TakePhotoButton onFiles={handleFiles} disabled={uploading} />
            {rejectedNames.length > 0 && (
              <Alert severity="warning">
                {messages.unsupportedFilesRemoved}
                <Typography variant="caption" component="p" sx={{ mt: 0.5, wordBreak: "break-all" }}>
                  Removed: {rejectedNames.join(", ")}
                </Typography>
              </Alert>
            )}
            {props.visits && props.visits.types.length > 0 && (
              <VisitOption
                types={props.visits.types}
                choice={visits.choice}
                onChange={visits.setChoice}
                disabled={uploading || visits.busy}
              />
            )}
            {error && <Alert severity="error">{error}</Alert>}
            <VisitOutcome outcome={visits.outcome} onRetry={visits.retry} busy={visits.busy} />
            {!uploading && (
              <UnplacedUploadOffer
                photos={unplaced}
                onPreview={() => {
                  forget();
                  onClose();
                }}
              />
            )}
            {!uploading && (
              <PoleChoice
                waiting={waiting}
                onPlaced={(image) => {
                  setWaiting((w) => w.filter((x) => x.image.id !== image.id));
                  onUploaded([image]);
                }}
              />
            )}
            {!uploading && failedCount > 0 && (
              <Alert severity="error">
                {fileCount(failedCount)} could not be uploaded (see the cards below). Choose &lsquo;
                {uploadDialogTexts.uploadButton}&rsquo; to try again, remove them, or close the dialog.
              </Alert>
            )}
            {pendingCount > 0 && (
              <Box role="status">
                <Typography variant="body2" color="text.secondary">
                  Reading photo metadata… {readyItems.length} of {items.length}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={(readyItems.length / items.length) * 100}
                  aria-label="Reading photo metadata"
                />
              </Box>
            )}
            {uploading && (
              <Typography role="status" variant="body2">
                Uploading… {runFinished} of {fileCount(runIds.size)} finished
              </Typography>
            )}
            {items.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {fileCount(items.length)} selected ·{" "}
                {formatSize(items.reduce((sum, item) => sum + item.file.size, 0))}
              </Typography>
            )}
            {items.length > 0 && pendingCount === 0 && (
              // Photos with a bearing can place their pole where it stands (the pole record's locate).
              <Typography variant="body2" color="text.secondary">
                {locateTexts.bearingCount(
                  items.filter((item) => item.reading?.heading != null).length,
                  items.length,
                )}
              </Typography>
            )}
            {readyItems.length > 0 && (
              <Box
                component="ul"
                aria-label="Selected images"
                sx={{
                  display: "grid",
                  gridTemplateColumns: "repeat(auto-fill, minmax(160px, 1fr))",
                  gap: 1.5,
                  m: 0,
                  p: 0,
                }}
              >
                {readyItems.map((item) => (
                  <FileCard
                    key={item.id}
                    item={item}
                    removable={!uploading && !settled(item)}
                    onRemove={remove}
                  />
                ))}
              </Box>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel} disabled={uploading}>
            {anyDone ? "Close" : uploadDialogTexts.cancelButton}
          </Button>
          <Button
            variant="contained"
            onClick={handleUpload}
            disabled={uploading || visits.busy || pendingCount > 0}
          >
            {uploadDialogTexts.uploadButton}
          </Button>
        </DialogActions>
      </Dialog>
      <MissingMetadataDialog
        key={confirm.key}
        open={open && confirm.open}
        missingGps={missing.gps.map((item) => item.file.name)}
        missingDate={missing.date.map((item) => item.file.name)}
        onCancel={() => setConfirm((c) => ({ ...c, open: false }))}
        onProceed={proceed}
      />
    </>
  );
}
