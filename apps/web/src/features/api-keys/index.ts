import { lazy } from "react";

export { ApiKeysNavItem } from "./components/api-keys-nav-item";
/** Its own chunk: the map screen carries only the sidebar entry. */
export const ApiKeysPage = lazy(() => import("./components/api-keys-page"));
