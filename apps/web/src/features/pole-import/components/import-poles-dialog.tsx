/**
 * The sidebar's 'Import poles' entry (owners and admins) and its dialog: a file is chosen, sent
 * as a dry run and its outcome shown (counts, the first rejected rows, the area, the columns as
 * read, a sample of positions on the globe); Import sends it again for real, with the same
 * coordinate system and mapping and the upload's progress, then shows the final counts. The map's
 * poles and regions are refreshed at once, without a reload.
 */
import UploadFileIcon from "@mui/icons-material/UploadFile";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from "@mui/material";
import {
  formatBytes,
  POLE_IMPORT_FILE_TYPES,
  poleImportDialogTexts as texts,
  poleImportSetupTexts as setupTexts,
} from "@poleatlas/shared";
import { useRef, useState } from "react";
import { usePermissions } from "../../workspaces";
import { useImportPreview } from "../hooks/use-import-preview";
import { namesOwnSystem, usePoleImport } from "../hooks/use-pole-import";
import { ColumnMapping } from "./column-mapping";
import { CrsField } from "./crs-field";
import { CrsSuggestions } from "./crs-suggestions";
import { ClearMissingChoice } from "./field-changes";
import { ImportSummary } from "./import-summary";

export interface ImportPolesDialogProps {
  onClose: () => void;
}

export function ImportPolesDialog({ onClose }: ImportPolesDialogProps) {
  const input = useRef<HTMLInputElement>(null);
  const { file, phase, progress, dry, done, error, settings, choose, change, importNow, stop } =
    usePoleImport();
  const checked = dry && phase === "checked" ? dry : null;
  useImportPreview(checked);

  const pick = (chosen: File | undefined) => {
    if (input.current) input.current.value = ""; // the same file may be chosen again
    if (chosen) choose(chosen);
  };

  const cancel = () => {
    stop();
    onClose();
  };
  const busy = phase === "checking" || phase === "importing";
  const poleRows = dry ? dry.created + dry.updated : 0;
  // A re-import that only adds last inspections still has something to import.
  const accepted = dry ? poleRows + dry.visits : 0;
  const percent = Math.round(progress * 100);
  const previewing = checked !== null && checked.sample.length > 0;

  return (
    <Dialog
      open
      onClose={busy ? undefined : cancel}
      aria-labelledby="pole-import-title"
      fullWidth
      maxWidth="sm"
      // While the sample is on the globe, the dialog steps aside and the map is not dimmed.
      slotProps={{ backdrop: { invisible: previewing } }}
      sx={previewing ? { "& .MuiDialog-container": { justifyContent: "flex-end" } } : undefined}
    >
      <DialogTitle id="pole-import-title">{texts.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {texts.intro}
          </Typography>
          {phase !== "done" && (
            <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
              <Button variant="outlined" disabled={busy} onClick={() => input.current?.click()}>
                {texts.chooseFile}
              </Button>
              {/* Beside the button, out of sight: the button is what the keyboard reaches. */}
              <Box
                component="input"
                ref={input}
                type="file"
                aria-label={texts.chooseFile}
                tabIndex={-1}
                accept={POLE_IMPORT_FILE_TYPES.join(",")}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => pick(e.target.files?.[0])}
                sx={{
                  position: "absolute",
                  // Pixels: a bare 1 is 100 % in sx, which widened the dialog.
                  width: "1px",
                  height: "1px",
                  opacity: 0,
                  overflow: "hidden",
                  clip: "rect(0 0 0 0)",
                }}
              />
              {file && (
                <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                  {texts.chosen(file.name, formatBytes(file.size))}
                </Typography>
              )}
            </Stack>
          )}
          {phase !== "done" && (
            <CrsField
              value={settings.crs}
              onChange={(crs) => change({ crs })}
              fromPrj={namesOwnSystem(file)}
              prjCrs={dry?.crs}
              disabled={busy}
            />
          )}
          {busy && (
            <Box role="status" aria-live="polite">
              <Typography variant="body2" sx={{ mb: 1 }}>
                {progress < 1
                  ? texts.uploading(percent)
                  : phase === "checking"
                    ? texts.reading
                    : texts.importing}
              </Typography>
              <LinearProgress
                variant={progress < 1 ? "determinate" : "indeterminate"}
                value={percent}
                aria-label={phase === "checking" ? texts.checking : texts.importing}
              />
            </Box>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          {checked && (
            <CrsSuggestions
              suggestions={checked.suggestedCrs ?? []}
              onChoose={(crs) => change({ crs })}
              disabled={busy}
            />
          )}
          {phase !== "done" && file && settings.mapping && (
            <ColumnMapping
              mapping={settings.mapping}
              onChange={(mapping) => change({ mapping })}
              disabled={busy}
            />
          )}
          {phase !== "done" && dry && (
            <ClearMissingChoice
              checked={settings.clearMissing}
              onChange={(clearMissing) => change({ clearMissing })}
              disabled={busy}
            />
          )}
          {checked && <ImportSummary result={checked} title={texts.dryRunTitle} />}
          {previewing && (
            <Typography variant="body2" role="status">
              {setupTexts.previewOnMap(
                checked.sample.length,
                checked.created + checked.updated + checked.unchanged,
              )}
            </Typography>
          )}
          {checked && accepted === 0 && checked.unchanged === 0 && (
            <Alert severity="info">{texts.nothingToImport}</Alert>
          )}
          {done && (
            <>
              <Alert severity="success">{texts.doneSummary(done.created, done.updated)}</Alert>
              <ImportSummary result={done} title={texts.doneTitle} />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {phase === "done" ? (
          <Button variant="contained" onClick={onClose}>
            {texts.close}
          </Button>
        ) : (
          <>
            <Button onClick={cancel}>{texts.cancel}</Button>
            <Button
              variant="contained"
              disabled={phase !== "checked" || !file || accepted === 0}
              onClick={importNow}
            >
              {phase === "importing"
                ? texts.importing
                : poleRows > 0 || !dry || dry.visits === 0
                  ? texts.import(poleRows)
                  : texts.importVisits(dry.visits)}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The sidebar entry, for those who may import (owners and admins); it owns its dialog. */
export function ImportPolesNavItem() {
  const may = usePermissions();
  const [open, setOpen] = useState(false);
  if (!may.canManage) return null;
  return (
    <>
      <ListItemButton onClick={() => setOpen(true)}>
        <ListItemIcon>
          <UploadFileIcon />
        </ListItemIcon>
        <ListItemText primary={texts.navItem} />
      </ListItemButton>
      {/* Mounted only while open: each opening starts from an empty dialog. */}
      {open && <ImportPolesDialog onClose={() => setOpen(false)} />}
    </>
  );
}
