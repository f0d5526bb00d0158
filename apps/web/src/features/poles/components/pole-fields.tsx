/**
 * The shown photo's move: to another pole of the region (nearest first, the nearest 50: see
 * nearest-poles.ts), to any pole of the workspace found by its tag or label, to a pole of its
 * own, or to a place picked on the map. The pole is the record's answer (GET /api/poles/:id); the
 * other poles come from the region's compact form. The pole's own fields are the record's
 * (register-fields.tsx).
 */
import { Alert, Button, Stack } from "@mui/material";
import { poleTexts, type ImageRecord, type PoleSummary } from "@poleatlas/shared";
import { useMemo, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { useRegionPoles } from "../api/get-poles";
import { usePatchImage } from "../api/patch-image";
import { nearestPoles } from "../lib/nearest-poles";
import { MoveToPole } from "./move-to-pole";
import type { PoleMove } from "./move-undo";
import { PoleTagSearch } from "./pole-tag-search";

const failure = (e: unknown) => (e instanceof ApiError && e.status < 500 ? e.message : poleTexts.saveFailed);

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
