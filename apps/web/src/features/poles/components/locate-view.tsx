/**
 * The record's locate view: the photos that may show the pole (the usable ones first, the others
 * with why they cannot join), a mark per photo made in the large photo, and from two marks on the
 * estimate, asked a moment after the last change and drawn over the globe until the view closes.
 * A refused estimate or move says why and keeps the marks.
 */
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import { locateTexts as t, type LocateCandidate, type LocateMark } from "@poleatlas/shared";
import { useEffect, useMemo, useRef, useState } from "react";
import { previewPoints } from "../../../globe/preview-store";
import { ApiError } from "../../../lib/api-client";
import { useApplyLocate, useLocateEstimate } from "../api/locate-pole";
import { locatePreview } from "../lib/locate-preview";
import { LocateEstimateView } from "./locate-estimate";
import { LocateMarkDialog } from "./locate-mark-dialog";

/** The pause after a mark before the estimate is asked, so a quick series of marks asks once. */
export const ESTIMATE_PAUSE_MS = 300;

interface Mark {
  x: number;
  share: number;
}

const refusal = (e: unknown, fallback: string) =>
  e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : fallback;

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export interface LocateViewProps {
  poleId: string;
  candidates: readonly LocateCandidate[];
  /** After the pole was moved too. */
  onClose: () => void;
}

export function LocateView({ poleId, candidates, onClose }: LocateViewProps) {
  const [marks, setMarks] = useState<ReadonlyMap<string, Mark>>(new Map());
  const [marking, setMarking] = useState<string | null>(null);
  const sorted = useMemo(
    () =>
      [...candidates].sort(
        (a, b) => Number(b.usable) - Number(a.usable) || (a.distance_m ?? 0) - (b.distance_m ?? 0),
      ),
    [candidates],
  );
  const asked: LocateMark[] = useMemo(
    () =>
      sorted.flatMap((c) =>
        marks.has(c.image.id) ? [{ image_id: c.image.id, x: marks.get(c.image.id)!.x }] : [],
      ),
    [sorted, marks],
  );
  const settled = useSettled(asked, ESTIMATE_PAUSE_MS);
  const estimate = useLocateEstimate(poleId, settled);
  const apply = useApplyLocate(poleId);
  const shown = asked.length >= 2 ? estimate.data : undefined;

  // Only what this view put on the globe is taken off: a track's preview may be showing.
  const showing = useRef(false);
  useEffect(() => {
    if (shown) {
      const preview = locatePreview(
        shown,
        candidates.map((c) => c.image),
      );
      previewPoints.show(preview.points, preview.area, preview.shapes);
      showing.current = true;
    } else if (showing.current) {
      previewPoints.clear();
      showing.current = false;
    }
  }, [shown, candidates]);
  // Closing the view (or the record) leaves nothing of it on the globe.
  useEffect(
    () => () => {
      if (showing.current) previewPoints.clear();
    },
    [],
  );

  const nameOf = (id: string) => candidates.find((c) => c.image.id === id)?.image.name ?? id;
  const photo = candidates.find((c) => c.image.id === marking)?.image;
  const setMark = (id: string, mark: Mark | null) => {
    const next = new Map(marks);
    if (mark) next.set(id, mark);
    else next.delete(id);
    setMarks(next);
    apply.reset();
  };
  return (
    <Stack spacing={1.5} data-testid="locate-view">
      <Typography variant="body2" color="text.secondary">
        {t.intro}
      </Typography>
      {sorted.length === 0 && <Typography variant="body2">{t.noCandidates}</Typography>}
      <Box component="ul" aria-label={t.title} sx={{ listStyle: "none", m: 0, p: 0 }}>
        {sorted.map((c) => (
          <Box
            component="li"
            key={c.image.id}
            data-testid="locate-candidate"
            sx={{ display: "flex", gap: 1, alignItems: "center", py: 0.5, opacity: c.usable ? 1 : 0.6 }}
          >
            <img src={c.image.thumbnail_url} alt="" width={48} height={48} style={{ objectFit: "cover" }} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" noWrap title={c.image.name}>
                {c.image.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {[
                  c.distance_m === null ? null : t.distance(c.distance_m),
                  c.bearing_deg === null ? null : t.bearing(c.bearing_deg),
                ]
                  .filter(Boolean)
                  .join(" · ")}
                {!c.usable && c.reason ? ` · ${c.reason}` : ""}
                {marks.has(c.image.id) ? ` · ${t.marked}` : ""}
              </Typography>
            </Box>
            {c.usable && (
              <Button
                size="small"
                onClick={() => setMarking(c.image.id)}
                aria-label={t.markPhoto(c.image.name)}
              >
                {t.mark}
              </Button>
            )}
            {marks.has(c.image.id) && (
              <Button
                size="small"
                onClick={() => setMark(c.image.id, null)}
                aria-label={t.removeMarkOf(c.image.name)}
              >
                {t.removeMark}
              </Button>
            )}
          </Box>
        ))}
      </Box>
      {asked.length < 2 && <Typography variant="body2">{t.needTwo}</Typography>}
      {asked.length >= 2 && estimate.isFetching && !shown && (
        <Typography variant="body2">{t.estimating}</Typography>
      )}
      {asked.length >= 2 && estimate.isError && !estimate.isFetching && (
        <Alert severity="warning">{refusal(estimate.error, t.estimateFailed)}</Alert>
      )}
      {shown && (
        <LocateEstimateView
          estimate={shown}
          nameOf={nameOf}
          refreshing={estimate.isFetching || settled !== asked}
          applying={apply.isPending}
          applyError={apply.isError ? refusal(apply.error, t.applyFailed) : null}
          onApply={() => apply.mutate(asked, { onSuccess: onClose })}
        />
      )}
      <Box>
        <Button size="small" onClick={onClose}>
          {t.close}
        </Button>
      </Box>
      {photo && (
        <LocateMarkDialog
          key={photo.id}
          photo={photo}
          initial={marks.get(photo.id)?.share ?? null}
          onCancel={() => setMarking(null)}
          onSet={(x, share) => {
            setMark(photo.id, { x, share });
            setMarking(null);
          }}
        />
      )}
    </Stack>
  );
}
