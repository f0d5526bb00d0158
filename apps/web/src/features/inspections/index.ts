import { lazy } from "react";

export { findingKeys } from "./api/findings";
export { useInspectionSettings } from "./api/settings";
export { useRecordVisits, type PoleVisit } from "./api/visits";
export { PoleFindings } from "./components/pole-findings";
export { PoleVisits } from "./components/pole-visits";
export { InspectionsNavItems } from "./components/inspections-nav";
/** Their own chunks: the map screen carries only the panel's list and the sidebar entries. */
export const WorkListPage = lazy(() => import("./components/work-list-page"));
export const DashboardPage = lazy(() => import("./components/dashboard-page"));
