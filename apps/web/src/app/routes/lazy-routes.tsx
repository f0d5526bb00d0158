/**
 * The map screen pulls in Cesium (~4 MB, 1.1 MB gzip), so it is its own chunk, loaded only when
 * /map is opened; the upgrade page rides along in a small chunk of its own.
 */
import { Box, CircularProgress } from "@mui/material";
import { lazy, Suspense } from "react";

const MapScreen = lazy(() => import("./map-screen"));
const SubscribePage = lazy(() => import("./subscribe-page"));

function RouteLoading() {
  return (
    <Box sx={{ minHeight: "100vh", bgcolor: "#000", display: "grid", placeItems: "center" }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

export function MapRoute() {
  return (
    <Suspense fallback={<RouteLoading />}>
      <MapScreen />
    </Suspense>
  );
}

export function SubscribeRoute() {
  return (
    <Suspense fallback={<RouteLoading />}>
      <SubscribePage />
    </Suspense>
  );
}
