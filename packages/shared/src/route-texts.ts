/**
 * Each screen's own title, in the browser's tab and said when a route changes (WCAG 2.4.2): the
 * screen's name first, the product's after ('Work list — PoleAtlas').
 */
import { PRODUCT_NAME } from "./constants";

/** By the route's first path segment; a route not listed is the product alone. */
export const routeTitles: Readonly<Record<string, string>> = {
  login: "Sign in",
  "reset-password": "Reset password",
  "forgot-password": "Forgot password",
  "accept-invitation": "Team invitation",
  map: "Map",
  subscribe: "Upgrade",
  admin: "Team admin",
  keys: "API keys",
  notifications: "E-mail alerts",
  work: "Work list",
  dashboard: "Dashboard",
};

/** The document's title for a path: '/work?level=1' → 'Work list — PoleAtlas'. */
export function pageTitleOf(pathname: string): string {
  const first = pathname.split("/").find((part) => part !== "") ?? "";
  const title = Object.hasOwn(routeTitles, first) ? routeTitles[first] : undefined;
  return title ? `${title} — ${PRODUCT_NAME}` : PRODUCT_NAME;
}
