/**
 * 'Place with a GPS track' in the Unplaced photos dialog and the upload dialog: choose a track (or
 * upload one), set the camera clock's offset (typed, or from a sync photo), preview the points on
 * the globe (track-preview.tsx), then apply there. The server does the placing (POST
 * /api/tracks/:id/match), exiftool's rule and then the pole rule.
 */
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from "@mui/material";
import {
  trackListSchema,
  trackMatchResultSchema,
  trackPlacementTexts as texts,
  trackResponseSchema,
  type ImageRecord,
  type TrackMatchResult,
} from "@poleatlas/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiClient, apiErrorFrom, ApiError } from "../../lib/api-client";
import { formatOffset } from "./clock-offset";
import { SyncPhoto } from "./sync-photo";
import { trackPreview } from "./track-preview";

const tracksKey = ["tracks"] as const;

async function uploadTrack(file: File) {
  const form = new FormData();
  form.append("file", file);
  const res = await fetch("/api/tracks", { method: "POST", body: form, credentials: "same-origin" });
  if (!res.ok) throw apiErrorFrom(res, await res.text().catch(() => ""));
  return trackResponseSchema.parse(await res.json()).track;
}

const failure = (e: unknown) => (e instanceof ApiError && e.status < 500 ? e.message : texts.failed);

export interface TrackPlacementProps {
  /** The photos it is for (their thumbnails offer a sync photo). */
  photos: readonly ImageRecord[];
  /** Only these photos (an upload's); else every photo of the workspace without a place. */
  imageIds?: string[];
  /** The preview is on the globe: the dialog should make way for it. */
  onPreview?: () => void;
}

export function TrackPlacement({ photos, imageIds, onPreview }: TrackPlacementProps) {
  const queryClient = useQueryClient();
  const tracks = useQuery({
    queryKey: tracksKey,
    queryFn: ({ signal }) => apiClient.get("/api/tracks", trackListSchema, { signal }),
  });
  const [trackId, setTrackId] = useState("");
  const [offset, setOffset] = useState("0");
  const [empty, setEmpty] = useState<TrackMatchResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: uploadTrack });
  const match = useMutation({
    mutationFn: () =>
      apiClient.post(
        `/api/tracks/${encodeURIComponent(trackId)}/match`,
        { offsetSeconds: Number(offset), dryRun: true, ...(imageIds ? { imageIds } : {}) },
        trackMatchResultSchema,
      ),
  });
  const offsetValid = offset.trim() !== "" && Number.isFinite(Number(offset));
  const busy = upload.isPending || match.isPending;

  const preview = () => {
    setError(null);
    setEmpty(null);
    match.mutateAsync().then(
      (result) => {
        if (result.placed.length === 0) return setEmpty(result);
        trackPreview.show({ trackId, offsetSeconds: Number(offset), result });
        onPreview?.();
      },
      (e: unknown) => setError(failure(e)),
    );
  };

  return (
    <Box component="section" aria-label={texts.title} sx={{ mb: 2 }}>
      <Typography variant="subtitle1">{texts.title}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {texts.help}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <TextField
          select
          size="small"
          label={texts.track}
          value={trackId}
          onChange={(e) => {
            setTrackId(e.target.value);
            setEmpty(null);
          }}
          sx={{ minWidth: 200 }}
        >
          {(tracks.data?.tracks ?? []).map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {texts.trackOption(t.name, t.points)}
            </MenuItem>
          ))}
        </TextField>
        <Button component="label" variant="outlined" disabled={busy}>
          {texts.upload}
          <input
            hidden
            type="file"
            accept=".gpx,.geojson,.json,application/gpx+xml,application/geo+json"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (!file) return;
              setError(null);
              upload.mutateAsync(file).then(
                async (track) => {
                  await queryClient.invalidateQueries({ queryKey: tracksKey });
                  setTrackId(track.id);
                  setEmpty(null);
                },
                (err: unknown) => setError(failure(err)),
              );
            }}
          />
        </Button>
        <TextField
          size="small"
          label={texts.offset}
          value={offset}
          onChange={(e) => {
            setOffset(e.target.value);
            setEmpty(null);
          }}
          error={!offsetValid}
          helperText={offsetValid ? texts.offsetIs(formatOffset(Number(offset))) : " "}
          sx={{ width: 190 }}
        />
        <Button variant="contained" disabled={!trackId || !offsetValid || busy} onClick={preview}>
          {texts.preview}
        </Button>
      </Stack>
      <SyncPhoto
        photos={photos}
        onOffset={(seconds) => {
          setOffset(String(seconds));
          setEmpty(null);
        }}
      />
      {empty && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {empty.skipped.length > 0 ? texts.wouldPlace(0, empty.skipped.length) : texts.nonePlaced}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
