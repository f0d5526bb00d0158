/**
 * The sidebar's 'Import poles' entry (owners and admins) and its dialog: a file is chosen, sent
 * as a dry run and its outcome shown (counts, the first rejected rows, the area); Import sends it
 * again for real, with the upload's progress, then shows the final counts. The map's poles and
 * regions are refreshed at once, without a reload.
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
  POLE_IMPORT_DEFAULT_MAX_MB,
  POLE_IMPORT_FILE_TYPES,
  poleImportDialogTexts as texts,
  type PoleImportResult,
} from "@poleatlas/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { refreshPoles } from "../../poles";
import { usePermissions } from "../../workspaces";
import { importPoles } from "../api/import-poles";
import { ImportSummary } from "./import-summary";

type Phase = "pick" | "checking" | "checked" | "importing" | "done";

/** Why the file is refused before anything is sent, or null. */
export function fileProblem(file: File, maxMb = POLE_IMPORT_DEFAULT_MAX_MB): string | null {
  const name = file.name.toLowerCase();
  if (!POLE_IMPORT_FILE_TYPES.some((ext) => name.endsWith(ext))) return texts.wrongType(file.name);
  if (file.size > maxMb * 1024 * 1024) return texts.tooBig(maxMb);
  return null;
}

export interface ImportPolesDialogProps {
  onClose: () => void;
}

export function ImportPolesDialog({ onClose }: ImportPolesDialogProps) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>("pick");
  const [progress, setProgress] = useState(0);
  const [dry, setDry] = useState<PoleImportResult | null>(null);
  const [done, setDone] = useState<PoleImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const send = async (chosen: File, dryRun: boolean) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setProgress(0);
    setError(null);
    setPhase(dryRun ? "checking" : "importing");
    try {
      const result = await importPoles(chosen, {
        dryRun,
        onProgress: setProgress,
        signal: controller.signal,
      });
      if (dryRun) {
        setDry(result);
        setPhase("checked");
      } else {
        setDone(result);
        setPhase("done");
        await refreshPoles(queryClient);
      }
    } catch (e) {
      if (controller.signal.aborted) return;
      setError(e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : texts.failed);
      setPhase(dryRun ? "pick" : "checked");
    }
  };

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = ""; // the same file may be chosen again
    if (!chosen) return;
    setDry(null);
    setDone(null);
    setFile(chosen);
    const problem = fileProblem(chosen);
    if (problem) {
      setError(problem);
      setPhase("pick");
      return;
    }
    void send(chosen, true);
  };

  const cancel = () => {
    running.current?.abort();
    onClose();
  };
  const busy = phase === "checking" || phase === "importing";
  const poleRows = dry ? dry.created + dry.updated : 0;
  // A re-import that only adds last inspections still has something to import.
  const accepted = dry ? poleRows + dry.visits : 0;
  const percent = Math.round(progress * 100);

  return (
    <Dialog
      open
      onClose={busy ? undefined : cancel}
      aria-labelledby="pole-import-title"
      fullWidth
      maxWidth="sm"
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
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => choose(e.target.files?.[0])}
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
          {dry && phase === "checked" && <ImportSummary result={dry} title={texts.dryRunTitle} />}
          {dry && phase === "checked" && accepted === 0 && dry.unchanged === 0 && (
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
              onClick={() => file && void send(file, false)}
            >
              {phase === "importing"
                ? texts.importing
                : poleRows > 0 || !dry
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
