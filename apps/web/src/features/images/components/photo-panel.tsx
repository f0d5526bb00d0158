/** The 400 px right panel for the selected photo (spec §2 Map screen). Presentational. */
import CloseIcon from "@mui/icons-material/Close";
import { Alert, Box, Divider, IconButton, Paper, Stack, Typography } from "@mui/material";
import { mapScreenTexts, SIDE_PANEL_WIDTH_PX, workspaceTexts, type ImageRecord } from "@poleatlas/shared";
import { useId, type ReactNode } from "react";
import { formatLocation, formatPhotoDate } from "../lib/format";
import { DeletePhotoButton } from "./delete-photo-button";
import { PhotoImage } from "./photo-image";
import { PhotoTimeline } from "./photo-timeline";

export interface PhotoPanelProps {
  photo: ImageRecord;
  timeline: readonly ImageRecord[];
  index: number;
  onSelect: (photoId: string) => void;
  onClose: () => void;
  onDelete: () => void;
  deleting: boolean;
  error: string | null;
  /** The inspection fields of another feature (poles), shown under the location. */
  inspection?: ReactNode;
  /** In a team: who uploaded and who rated the photo. */
  showPeople?: boolean;
  /** False hides 'Delete image' (a viewer, or a member on someone else's photo). */
  canDelete?: boolean;
}

/** A labelled value; a group named by its heading, so "the Date" can be found by its name. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box role="group" aria-labelledby={id}>
      <Typography id={id} variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.5 }}>
        {label}
      </Typography>
      <Typography variant="body1">{children}</Typography>
    </Box>
  );
}

export function PhotoPanel(props: PhotoPanelProps) {
  const { photo, timeline, index, onSelect, onClose, onDelete, deleting, error, inspection } = props;
  const { showPeople = false, canDelete = true } = props;
  return (
    <Paper
      component="aside"
      aria-label={photo.name}
      data-testid="photo-panel"
      square
      elevation={8}
      sx={{
        width: SIDE_PANEL_WIDTH_PX,
        flexShrink: 0,
        height: "100%",
        overflowY: "auto",
        overflowX: "hidden",
        p: 2,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1.5 }}>
        <Typography
          variant="subtitle1"
          component="h2"
          noWrap
          sx={{ flex: 1, fontWeight: 600 }}
          title={photo.name}
        >
          {photo.name}
        </Typography>
        {canDelete && <DeletePhotoButton busy={deleting} onConfirm={onDelete} />}
        <IconButton aria-label={mapScreenTexts.closePanel} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <PhotoImage photo={photo} />
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <Stack spacing={2} sx={{ mt: 2 }}>
        <Field label={mapScreenTexts.date}>{formatPhotoDate(photo.date)}</Field>
        <Field label={mapScreenTexts.location}>{formatLocation(photo.latitude, photo.longitude)}</Field>
        {showPeople && photo.uploaded_by && (
          <Field label={workspaceTexts.uploadedBy}>{photo.uploaded_by}</Field>
        )}
        {inspection}
        {showPeople && photo.rated_by && <Field label={workspaceTexts.ratedBy}>{photo.rated_by}</Field>}
        {timeline.length > 1 && (
          <>
            <Divider />
            <PhotoTimeline timeline={timeline} index={index} onSelect={onSelect} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
