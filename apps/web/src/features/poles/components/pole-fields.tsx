/**
 * The shown photo's pole: its label (Enter or leaving the field saves, Escape puts it back), and
 * moving the photo to another pole of the region (nearest first, the nearest 50: see
 * nearest-poles.ts) or to a pole of its own. The pole is the panel's timeline answer
 * (GET /api/poles/:id); the other poles come from the region's compact form.
 */
import { Alert, Button, MenuItem, Stack, TextField } from "@mui/material";
import { MAX_POLE_LABEL_LENGTH, poleTexts, type ImageRecord, type PoleSummary } from "@poleatlas/shared";
import { useMemo, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { useRegionPoles } from "../api/get-poles";
import { usePatchImage } from "../api/patch-image";
import { usePatchPole } from "../api/patch-pole";
import { nearestPoles, type NearPole } from "../lib/nearest-poles";
import type { PoleMove } from "./move-undo";

/** Which way the pole lies from the photo, to the nearest of the eight compass points. */
const direction = (bearing: number) => poleTexts.compass[Math.round(bearing / 45) % 8]!;

/** "P-7 · 12 m NE · 3 photos": told apart by tag, place and size, not only "No label · 1 photo". */
const poleName = (p: NearPole) =>
  [
    p.label || poleTexts.poleLabelEmpty,
    poleTexts.distance(p.metres, direction(p.bearing)),
    poleTexts.poleSummary(p.count),
  ].join(" · ");

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
  const edit = (value: string) => {
    typed.current = value;
    setLabel(value);
    setDirty(true);
  };
  const commit = () => {
    if (!dirty) return;
    const value = label.trim();
    if (value === sending.current) return;
    if (value === pole.label) return setDirty(false);
    sending.current = value;
    setError(null);
    save.mutateAsync({ id: pole.id, label }).then(
      () => {
        if (sending.current === value) sending.current = null;
        // The answer is in the pole now; what was typed on since stays.
        if (typed.current.trim() === value) setDirty(false);
      },
      (e: unknown) => {
        if (sending.current === value) sending.current = null;
        setError(failure(e));
      },
    );
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
}

export function PoleFields({ photo, pole, regionId, onMoved }: PoleFieldsProps) {
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
  const send = (poleId: string) => {
    setError(null);
    const to = others.find((p) => p.id === poleId);
    move.mutateAsync({ id: photo.id, patch: { pole_id: poleId } }).then(
      () =>
        onMoved?.({
          photoId: photo.id,
          from: pole.id,
          text: to ? poleTexts.movedTo(to.label || poleName(to)) : poleTexts.movedToNewPole,
        }),
      (e: unknown) => setError(failure(e)),
    );
  };
  return (
    <Stack spacing={1.5}>
      <LabelField key={pole.id} pole={pole} />
      <Stack direction="row" spacing={1}>
        <TextField
          select
          size="small"
          label={poleTexts.moveToPole}
          value=""
          disabled={others.length === 0 || move.isPending}
          onChange={(e) => send(e.target.value)}
          sx={{ flex: 1 }}
        >
          {others.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {poleName(p)}
            </MenuItem>
          ))}
        </TextField>
        <Button size="small" disabled={pole.photo_count < 2 || move.isPending} onClick={() => send("new")}>
          {poleTexts.makeNewPole}
        </Button>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
