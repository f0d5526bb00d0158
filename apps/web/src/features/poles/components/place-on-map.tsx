/**
 * Placing a photo by clicking the globe (an unplaced one, or moving one from its panel): while a
 * photo is being placed the map shows a hint, Escape cancels, a click picks a position that is
 * shown first (another click changes it), and Save sends it as the photo's coordinates (the pole
 * rule then runs on the server). The globe's pick mode itself lives in src/globe.
 */
import { Alert, Button, Stack } from "@mui/material";
import { mapScreenTexts, placeOnMapTexts, poleTexts, type ImageRecord } from "@poleatlas/shared";
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { formatLocation } from "../../images";
import { usePatchImage } from "../api/patch-image";

export interface PlaceOnMap {
  /** The photo being placed; null when the globe is not in pick mode. */
  photo: ImageRecord | null;
  start: (photo: ImageRecord) => void;
  cancel: () => void;
  /** The globe's answer: the position to show before saving (a later click replaces it). */
  picked: (at: { latitude: number; longitude: number }) => void;
  /** The picked position, not saved yet. */
  pending: { latitude: number; longitude: number } | null;
  /** PATCHes the photo's coordinates with the picked position. */
  save: () => void;
  saving: boolean;
  error: string | null;
}

export function usePlaceOnMap(onPlaced: (placed: ImageRecord) => void): PlaceOnMap {
  const [photo, setPhoto] = useState<ImageRecord | null>(null);
  const [pending, setPending] = useState<{ latitude: number; longitude: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const patch = usePatchImage();
  const cancel = useCallback(() => {
    setPhoto(null);
    setPending(null);
    setError(null);
  }, []);
  const start = useCallback((next: ImageRecord) => {
    setError(null);
    setPending(null);
    setPhoto(next);
  }, []);
  const picked = useCallback(
    (at: { latitude: number; longitude: number }) => {
      if (!photo || patch.isPending) return;
      setError(null);
      setPending(at);
    },
    [photo, patch.isPending],
  );
  const save = useCallback(() => {
    if (!photo || !pending || patch.isPending) return;
    setError(null);
    patch.mutateAsync({ id: photo.id, patch: pending, version: photo.version }).then(
      (placed) => {
        setPhoto(null);
        setPending(null);
        onPlaced(placed);
      },
      // Still in pick mode: Save tries again, another click picks elsewhere, Escape gives up.
      (e: unknown) => setError(e instanceof ApiError && e.status < 500 ? e.message : poleTexts.saveFailed),
    );
  }, [photo, pending, patch, onPlaced]);
  return { photo, start, cancel, picked, pending, save, saving: patch.isPending, error };
}

/** The hint over the map while a photo is being placed; Escape (anywhere) cancels. */
export function PlaceOnMapHint({ placing }: { placing: PlaceOnMap }) {
  const { photo, cancel, error, pending, save, saving } = placing;
  useEffect(() => {
    if (!photo) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") cancel();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [photo, cancel]);
  if (!photo) return null;
  return (
    <>
      <Alert
        severity="info"
        variant="filled"
        role="status"
        aria-label={`${poleTexts.placeOnMap}: ${photo.name}`}
        action={
          <Stack direction="row" spacing={1}>
            {pending && (
              <Button color="inherit" size="small" disabled={saving} onClick={save}>
                {placeOnMapTexts.save}
              </Button>
            )}
            <Button color="inherit" size="small" onClick={cancel}>
              {mapScreenTexts.cancel}
            </Button>
          </Stack>
        }
      >
        {pending
          ? placeOnMapTexts.pickedAt(formatLocation(pending.latitude, pending.longitude))
          : poleTexts.placeOnMapHint}
      </Alert>
      {error && (
        <Alert severity="error" variant="filled">
          {error}
        </Alert>
      )}
    </>
  );
}
