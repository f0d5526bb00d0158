/**
 * The estimate of a locate: where the rays put the pole, how sure that is (a 90 % radius), how far
 * each marked photo's ray passes from it, which rays were left out, and the button that moves the
 * pole there.
 */
import { Alert, Box, Button, CircularProgress, Stack, Typography } from "@mui/material";
import { formatLocation, locateTexts as t, type LocateEstimate } from "@poleatlas/shared";

export interface LocateEstimateViewProps {
  estimate: LocateEstimate;
  /** A photo's name by its id, for the rays. */
  nameOf: (imageId: string) => string;
  /** Whether a newer estimate is being worked out (the shown one stays meanwhile). */
  refreshing: boolean;
  applying: boolean;
  applyError: string | null;
  onApply: () => void;
}

export function LocateEstimateView(props: LocateEstimateViewProps) {
  const { estimate, nameOf, refreshing, applying, applyError, onApply } = props;
  const used = estimate.rays.filter((r) => r.used);
  const leftOut = estimate.rays.filter((r) => !r.used);
  return (
    <Box data-testid="locate-estimate" aria-busy={refreshing}>
      <Typography variant="subtitle2" component="h4">
        {t.estimate}
      </Typography>
      <Typography variant="body2">
        {formatLocation(estimate.latitude, estimate.longitude)} {t.uncertainty(estimate.uncertainty_m)}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {used.map((r) => (
          <Typography component="li" variant="body2" key={r.image_id}>
            {t.residual(nameOf(r.image_id), r.residual_m)}
          </Typography>
        ))}
        {leftOut.map((r) => (
          <Typography component="li" variant="body2" color="warning.main" key={r.image_id}>
            {t.leftOut(nameOf(r.image_id), r.residual_m)}
          </Typography>
        ))}
      </Box>
      {applyError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {applyError}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: "center" }}>
        <Button variant="contained" size="small" onClick={onApply} disabled={applying || refreshing}>
          {applying ? t.applying : t.apply}
        </Button>
        {(applying || refreshing) && <CircularProgress size={18} aria-label={t.estimating} />}
      </Stack>
    </Box>
  );
}
