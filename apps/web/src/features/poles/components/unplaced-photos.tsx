/**
 * Photos without GPS are counted in storage but have no place on the map: the sidebar entry counts
 * them, and its dialog places each by typing coordinates or by clicking the globe (place-on-map.tsx),
 * or all of them by a GPS track (the map screen hands the track placement in: see placeAll). A
 * photo with a place but no pole (the pole rule could not say which register pole it shows) is
 * asked "Which pole is this?" here as in the upload dialog.
 */
import AddLocationAltIcon from "@mui/icons-material/AddLocationAlt";
import {
  Alert,
  Badge,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { mapScreenTexts, poleTexts, type ImageRecord } from "@poleatlas/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ApiError } from "../../../lib/api-client";
import { formatPhotoDate } from "../../images";
import { unplacedKey, useUnplacedImages } from "../api/get-unplaced";
import { useWaitingCandidates } from "../api/get-waiting-candidates";
import { refreshPoles } from "../api/pole-cache";
import { WaitingCard } from "./pole-choice";
import { poleChoiceTexts } from "./pole-choice-texts";
import { usePatchImage } from "../api/patch-image";
import { parseCoordinates } from "../lib/coordinates";

/** The sidebar entry: hidden while every photo has a place. */
export function UnplacedNavItem({ onOpen }: { onOpen: () => void }) {
  const unplaced = useUnplacedImages();
  const count = unplaced.data?.images.length ?? 0;
  if (count === 0) return null;
  const shown = unplaced.data?.nextCursor ? `${count}+` : String(count);
  return (
    <ListItemButton onClick={onOpen}>
      <ListItemIcon>
        <Badge badgeContent={shown} color="warning" max={100_000}>
          <AddLocationAltIcon />
        </Badge>
      </ListItemIcon>
      <ListItemText primary={poleTexts.unplacedPhotos} />
    </ListItemButton>
  );
}

interface PlaceFormProps {
  photo: ImageRecord;
  onPlaced: (placed: ImageRecord) => void;
  onPlaceOnMap: (photo: ImageRecord) => void;
  /** A viewer: the photo is listed, with nothing offered that the server would refuse. */
  readOnly: boolean;
}

function PlaceForm({ photo, onPlaced, onPlaceOnMap, readOnly }: PlaceFormProps) {
  const [latitude, setLatitude] = useState("");
  const [longitude, setLongitude] = useState("");
  const [error, setError] = useState<string | null>(null);
  const place = usePatchImage();
  const submit = () => {
    const parsed = parseCoordinates(latitude, longitude);
    if (typeof parsed === "string") return setError(parsed);
    setError(null);
    // mutateAsync, not mutate's callbacks: the refetched list drops this form once the photo
    // has its place, and an unmounted form's callbacks would never run.
    place
      .mutateAsync({ id: photo.id, patch: parsed, version: photo.version })
      .then(onPlaced, (e: unknown) =>
        setError(e instanceof ApiError && e.status < 500 ? e.message : poleTexts.saveFailed),
      );
  };
  return (
    <Box
      component="form"
      aria-label={readOnly ? undefined : `${poleTexts.placePhoto}: ${photo.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
        <Box
          component="img"
          src={photo.thumbnail_url}
          alt={photo.name}
          sx={{ width: 64, height: 48, objectFit: "cover" }}
        />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography noWrap title={photo.name}>
            {photo.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatPhotoDate(photo.date)}
          </Typography>
        </Box>
        {!readOnly &&
          [
            { label: poleTexts.latitude, value: latitude, set: setLatitude },
            { label: poleTexts.longitude, value: longitude, set: setLongitude },
          ].map(({ label, value, set }) => (
            <TextField
              key={label}
              size="small"
              label={label}
              value={value}
              onChange={(e) => set(e.target.value)}
              sx={{ width: 120 }}
            />
          ))}
        {!readOnly && (
          <Stack spacing={1}>
            <Button type="submit" variant="contained" disabled={place.isPending}>
              {poleTexts.placePhoto}
            </Button>
            <Button variant="outlined" disabled={place.isPending} onClick={() => onPlaceOnMap(photo)}>
              {poleTexts.placeOnMap}
            </Button>
          </Stack>
        )}
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

/** A photo with a place but no pole: the question the upload dialog asked, asked again. */
function WaitingPlace({ photo, onPlaced }: { photo: ImageRecord; onPlaced: (placed: ImageRecord) => void }) {
  const waiting = useWaitingCandidates(photo.id);
  const queryClient = useQueryClient();
  if (waiting.isError && !waiting.data) {
    // A failed load is not a failed save: it says what did not come, and offers to ask again.
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void waiting.refetch()}>
            {poleChoiceTexts.retry}
          </Button>
        }
      >
        {photo.name}: {poleChoiceTexts.candidatesFailed}
      </Alert>
    );
  }
  if (!waiting.data) {
    return (
      <Typography variant="body2" color="text.secondary" role="status">
        {`${photo.name}…`}
      </Typography>
    );
  }
  return (
    <WaitingCard
      waiting={waiting.data}
      onPlaced={(placed) => {
        void refreshPoles(queryClient);
        void queryClient.invalidateQueries({ queryKey: unplacedKey });
        onPlaced(placed);
      }}
    />
  );
}

export interface UnplacedPhotosDialogProps {
  open: boolean;
  onClose: () => void;
  /** After a photo got its place: e.g. show it on the map. */
  onPlaced: (photo: ImageRecord) => void;
  /** 'Place on map': the globe should pick this photo's position (the dialog is closed for it). */
  onPlaceOnMap: (photo: ImageRecord) => void;
  /** A viewer's: the photos are listed without the fields and buttons to place them. */
  readOnly?: boolean;
  /**
   * Above the list, for editors: placing them all at once (the map screen puts a GPS track's
   * placement here; poles know nothing of tracks).
   */
  placeAll?: (photos: ImageRecord[]) => ReactNode;
}

export function UnplacedPhotosDialog({
  open,
  onClose,
  onPlaced,
  onPlaceOnMap,
  readOnly = false,
  placeAll,
}: UnplacedPhotosDialogProps) {
  const unplaced = useUnplacedImages();
  const photos = unplaced.data?.images ?? [];
  // A GPS track places photos without coordinates; those waiting for their pole have a place.
  const withoutPlace = photos.filter((p) => p.latitude === null || p.longitude === null);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{poleTexts.unplacedPhotos}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {readOnly ? poleTexts.unplacedReadOnly : poleTexts.unplacedHelp}
        </Typography>
        {unplaced.isError && !unplaced.data && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void unplaced.refetch()}>
                {poleChoiceTexts.retry}
              </Button>
            }
          >
            {poleTexts.unplacedLoadFailed}
          </Alert>
        )}
        {!readOnly && withoutPlace.length > 0 && placeAll?.(withoutPlace)}
        <Stack spacing={2}>
          {photos.map((p) =>
            p.latitude !== null && p.longitude !== null && !readOnly ? (
              <WaitingPlace key={p.id} photo={p} onPlaced={onPlaced} />
            ) : (
              <PlaceForm
                key={p.id}
                photo={p}
                onPlaced={onPlaced}
                onPlaceOnMap={onPlaceOnMap}
                readOnly={readOnly}
              />
            ),
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{mapScreenTexts.closePanel}</Button>
      </DialogActions>
    </Dialog>
  );
}
