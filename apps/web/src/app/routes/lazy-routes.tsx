/**
 * The map screen (with the upload dialog and its EXIF reader) is its own chunk, loaded only when
 * /map is opened; Cesium (~4 MB, 1.1 MB gzip) is a further chunk inside it (lazy-globe.tsx), so
 * the sidebar shows before the globe. The upgrade and team admin pages have small chunks of their own.
 */
import { Box, CircularProgress } from "@mui/material";
import { lazy, Suspense } from "react";
import { AdminPage } from "../../features/admin";
import { ApiKeysPage } from "../../features/api-keys";
import { DashboardPage, WorkListPage } from "../../features/inspections";
import { pageDownload } from "../../lib/offline/network-quiet";

// The globe's chunk is asked for together with the screen's rather than after it has arrived and
// rendered: one round trip less before the globe can start on a slow link.
const MapScreen = lazy(() => {
  // A failure here shows where the globe is drawn (lazy-globe.tsx asks again).
  pageDownload(import("../../globe")).catch(() => {});
  return pageDownload(import("./map-screen"));
});
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

export function AdminRoute() {
  return (
    <Suspense fallback={<RouteLoading />}>
      <AdminPage />
    </Suspense>
  );
}

export function ApiKeysRoute() {
  return (
    <Suspense fallback={<RouteLoading />}>
      <ApiKeysPage />
    </Suspense>
  );
}

export function WorkRoute() {
  return (
    <Suspense fallback={<RouteLoading />}>
      <WorkListPage />
    </Suspense>
  );
}

export function DashboardRoute() {
  return (
    <Suspense fallback={<RouteLoading />}>
      <DashboardPage />
    </Suspense>
  );
}
