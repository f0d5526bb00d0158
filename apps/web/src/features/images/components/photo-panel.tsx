/**
 * The pole record's photos: the spec's timeline of the pole's photos, the photo shown with its
 * date and location (spec §2 Map screen), and under them that photo's own actions (delete, and
 * what other features add: rating, notes, move, blur), grouped with it and named by its file
 * name, so no photo action comes before the pole's own fields. Presentational.
 */
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import {
  headingText,
  mapScreenTexts,
  poleRecordTexts,
  workspaceTexts,
  type ImageRecord,
} from "@poleatlas/shared";
import { useId, type ReactNode } from "react";
import { formatLocalTime, formatLocation, formatPhotoDate } from "../lib/format";
import { DeletePhotoButton } from "./delete-photo-button";
import { PhotoImage } from "./photo-image";
import { PhotoTimeline } from "./photo-timeline";

export interface PhotoPanelProps {
  photo: ImageRecord;
  timeline: readonly ImageRecord[];
  index: number;
  onSelect: (photoId: string) => void;
  /** The photo the delete confirm asked about (the one shown when 'Delete image' was pressed). */
  onDelete: (photoId: string) => void;
  deleting: boolean;
  error: string | null;
  /** The photo's actions of other features (rating, notes, move, blur), after its own fields. */
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
      <Typography id={id} variant="overline" color="text.secondary" component="h4" sx={{ lineHeight: 1.5 }}>
        {label}
      </Typography>
      <Typography variant="body1">{children}</Typography>
    </Box>
  );
}

export function PhotoPanel(props: PhotoPanelProps) {
  const { photo, timeline, index, onSelect, onDelete, deleting, error, inspection } = props;
  const { showPeople = false, canDelete = true } = props;
  const localTime = formatLocalTime(photo.local_time);
  const actionsId = useId();
  return (
    <Stack spacing={2} data-testid="photo-panel">
      {timeline.length > 1 && <PhotoTimeline timeline={timeline} index={index} onSelect={onSelect} />}
      <PhotoImage photo={photo} />
      <Field label={mapScreenTexts.date}>{formatPhotoDate(photo.date)}</Field>
      {localTime && <Field label={mapScreenTexts.localTime}>{localTime}</Field>}
      <Field label={mapScreenTexts.location}>{formatLocation(photo.latitude, photo.longitude)}</Field>
      {photo.heading !== null && photo.heading !== undefined && (
        <Field label={mapScreenTexts.heading}>{headingText(photo.heading)}</Field>
      )}
      {showPeople && photo.uploaded_by && (
        <Field label={workspaceTexts.uploadedBy}>{photo.uploaded_by}</Field>
      )}
      <Stack
        role="group"
        aria-labelledby={actionsId}
        spacing={2}
        sx={{ borderTop: 1, borderColor: "divider", pt: 1.5 }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Typography
            id={actionsId}
            variant="subtitle2"
            component="h4"
            noWrap
            sx={{ flex: 1 }}
            title={photo.name}
          >
            {poleRecordTexts.thisPhoto(photo.name)}
          </Typography>
          {canDelete && <DeletePhotoButton photoId={photo.id} busy={deleting} onConfirm={onDelete} />}
        </Stack>
        {photo.original && (
          // The file as the phone saved it; the picture above is its JPEG rendition.
          <Button
            href={photo.original.url}
            download={photo.original.filename}
            size="small"
            variant="outlined"
            sx={{ alignSelf: "flex-start" }}
          >
            {mapScreenTexts.downloadOriginal(photo.original.content_type === "image/heif" ? "HEIF" : "HEIC")}
          </Button>
        )}
        {error && <Alert severity="error">{error}</Alert>}
        {inspection}
        {showPeople && photo.rated_by && <Field label={workspaceTexts.ratedBy}>{photo.rated_by}</Field>}
      </Stack>
    </Stack>
  );
}
