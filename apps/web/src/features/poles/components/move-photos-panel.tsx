/**
 * The panel of "Move several photos…" in the pole record: the member ticks the pole's photos that show another
 * pole (or all of them), then names that pole as the single move does (the region's nearest, or
 * any pole by its tag), and they move in one step (POST /api/images/move). Checkboxes and the
 * pole list are the keyboard's way; the list stacks at a phone's width. While it works it says
 * how many photos are moving; a refusal is said and nothing is lost (the choice stays).
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  Stack,
  Typography,
} from "@mui/material";
import { regionKey, type PoleTimeline } from "@poleatlas/shared";
import { useEffect, useMemo, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { formatPhotoDate } from "../../images";
import { useRegionPoles } from "../api/get-poles";
import { useMovePhotos } from "../api/move-photos";
import { nearestPoles } from "../lib/nearest-poles";
import { movePhotosTexts as texts } from "./move-photos-texts";
import { MoveToPole } from "./move-to-pole";
import { PoleTagSearch } from "./pole-tag-search";

const THUMB_PX = 48;

const failure = (e: unknown) =>
  e instanceof ApiError && e.status < 500 && e.message ? e.message : texts.failed;

export interface MovePhotosPanelProps {
  record: PoleTimeline;
  /** What the last move did: kept by the opener, which stays when the photos leave the pole. */
  notice: string | null;
  onNotice: (notice: string | null) => void;
  onDone: () => void;
}

export function MovePhotosPanel({ record, notice, onNotice, onDone }: MovePhotosPanelProps) {
  const { pole, images } = record;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const move = useMovePhotos();
  const status = useRef<HTMLSpanElement>(null);
  const legend = useRef<HTMLLegendElement>(null);
  // Opened: the keyboard goes to the panel's title, read with its help.
  useEffect(() => legend.current?.focus(), []);
  const poles = useRegionPoles(regionKey(pole.longitude, pole.latitude));
  const others = useMemo(
    () => nearestPoles(poles.data, { latitude: pole.latitude, longitude: pole.longitude }, pole.id),
    [poles.data, pole.latitude, pole.longitude, pole.id],
  );
  // Only photos still on the pole count (a teammate may have moved one meanwhile).
  const ids = images.filter((p) => chosen.has(p.id)).map((p) => p.id);
  const busy = move.isPending;

  const toggle = (id: string, on: boolean) => {
    onNotice(null);
    setChosen((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  const send = (poleId: string, name: string) => {
    onNotice(null);
    if (ids.length === 0) return setError(texts.chooseFirst);
    setError(null);
    // The pickers are disabled while the photos move: the keyboard waits on the line that says so.
    status.current?.focus();
    move.mutateAsync({ image_ids: ids, pole_id: poleId }).then(
      (answer) => {
        onNotice(texts.moved(answer.moved, name));
        setChosen(new Set());
      },
      (e: unknown) => setError(failure(e)),
    );
  };

  const all = images.length > 0 && ids.length === images.length;
  return (
    <Box
      component="fieldset"
      disabled={busy}
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5, m: 0, minWidth: 0 }}
    >
      <Typography component="legend" variant="subtitle2" ref={legend} tabIndex={-1} sx={{ px: 0.5 }}>
        {texts.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {texts.help}
      </Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={all}
            indeterminate={ids.length > 0 && !all}
            onChange={(e) => {
              onNotice(null);
              setChosen(new Set(e.target.checked ? images.map((p) => p.id) : []));
            }}
          />
        }
        label={texts.all}
      />
      <Stack
        component="ul"
        spacing={0.5}
        sx={{ listStyle: "none", p: 0, m: 0, maxHeight: 280, overflowY: "auto" }}
      >
        {images.map((p) => (
          <li key={p.id}>
            <FormControlLabel
              sx={{ mx: 0, width: "100%", minWidth: 0 }}
              slotProps={{ typography: { sx: { minWidth: 0, flex: 1 } } }}
              control={
                <Checkbox checked={chosen.has(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />
              }
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", minWidth: 0 }}>
                  <Box
                    component="img"
                    src={p.thumbnail_url}
                    alt=""
                    sx={{
                      width: THUMB_PX,
                      height: THUMB_PX,
                      objectFit: "cover",
                      flex: "none",
                      borderRadius: 0.5,
                    }}
                  />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" noWrap title={p.name}>
                      {p.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {formatPhotoDate(p.date)}
                    </Typography>
                  </Box>
                </Stack>
              }
            />
          </li>
        ))}
      </Stack>
      <Typography variant="body2" role="status" ref={status} tabIndex={-1} sx={{ my: 1 }}>
        {busy ? texts.moving(ids.length) : (notice ?? texts.chosen(ids.length))}
      </Typography>
      {busy && <LinearProgress sx={{ mb: 1 }} />}
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          <MoveToPole others={others} disabled={busy || ids.length === 0} onChoose={send} />
        </Stack>
        <PoleTagSearch
          from={{ latitude: pole.latitude, longitude: pole.longitude }}
          currentPoleId={pole.id}
          disabled={busy || ids.length === 0}
          onChoose={send}
        />
        {error && <Alert severity="error">{error}</Alert>}
        <Box>
          <Button size="small" onClick={onDone} disabled={busy}>
            {texts.done}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
