/**
 * A photo-made pole that is one of the register's (its photos came before the register, or stood
 * beyond the pole rule's reach) is merged into it from its record: the register poles within 50 m
 * are offered, nearest first; its photos, findings, visits and measurements go with it. The record
 * then follows the photo on screen to the register pole (pole-selection.ts).
 */
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from "@mui/material";
import {
  compassPoint,
  mergeCandidatesSchema,
  poleMergeResponseSchema,
  type PoleRecord,
} from "@poleatlas/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, apiClient } from "../../../lib/api-client";
import { imageKeys } from "../../images";
import { poleKeys } from "../api/pole-keys";
import { refreshPoles } from "../api/pole-cache";
import { mergeTexts as t } from "./merge-texts";

export function MergeIntoRegister({ pole }: { pole: Pick<PoleRecord, "id"> }) {
  const queryClient = useQueryClient();
  const offered = useQuery({
    queryKey: poleKeys.mergeCandidates(pole.id),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/poles/${encodeURIComponent(pole.id)}/merge-candidates`, mergeCandidatesSchema, {
        signal,
      }),
  });
  const poles = offered.data?.poles ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (poles.length === 0) return null;
  const into = chosen ?? poles[0]!.pole_id;

  const merge = async () => {
    setBusy(true);
    setError(null);
    try {
      const url = `/api/poles/${encodeURIComponent(pole.id)}/merge`;
      await apiClient.post(url, { into }, poleMergeResponseSchema);
      // Its photos now name the register pole: the photo on screen leads the record there.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: imageKeys.all }),
        refreshPoles(queryClient),
      ]);
    } catch (err) {
      setError(err instanceof ApiError && err.status < 500 ? err.message : t.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid="merge-into-register">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t.help}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
        <TextField
          select
          size="small"
          label={t.into}
          value={into}
          onChange={(e) => setChosen(e.target.value)}
          disabled={busy}
          sx={{ flex: "1 1 200px" }}
        >
          {poles.map((p) => (
            <MenuItem key={p.pole_id} value={p.pole_id}>
              {`${p.tag ?? p.label} · ${Math.round(p.distance_m)} m ${compassPoint(p.bearing_deg)}`}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => void merge()} disabled={busy}>
          {busy ? t.merging : t.merge}
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
