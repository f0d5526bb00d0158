/**
 * The magnified view above the finger on a touch screen: the finger hides the very spot a mark
 * goes, so a circle beside it shows that spot three times closer, with a cross at the mark.
 */
import { Box } from "@mui/material";
import { measureToolTexts as t } from "@poleatlas/shared";
import { MAX_SCALE, type Pixel, type Size } from "../lib/photo-view";

const DIAMETER = 128;
/** How far above the finger the loupe sits (below it near the frame's top). */
const LIFT = 96;
const MAGNIFY = 3;

export function Loupe(props: { src: string; photo: Size; scale: number; point: Pixel; finger: Pixel }) {
  const { src, photo, scale, point, finger } = props;
  const zoom = Math.min(MAX_SCALE * 2, scale * MAGNIFY);
  const r = DIAMETER / 2;
  const above = finger[1] - LIFT - r >= 0;
  const top = above ? finger[1] - LIFT - r : finger[1] + LIFT - r;
  return (
    <Box
      role="img"
      aria-label={t.loupe}
      data-testid="measure-loupe"
      sx={{
        position: "absolute",
        left: finger[0] - r,
        top,
        width: DIAMETER,
        height: DIAMETER,
        borderRadius: "50%",
        overflow: "hidden",
        border: "3px solid #fff",
        boxShadow: "0 0 0 1px rgba(0,0,0,0.6), 0 4px 12px rgba(0,0,0,0.5)",
        bgcolor: "#000",
        pointerEvents: "none",
      }}
    >
      <img
        src={src}
        alt=""
        draggable={false}
        style={{
          position: "absolute",
          left: 0,
          top: 0,
          width: photo.width,
          height: photo.height,
          maxWidth: "none",
          imageOrientation: "from-image",
          transformOrigin: "0 0",
          transform: `translate(${r - point[0] * zoom}px, ${r - point[1] * zoom}px) scale(${zoom})`,
        }}
      />
      <Box
        component="svg"
        sx={{ position: "absolute", inset: 0, width: "100%", height: "100%" }}
        viewBox={`0 0 ${DIAMETER} ${DIAMETER}`}
      >
        <path d={`M${r - 14} ${r}H${r + 14}M${r} ${r - 14}V${r + 14}`} stroke="#ff1744" strokeWidth={1.5} />
      </Box>
    </Box>
  );
}
