/** The pole's photos as thumbnails: the one chosen is shown large to be measured. */
import { Box, ButtonBase, Stack } from "@mui/material";
import { measureToolTexts as t, type ImageRecord } from "@poleatlas/shared";

export function PhotoPicker(props: {
  photos: readonly ImageRecord[];
  chosen: string;
  onChoose: (id: string) => void;
}) {
  const { photos, chosen, onChoose } = props;
  if (photos.length < 2) return null;
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={t.photos} sx={{ overflowX: "auto", pb: 0.5 }}>
      {photos.map((p) => (
        <ButtonBase
          key={p.id}
          aria-pressed={p.id === chosen}
          aria-label={p.name}
          onClick={() => onChoose(p.id)}
          sx={{
            flexShrink: 0,
            border: 2,
            borderColor: p.id === chosen ? "primary.main" : "transparent",
            borderRadius: 1,
            "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main" },
          }}
        >
          <Box
            component="img"
            src={p.thumbnail_url}
            alt=""
            sx={{ height: 56, display: "block", borderRadius: 0.5 }}
          />
        </ButtonBase>
      ))}
    </Stack>
  );
}
