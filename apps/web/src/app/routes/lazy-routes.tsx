/**
 * The map screen (with the upload dialog and its EXIF reader) is its own chunk, loaded only when
 * /map is opened; Cesium (~4 MB, 1.1 MB gzip) is a further chunk inside it (lazy-globe.tsx), so
 * the sidebar shows before the globe. The other pages have small chunks of their own; nothing here
 * is imported statically, so the sign-in page's first load carries none of them.
 */
import { Box, CircularProgress } from "@mui/material";
import { lazy, Suspense, type ComponentType } from "react";
import { pageDownload } from "../../lib/offline/network-quiet";

// The globe's chunk is asked for together with the screen's rather than after it has arrived and
// rendered: one round trip less before the globe can start on a slow link.
const MapScreen = lazy(() => {
  // A failure here shows where the globe is drawn (lazy-globe.tsx asks again).
  pageDownload(import("../../globe")).catch(() => {});
  return pageDownload(import("./map-screen"));
});
const SubscribePage = lazy(() => import("./subscribe-page"));
/**
 * A feature's page, from its own entry point when the route opens: imported here, the features'
 * sidebar entries and panels (the map's) would come into the sign-in page's first load. The
 * index's page is itself lazy (its own chunk), hence the component around it.
 */
function featurePage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return lazy(() =>
    load().then((m) => {
      const Page = pick(m);
      return { default: () => <Page /> };
    }),
  );
}
const AdminPage = featurePage(
  () => import("../../features/admin"),
  (m) => m.AdminPage,
);
const ApiKeysPage = featurePage(
  () => import("../../features/api-keys"),
  (m) => m.ApiKeysPage,
);
const NotificationsPage = featurePage(
  () => import("../../features/notifications"),
  (m) => m.NotificationsPage,
);
const WorkListPage = featurePage(
  () => import("../../features/inspections"),
  (m) => m.WorkListPage,
);
const DashboardPage = featurePage(
  () => import("../../features/inspections"),
  (m) => m.DashboardPage,
);

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

export function NotificationsRoute() {
  return (
    <Suspense fallback={<RouteLoading />}>
      <NotificationsPage />
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
