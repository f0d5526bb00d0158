/**
 * The map view's state lives in the URL (/map?region=…&photo=…), so a link or a reload opens
 * the same region and photo. Other query parameters are kept as they are.
 */
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

export interface MapUrl {
  regionId: string | null;
  photoId: string | null;
  openRegion: (regionId: string) => void;
  selectPhoto: (photoId: string | null) => void;
  showOverview: () => void;
  /** Both at once, replacing the history entry (used to complete a photo-only link). */
  show: (regionId: string | null, photoId: string | null) => void;
}

export function useMapUrl(): MapUrl {
  const [params, setParams] = useSearchParams();
  const regionId = params.get("region");
  const photoId = params.get("photo");

  const update = useCallback(
    (changes: { region?: string | null; photo?: string | null }, replace: boolean) => {
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
      photoId,
      // Entering a region is a step users go back from; moving the selection is not.
      openRegion: (id) => update({ region: id, photo: null }, false),
      selectPhoto: (id) => update({ photo: id }, true),
      showOverview: () => update({ region: null, photo: null }, false),
      show: (region, photo) => update({ region, photo }, true),
    }),
    [regionId, photoId, update],
  );
}
