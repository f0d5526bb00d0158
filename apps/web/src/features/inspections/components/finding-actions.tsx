/**
 * Every step and edit of one finding, from its row (the work list's rows and cards, the pole
 * record's findings): a menu with the steps it may move to (WORK_STEPS), 'Resolve…' (the action,
 * the day, a repair photo) and 'Edit…' (level, notes, assignee, work order, an extension). Each
 * change names the version shown (If-Match): a teammate's change meanwhile is a clear message,
 * and the finding reloads as it is now.
 */
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { Alert, Button, IconButton, Menu, MenuItem, Snackbar, Stack } from "@mui/material";
import {
  inspectionTexts,
  poleRecordTexts,
  WORK_STEPS,
  workTexts,
  type Finding,
  type FindingPatch,
  type ImageRecord,
  type WorkStatus,
} from "@poleatlas/shared";
import { Suspense, useRef, useState } from "react";
import { useRefocusAfter } from "../../../components/use-refocus-after";
import { lazyPart } from "../../../lib/lazy-part";
import { usePoleTimeline } from "../../poles";
import { isEditConflict, usePatchFinding } from "../api/findings";
import type { Assignee } from "../api/members";
import { storeRepairPhoto } from "../api/repair-photo";

// Loaded when first opened: the map's first load carries the record's rows, not this form.
const ResolveDialog = lazyPart(() => import("./finding-dialogs").then((m) => m.ResolveDialog));
const EditFindingDialog = lazyPart(() => import("./finding-dialogs-edit").then((m) => m.EditFindingDialog));

/** The steps a finding's menu offers: an open one is assigned by naming someone (Edit). */
export const stepsFrom = (status: WorkStatus): WorkStatus[] =>
  WORK_STEPS[status].filter((s) => s !== "resolved" && !(status === "open" && s === "assigned"));

const errorText = (e: unknown) =>
  isEditConflict(e)
    ? workTexts.editConflictReloaded
    : e instanceof Error && e.message
      ? e.message
      : workTexts.bulkFailed;

/** The pole's stored photos, read once the dialog opens: a repair photographed before. */
function ResolveFinding(props: {
  finding: Finding;
  polePhotos?: ImageRecord[];
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onResolve: (patch: FindingPatch, repair: string | (() => Promise<string>) | undefined) => void;
}) {
  const f = props.finding;
  const timeline = usePoleTimeline(props.polePhotos ? null : f.pole_id);
  return (
    <ResolveDialog
      open
      busy={props.busy}
      error={props.error}
      observedOn={f.observed_on}
      polePhotos={props.polePhotos ?? timeline.data?.images ?? []}
      onClose={props.onClose}
      onResolve={({ action, resolvedOn, repair }) =>
        props.onResolve(
          { resolve: { action, resolved_on: resolvedOn } },
          // A new photo is stored on the pole first; the finding is resolved only once it is.
          repair && "file" in repair ? () => storeRepairPhoto(repair.file, f.pole_id) : repair?.imageId,
        )
      }
    />
  );
}

export function FindingActions(props: {
  finding: Finding;
  assignees: readonly Assignee[];
  /** The pole's photos when the caller has them (the record); else read when resolving. */
  polePhotos?: ImageRecord[];
  /** A 'Resolve' button beside the menu (the record's rows). */
  resolveButton?: boolean;
}) {
  const f = props.finding;
  const patch = usePatchFinding();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<"resolve" | "edit" | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const open = f.status !== "resolved";
  const menuButton = useRef<HTMLButtonElement>(null);
  // Resolved from the row's 'Resolve': the button goes with the step, the menu stays. The record
  // may be read again before the dialog closes (the dialog then gives the focus back to nothing)
  // or after it (the focus back on the button as it goes).
  useRefocusAfter(dialog, menuButton);
  useRefocusAfter(open, menuButton);
  const tag = f.pole_tag || poleRecordTexts.poleAt(f.latitude, f.longitude);

  const send = (change: FindingPatch, done: string, repair?: string | (() => Promise<string>)) => {
    setNote(null);
    patch.mutate(
      { id: f.id, patch: change, version: f.version, repair },
      {
        onSuccess: () => {
          setDialog(null);
          setNote({ ok: true, text: done });
        },
        // A step's refusal shows under the row; a dialog's inside the dialog.
        onError: (e) => dialog === null && setNote({ ok: false, text: errorText(e) }),
      },
    );
  };
  const close = () => {
    setDialog(null);
    patch.reset();
  };
  const dialogError = patch.error ? errorText(patch.error) : null;

  return (
    <Stack direction="row" sx={{ alignItems: "center" }}>
      {props.resolveButton && open && (
        <Button size="small" onClick={() => setDialog("resolve")}>
          {inspectionTexts.resolve}
        </Button>
      )}
      <IconButton
        ref={menuButton}
        aria-label={workTexts.findingActions(f.code, tag)}
        aria-haspopup="menu"
        aria-expanded={menu !== null}
        onClick={(e) => setMenu(e.currentTarget)}
        size="small"
        sx={{ minWidth: 32, minHeight: 32 }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {stepsFrom(f.status).map((step) => (
          <MenuItem
            key={step}
            disabled={patch.isPending}
            onClick={() => {
              setMenu(null);
              send({ status: step }, workTexts.stepDone(workTexts.steps[step]));
            }}
          >
            {workTexts.moveTo[step]}
          </MenuItem>
        ))}
        {open && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              setDialog("resolve");
            }}
          >
            {workTexts.resolveMenu}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setMenu(null);
            setDialog("edit");
          }}
        >
          {workTexts.editMenu}
        </MenuItem>
      </Menu>
      {dialog === "resolve" && (
        <Suspense fallback={null}>
          <ResolveFinding
            finding={f}
            polePhotos={props.polePhotos}
            busy={patch.isPending}
            error={dialogError}
            onClose={close}
            onResolve={(change, repair) => send(change, workTexts.stepDone(workTexts.steps.resolved), repair)}
          />
        </Suspense>
      )}
      {dialog === "edit" && (
        <Suspense fallback={null}>
          <EditFindingDialog
            finding={f}
            assignees={props.assignees}
            busy={patch.isPending}
            error={dialogError}
            onClose={close}
            onSave={(change) => send(change, workTexts.saved)}
          />
        </Suspense>
      )}
      <Snackbar open={note !== null} autoHideDuration={note?.ok ? 4000 : null} onClose={() => setNote(null)}>
        <Alert
          severity={note?.ok ? "success" : "error"}
          role={note?.ok ? "status" : "alert"}
          onClose={() => setNote(null)}
        >
          {note?.text}
        </Alert>
      </Snackbar>
    </Stack>
  );
}
