/**
 * The panel while a pole's photos load (a click on its marker, a reload with ?photo=), or when
 * they could not be loaded: what failed, with Retry; or that the pole is gone (no Retry: asking
 * again would not bring it back). Same place and size as the photo's panel.
 */
import CloseIcon from "@mui/icons-material/Close";
import { Alert, Box, CircularProgress, IconButton, Paper, Stack, Typography } from "@mui/material";
import { mapScreenTexts, messages } from "@poleatlas/shared";
import { LoadErrorAlert } from "../../../components/load-error-alert";
import { loadTexts } from "../../../config/texts";
import { panelFrame } from "./panel-frame";

export interface PhotoPanelStatusProps {
  /** Absent while loading. */
  failed?: { error: Error; retry: () => void };
  /** The pole no longer exists (the API answered 404). */
  gone?: boolean;
  onClose: () => void;
  sheet?: boolean;
}

export function PhotoPanelStatus({ failed, gone = false, onClose, sheet = false }: PhotoPanelStatusProps) {
  return (
    <Paper
      component="aside"
      aria-label={gone ? messages.poleNotFound : failed ? loadTexts.poleFailed : loadTexts.poleLoading}
      aria-busy={!failed && !gone}
      data-testid="photo-panel-status"
      square={!sheet}
      elevation={8}
      data-layout={sheet ? "sheet" : "side"}
      sx={{ ...panelFrame(sheet), overflowY: "auto", overflowX: "hidden", p: 2 }}
    >
      <Stack direction="row" sx={{ justifyContent: "flex-end", mb: 1.5 }}>
        <IconButton aria-label={mapScreenTexts.closePanel} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {gone ? (
        <Alert severity="warning">{messages.poleNotFound}</Alert>
      ) : failed ? (
        <LoadErrorAlert title={loadTexts.poleFailed} error={failed.error} onRetry={failed.retry} stacked />
      ) : (
        <Box
          role="status"
          sx={{ display: "flex", alignItems: "center", gap: 2, py: 4, justifyContent: "center" }}
        >
          <CircularProgress size={28} aria-hidden />
          <Typography color="text.secondary">{loadTexts.poleLoading}</Typography>
        </Box>
      )}
    </Paper>
  );
}
