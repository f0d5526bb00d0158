/**
 * The map view's state lives in the URL (/map?region=…&pole=…&photo=…), so a link or a reload
 * opens the same region, pole record and photo. A link may name only the pole (/map?pole=ID): the
 * selection completes it with the pole's region. Other query parameters are kept as they are.
 */
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

export interface MapUrl {
  regionId: string | null;
  poleId: string | null;
  photoId: string | null;
  openRegion: (regionId: string) => void;
  selectPhoto: (photoId: string | null) => void;
  showOverview: () => void;
  /** Both at once, replacing the history entry (used to complete a photo-only link). */
  show: (regionId: string | null, photoId: string | null) => void;
  /** A pole's record (and the photo shown, if any), in its region; replaces the history entry. */
  showPole: (regionId: string | null, poleId: string | null, photoId: string | null) => void;
}

export function useMapUrl(): MapUrl {
  const [params, setParams] = useSearchParams();
  const regionId = params.get("region");
  const poleId = params.get("pole");
  const photoId = params.get("photo");

  const update = useCallback(
    (changes: { region?: string | null; pole?: string | null; photo?: string | null }, replace: boolean) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined) continue;
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  return useMemo(
    () => ({
      regionId,
      poleId,
      photoId,
      // Entering a region is a step users go back from; moving the selection is not.
      openRegion: (id) => update({ region: id, pole: null, photo: null }, false),
      // No photo: no record either (closing it); a photo of another pole: the selection finds it.
      selectPhoto: (id) => update(id === null ? { pole: null, photo: null } : { photo: id }, true),
      showOverview: () => update({ region: null, pole: null, photo: null }, false),
      show: (region, photo) => update({ region, photo }, true),
      showPole: (region, pole, photo) => update({ region, pole, photo }, true),
    }),
    [regionId, poleId, photoId, update],
  );
}
