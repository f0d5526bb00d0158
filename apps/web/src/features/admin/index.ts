import { lazy } from "react";

export { AdminNavItem } from "./components/admin-nav-item";
export { adminKeys } from "./api/admin-keys";
/** Its own chunk: the map screen carries only the sidebar entry. */
export const AdminPage = lazy(() => import("./components/admin-page"));
