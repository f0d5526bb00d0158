/**
 * The upload dialog's offer after a batch in which photos had no GPS position (they are in
 * Unplaced photos now): 'Place with a GPS track' opens the track placement for those photos only.
 */
import { Alert, Button } from "@mui/material";
import { trackPlacementTexts as texts, type ImageRecord } from "@poleatlas/shared";
import { useState } from "react";
import { TrackPlacement } from "./track-placement";

export function UnplacedUploadOffer({
  photos,
  onPreview,
}: {
  /** The batch's stored photos without coordinates. */
  photos: readonly ImageRecord[];
  onPreview: () => void;
}) {
  const [placing, setPlacing] = useState(false);
  if (photos.length === 0) return null;
  if (placing)
    return <TrackPlacement photos={photos} imageIds={photos.map((p) => p.id)} onPreview={onPreview} />;
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={() => setPlacing(true)}>
          {texts.title}
        </Button>
      }
    >
      {texts.uploadedUnplaced(photos.length)}
    </Alert>
  );
}
