/**
 * Cesium is ~4 MB (1.1 MB gzip): the globe is its own chunk, so the sidebar, the storage card and
 * the dialogs show (and work) while it loads behind a placeholder. The placeholder stays until the
 * globe's first frame is drawn: creating the viewer and its first draw take seconds more on a slow
 * machine, and the map's area stayed black and silent meanwhile.
 */
import { Box, CircularProgress, Typography } from "@mui/material";
import { lazy, Suspense, useState } from "react";
import type { GlobeViewProps } from "../../globe";
import { loadTexts } from "../../config/texts";
import { pageDownload } from "../../lib/offline/network-quiet";

const GlobeView = lazy(() => pageDownload(import("../../globe")).then((m) => ({ default: m.GlobeView })));

function GlobeLoading() {
  return (
    <Box
      role="status"
      data-testid="globe-loading"
      sx={{ position: "absolute", inset: 0, display: "grid", placeItems: "center", bgcolor: "#000" }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
        <CircularProgress size={28} aria-hidden />
        <Typography color="text.secondary">{loadTexts.globeLoading}</Typography>
      </Box>
    </Box>
  );
}

export function LazyGlobeView(props: GlobeViewProps) {
  const [drawn, setDrawn] = useState(false);
  return (
    <>
      <Suspense fallback={null}>
        <GlobeView {...props} onFirstFrame={() => setDrawn(true)} />
      </Suspense>
      {/* After the globe, so it covers the globe's area (the legend stays above both). */}
      {!drawn && <GlobeLoading />}
    </>
  );
}
