/** The 400 px right panel for the selected photo (spec §2 Map screen). Presentational. */
import CloseIcon from "@mui/icons-material/Close";
import { Alert, Box, Divider, IconButton, Paper, Stack, Typography } from "@mui/material";
import {
  headingText,
  mapScreenTexts,
  SIDE_PANEL_WIDTH_PX,
  workspaceTexts,
  type ImageRecord,
} from "@poleatlas/shared";
import { useId, useRef, type ReactNode, type TouchEvent } from "react";
import { formatLocalTime, formatLocation, formatPhotoDate } from "../lib/format";
import { DeletePhotoButton } from "./delete-photo-button";
import { PhotoImage } from "./photo-image";
import { PhotoTimeline } from "./photo-timeline";

export interface PhotoPanelProps {
  photo: ImageRecord;
  timeline: readonly ImageRecord[];
  index: number;
  onSelect: (photoId: string) => void;
  onClose: () => void;
  /** The photo the delete confirm asked about (the one shown when 'Delete image' was pressed). */
  onDelete: (photoId: string) => void;
  deleting: boolean;
  error: string | null;
  /** The inspection fields of another feature (poles), shown under the location. */
  inspection?: ReactNode;
  /** In a team: who uploaded and who rated the photo. */
  showPeople?: boolean;
  /** False hides 'Delete image' (a viewer, or a member on someone else's photo). */
  canDelete?: boolean;
  /** Narrow screens: a bottom sheet over the globe, closed by its button or a swipe down. */
  sheet?: boolean;
}

/** How far a finger must pull the sheet's top down to close it. */
const SWIPE_CLOSE_PX = 60;

/** Touch handlers that call `onClose` for a downward swipe that starts on the sheet's top. */
function useSwipeDown(onClose: () => void) {
  const startY = useRef<number | null>(null);
  return {
    onTouchStart: (e: TouchEvent) => {
      startY.current = e.touches[0]?.clientY ?? null;
    },
    onTouchEnd: (e: TouchEvent) => {
      const endY = e.changedTouches[0]?.clientY;
      if (startY.current !== null && endY !== undefined && endY - startY.current > SWIPE_CLOSE_PX) onClose();
      startY.current = null;
    },
  };
}

const SIDE = {
  width: SIDE_PANEL_WIDTH_PX,
  flexShrink: 0,
  height: "100%",
};
/** The sheet's tallest, in percent of the page's height (the map keeps a selected pole above it). */
export const SHEET_MAX_HEIGHT_VH = 62;
const SHEET = {
  position: "fixed",
  left: 0,
  right: 0,
  bottom: 0,
  maxHeight: `${SHEET_MAX_HEIGHT_VH}vh`,
  zIndex: 4,
  borderTopLeftRadius: 16,
  borderTopRightRadius: 16,
  pt: 1,
} as const;

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

/** The panel's frame: 400 px on the right, or a bottom sheet on narrow screens. */
export const panelFrame = (sheet: boolean) => (sheet ? SHEET : SIDE);

export function PhotoPanel(props: PhotoPanelProps) {
  const { photo, timeline, index, onSelect, onClose, onDelete, deleting, error, inspection } = props;
  const { showPeople = false, canDelete = true, sheet = false } = props;
  const swipe = useSwipeDown(onClose);
  const localTime = formatLocalTime(photo.local_time);
  return (
    <Paper
      component="aside"
      aria-label={photo.name}
      data-testid="photo-panel"
      square={!sheet}
      elevation={8}
      data-layout={sheet ? "sheet" : "side"}
      sx={{ ...(sheet ? SHEET : SIDE), overflowY: "auto", overflowX: "hidden", p: 2 }}
    >
      {sheet && (
        <Box
          aria-hidden
          {...swipe}
          sx={{ width: 40, height: 4, borderRadius: 2, bgcolor: "text.disabled", mx: "auto", mb: 1 }}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1.5 }} {...(sheet ? swipe : {})}>
        <Typography
          variant="subtitle1"
          component="h2"
          noWrap
          sx={{ flex: 1, fontWeight: 600 }}
          title={photo.name}
        >
          {photo.name}
        </Typography>
        {canDelete && <DeletePhotoButton photoId={photo.id} busy={deleting} onConfirm={onDelete} />}
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
        {localTime && <Field label={mapScreenTexts.localTime}>{localTime}</Field>}
        <Field label={mapScreenTexts.location}>{formatLocation(photo.latitude, photo.longitude)}</Field>
        {photo.heading !== null && photo.heading !== undefined && (
          <Field label={mapScreenTexts.heading}>{headingText(photo.heading)}</Field>
        )}
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
