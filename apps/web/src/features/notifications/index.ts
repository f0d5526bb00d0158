import { lazy } from "react";

export { NotificationsNavItem } from "./components/notifications-nav-item";
/** Its own chunk: the map screen carries only the sidebar entry. */
export const NotificationsPage = lazy(() => import("./components/notifications-page"));
