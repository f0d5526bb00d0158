/**
 * The shown photo's pole: its label (Enter or leaving the field saves, Escape puts it back), and
 * moving the photo to another pole of the region (nearest first, the nearest 50: see
 * nearest-poles.ts), to any pole of the workspace found by its tag or label, or to a pole of its own. The pole is the panel's timeline answer
 * (GET /api/poles/:id); the other poles come from the region's compact form.
 */
import { Alert, Button, Stack, TextField } from "@mui/material";
import {
  conflictTexts,
  MAX_POLE_LABEL_LENGTH,
  poleTexts,
  type ImageRecord,
  type PoleSummary,
} from "@poleatlas/shared";
import { useMemo, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { useRegionPoles } from "../api/get-poles";
import { usePatchImage } from "../api/patch-image";
import { PoleConflict, usePatchPole } from "../api/patch-pole";
import { ConflictDialog } from "./conflict-dialog";
import { nearestPoles } from "../lib/nearest-poles";
import { MoveToPole } from "./move-to-pole";
import type { PoleMove } from "./move-undo";
import { PoleTagSearch } from "./pole-tag-search";

const failure = (e: unknown) => (e instanceof ApiError && e.status < 500 ? e.message : poleTexts.saveFailed);

function LabelField({ pole }: { pole: PoleSummary }) {
  /** What the user typed; shown only while `dirty`, else the pole's own label (a teammate's too). */
  const [label, setLabel] = useState(pole.label);
  const [dirty, setDirty] = useState(false);
  /** The text in the field, for an answer that arrives after more was typed. */
  const typed = useRef(pole.label);
  const save = usePatchPole();
  const [error, setError] = useState<string | null>(null);
  /** The label on its way: Enter and then leaving the field save once. */
  const sending = useRef<string | null>(null);
  /** The pole as it was when typing began: a save names its version (If-Match). */
  const start = useRef({ label: pole.label, version: pole.version });
  /** A teammate set another label meanwhile: theirs, until the user chooses. */
  const [conflict, setConflict] = useState<PoleSummary | null>(null);
  const edit = (value: string) => {
    if (!dirty) start.current = { label: pole.label, version: pole.version };
    typed.current = value;
    setLabel(value);
    setDirty(true);
  };
  const commit = () => {
    if (!dirty) return;
    const value = label.trim();
    if (value === sending.current) return;
    if (value === pole.label) return setDirty(false);
    send(value);
  };
  const send = (value: string) => {
    sending.current = value;
    setError(null);
    save.mutateAsync({ id: pole.id, label: value, version: start.current.version }).then(
      () => {
        if (sending.current === value) sending.current = null;
        // The answer is in the pole now; what was typed on since stays.
        if (typed.current.trim() === value) setDirty(false);
      },
      (e: unknown) => {
        if (sending.current === value) sending.current = null;
        if (e instanceof PoleConflict) {
          const typedOver = start.current.label;
          start.current = { label: e.current.label, version: e.current.version };
          // The label is what it was when typing began (only its version moved): save on top.
          if (e.current.label === typedOver) send(value);
          else setConflict(e.current);
          return;
        }
        setError(failure(e));
      },
    );
  };
  const keepTheirs = () => {
    setConflict(null);
    setDirty(false);
  };
  const useMine = () => {
    setConflict(null);
    send(typed.current.trim());
  };
  return (
    <>
      <TextField
        size="small"
        label={poleTexts.poleLabel}
        placeholder={poleTexts.poleLabelEmpty}
        value={dirty ? label : pole.label}
        onChange={(e) => edit(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
          if (e.key === "Escape") setDirty(false);
        }}
        slotProps={{ htmlInput: { maxLength: MAX_POLE_LABEL_LENGTH } }}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <ConflictDialog
        open={conflict !== null}
        title={conflictTexts.poleTitle}
        who={conflict?.updated_by ?? null}
        when={conflict?.updated_at ?? null}
        rows={conflict ? [{ label: conflictTexts.label, theirs: conflict.label, yours: label.trim() }] : []}
        onKeepTheirs={keepTheirs}
        onUseMine={useMine}
      />
    </>
  );
}

export interface PoleFieldsProps {
  photo: ImageRecord;
  /** The photo's pole, from its timeline answer. */
  pole: PoleSummary;
  regionId: string | null;
  /** A move was applied: what to offer to undo (the panel may show another pole meanwhile). */
  onMoved?: (move: PoleMove) => void;
  /** 'Place on map': the next click on the globe gives the photo its new position. */
  onPlaceOnMap?: (photo: ImageRecord) => void;
}

export function PoleFields({ photo, pole, regionId, onMoved, onPlaceOnMap }: PoleFieldsProps) {
  const poles = useRegionPoles(regionId);
  const move = usePatchImage();
  const [error, setError] = useState<string | null>(null);
  const { latitude, longitude } = photo;
  const others = useMemo(
    () =>
      latitude === null || longitude === null
        ? []
        : nearestPoles(poles.data, { latitude, longitude }, pole.id),
    [poles.data, latitude, longitude, pole.id],
  );
  if (pole.id !== photo.pole_id || latitude === null || longitude === null) return null;
  /** `name`: how the move's notice names the pole. */
  const send = (poleId: string, name?: string) => {
    setError(null);
    move.mutateAsync({ id: photo.id, patch: { pole_id: poleId }, version: photo.version }).then(
      (moved) =>
        onMoved?.({
          photoId: photo.id,
          from: pole.id,
          version: moved.version,
          text: name ? poleTexts.movedTo(name) : poleTexts.movedToNewPole,
        }),
      (e: unknown) => setError(failure(e)),
    );
  };
  return (
    <Stack spacing={1.5}>
      <LabelField key={pole.id} pole={pole} />
      {/* The buttons go under the list when the panel is too narrow for all three on one line. */}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <MoveToPole others={others} disabled={move.isPending} onChoose={send} />
        <Button size="small" disabled={pole.photo_count < 2 || move.isPending} onClick={() => send("new")}>
          {poleTexts.makeNewPole}
        </Button>
        {onPlaceOnMap && (
          <Button size="small" disabled={move.isPending} onClick={() => onPlaceOnMap(photo)}>
            {poleTexts.placeOnMap}
          </Button>
        )}
      </Stack>
      <PoleTagSearch
        from={{ latitude, longitude }}
        currentPoleId={pole.id}
        disabled={move.isPending}
        onChoose={(id, name) => send(id, name)}
      />
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
