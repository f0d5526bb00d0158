/**
 * Placing an unplaced photo by clicking the globe: while a photo is being placed the map shows a
 * hint, Escape cancels, and the position the globe picks is sent as the photo's coordinates (the
 * pole rule then runs on the server). The globe's pick mode itself lives in src/globe.
 */
import { Alert, Button } from "@mui/material";
import { mapScreenTexts, poleTexts, type ImageRecord } from "@poleatlas/shared";
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { usePatchImage } from "../api/patch-image";

export interface PlaceOnMap {
  /** The photo being placed; null when the globe is not in pick mode. */
  photo: ImageRecord | null;
  start: (photo: ImageRecord) => void;
  cancel: () => void;
  /** The globe's answer: PATCHes the photo's coordinates. */
  picked: (at: { latitude: number; longitude: number }) => void;
  error: string | null;
}

export function usePlaceOnMap(onPlaced: (placed: ImageRecord) => void): PlaceOnMap {
  const [photo, setPhoto] = useState<ImageRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const patch = usePatchImage();
  const cancel = useCallback(() => {
    setPhoto(null);
    setError(null);
  }, []);
  const start = useCallback((next: ImageRecord) => {
    setError(null);
    setPhoto(next);
  }, []);
  const picked = useCallback(
    (at: { latitude: number; longitude: number }) => {
      if (!photo || patch.isPending) return;
      setError(null);
      patch.mutateAsync({ id: photo.id, patch: at, version: photo.version }).then(
        (placed) => {
          setPhoto(null);
          onPlaced(placed);
        },
        // Still in pick mode: another click tries again, Escape gives up.
        (e: unknown) => setError(e instanceof ApiError && e.status < 500 ? e.message : poleTexts.saveFailed),
      );
    },
    [photo, patch, onPlaced],
  );
  return { photo, start, cancel, picked, error };
}

/** The hint over the map while a photo is being placed; Escape (anywhere) cancels. */
export function PlaceOnMapHint({ placing }: { placing: PlaceOnMap }) {
  const { photo, cancel, error } = placing;
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
          <Button color="inherit" size="small" onClick={cancel}>
            {mapScreenTexts.cancel}
          </Button>
        }
      >
        {poleTexts.placeOnMapHint}
      </Alert>
      {error && (
        <Alert severity="error" variant="filled">
          {error}
        </Alert>
      )}
    </>
  );
}
