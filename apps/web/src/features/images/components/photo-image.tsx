/** The thumbnail at once, swapped for the full image when that has loaded. */
import { Box } from "@mui/material";
import type { ImageRecord } from "@poleatlas/shared";
import { useEffect, useState } from "react";

export function PhotoImage({ photo }: { photo: Pick<ImageRecord, "image_url" | "thumbnail_url" | "name"> }) {
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  useEffect(() => {
    const full = new Image();
    full.onload = () => setLoadedUrl(photo.image_url);
    full.src = photo.image_url;
    return () => {
      full.onload = null;
    };
  }, [photo.image_url]);
  const showFull = loadedUrl === photo.image_url;
  return (
    <Box
      component="img"
      src={showFull ? photo.image_url : photo.thumbnail_url}
      alt={photo.name}
      data-full={showFull ? "true" : "false"}
      sx={{
        width: "100%",
        maxHeight: 300,
        objectFit: "contain",
        bgcolor: "#000",
        borderRadius: 1,
        display: "block",
      }}
    />
  );
}
