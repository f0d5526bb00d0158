/**
 * 'Place with a GPS track' in the Unplaced photos dialog: choose a track (or upload one), set the
 * camera clock's offset, preview how many photos it places, then apply. The server does the
 * placing (POST /api/tracks/:id/match), exiftool's rule and then the pole rule.
 */
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from "@mui/material";
import {
  trackListSchema,
  trackMatchResultSchema,
  trackPlacementTexts as texts,
  trackResponseSchema,
  type TrackMatchResult,
} from "@poleatlas/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiClient, apiErrorFrom, ApiError } from "../../lib/api-client";
import { imageKeys } from "../images/api/get-images";
import { refreshPoles } from "../poles/api/pole-cache";

const tracksKey = ["tracks"] as const;

async function uploadTrack(file: File) {
  const form = new FormData();
  form.append("file", file);
  const res = await fetch("/api/tracks", { method: "POST", body: form, credentials: "same-origin" });
  if (!res.ok) throw apiErrorFrom(res, await res.text().catch(() => ""));
  return trackResponseSchema.parse(await res.json()).track;
}

const failure = (e: unknown) => (e instanceof ApiError && e.status < 500 ? e.message : texts.failed);

export function TrackPlacement() {
  const queryClient = useQueryClient();
  const tracks = useQuery({
    queryKey: tracksKey,
    queryFn: ({ signal }) => apiClient.get("/api/tracks", trackListSchema, { signal }),
  });
  const [trackId, setTrackId] = useState("");
  const [offset, setOffset] = useState("0");
  const [preview, setPreview] = useState<TrackMatchResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: uploadTrack });
  const match = useMutation({
    mutationFn: (dryRun: boolean) =>
      apiClient.post(
        `/api/tracks/${encodeURIComponent(trackId)}/match`,
        { offsetSeconds: Number(offset), dryRun },
        trackMatchResultSchema,
      ),
  });
  const offsetValid = offset.trim() !== "" && Number.isFinite(Number(offset));
  const busy = upload.isPending || match.isPending;

  const run = (dryRun: boolean) => {
    setError(null);
    match.mutateAsync(dryRun).then(
      async (result) => {
        setPreview(result);
        if (!dryRun)
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: imageKeys.all }),
            refreshPoles(queryClient),
          ]);
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
            setPreview(null);
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
                  setPreview(null);
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
            setPreview(null);
          }}
          error={!offsetValid}
          sx={{ width: 170 }}
        />
        <Button disabled={!trackId || !offsetValid || busy} onClick={() => run(true)}>
          {texts.preview}
        </Button>
        <Button
          variant="contained"
          disabled={!preview?.dryRun || preview.placed.length === 0 || busy}
          onClick={() => run(false)}
        >
          {texts.apply}
        </Button>
      </Stack>
      {preview && (
        <Alert severity={preview.placed.length > 0 ? "info" : "warning"} sx={{ mt: 1 }}>
          {preview.dryRun
            ? texts.wouldPlace(preview.placed.length, preview.skipped.length)
            : texts.placed(preview.placed.length)}
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
