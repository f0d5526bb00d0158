/**
 * A GPS track's preview on the map: the dry run's points stay on the globe (globe/preview-store)
 * and a bar over the map says how many photos they are, with Apply (places exactly those photos)
 * and Cancel. The dialog that asked for the preview closes meanwhile, so the globe can be seen.
 */
import { Alert, Button, Stack } from "@mui/material";
import {
  trackMatchResultSchema,
  trackPlacementTexts as texts,
  type TrackMatchResult,
} from "@poleatlas/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import { previewPoints } from "../../globe/preview-store";
import { apiClient, ApiError } from "../../lib/api-client";
import { imageKeys } from "../images";
import { refreshPoles } from "../poles";

export interface PendingPreview {
  trackId: string;
  offsetSeconds: number;
  result: TrackMatchResult;
}

let pending: PendingPreview | null = null;
const listeners = new Set<() => void>();
const set = (next: PendingPreview | null) => {
  pending = next;
  previewPoints.show(next ? next.result.placed : []);
  for (const l of listeners) l();
};

export const trackPreview = {
  get: () => pending,
  show: (next: PendingPreview) => set(next),
  clear: () => set(null),
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const failure = (e: unknown) => (e instanceof ApiError && e.status < 500 ? e.message : texts.failed);

/** Over the map: the preview's count with Apply and Cancel, then what was placed. */
export function TrackPreviewBar() {
  const shown = useSyncExternalStore(trackPreview.subscribe, trackPreview.get);
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Leaving the map leaves no preview behind.
  useEffect(() => () => trackPreview.clear(), []);
  const apply = useMutation({
    mutationFn: (p: PendingPreview) =>
      apiClient.post(
        `/api/tracks/${encodeURIComponent(p.trackId)}/match`,
        // Exactly the photos the preview showed, at the offset it used.
        { offsetSeconds: p.offsetSeconds, dryRun: false, imageIds: p.result.placed.map((x) => x.imageId) },
        trackMatchResultSchema,
      ),
  });
  const run = (p: PendingPreview) => {
    setError(null);
    apply.mutateAsync(p).then(
      async (result) => {
        trackPreview.clear();
        setDone(texts.placed(result.placed.length));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: imageKeys.all }),
          refreshPoles(queryClient),
        ]);
      },
      (e: unknown) => setError(failure(e)),
    );
  };
  if (!shown && !done) return null;
  return (
    <Stack spacing={1}>
      {shown && (
        <Alert
          severity="info"
          variant="filled"
          role="status"
          aria-label={texts.title}
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" disabled={apply.isPending} onClick={() => run(shown)}>
                {texts.apply}
              </Button>
              <Button
                color="inherit"
                size="small"
                disabled={apply.isPending}
                onClick={() => {
                  setError(null);
                  trackPreview.clear();
                }}
              >
                {texts.cancel}
              </Button>
            </Stack>
          }
        >
          {texts.previewing(shown.result.placed.length, shown.result.skipped.length)}
        </Alert>
      )}
      {error && (
        <Alert severity="error" variant="filled">
          {error}
        </Alert>
      )}
      {done && !shown && (
        <Alert severity="success" variant="filled" onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
    </Stack>
  );
}
