/**
 * The map screen's sidebar as composed from the features: workspace switcher, navigation, in
 * region view the region's pole list, the storage card. On narrow screens it is a drawer opened
 * by the 'Open menu' button over the globe. Before it, the screen's first Tab stop: the skip link
 * to the map's content.
 */
import { mapNavigationTexts } from "@poleatlas/shared";
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { AppSidebar, OpenMenuButton } from "../../components/app-sidebar";
import { SkipLink } from "../../components/skip-link";
import { useCompactLayout } from "../../components/use-layout";
import { AdminNavItem } from "../../features/admin";
import { ApiKeysNavItem } from "../../features/api-keys";
import { InspectionsNavItems } from "../../features/inspections";
import { ExportNavItem } from "../../features/export";
import { NotificationsNavItem } from "../../features/notifications";
import { ImportPolesNavItem } from "../../features/pole-import";
import { POLE_LIST_SELECTOR, RegionPoleList, UnplacedNavItem, useRegionPoles } from "../../features/poles";
import { StorageUsageCard } from "../../features/storage";
import { usePermissions, WorkspaceSwitcher } from "../../features/workspaces";

export interface MapSidebarProps {
  /** Absent when the role may not upload. */
  onUpload?: () => void;
  onUnplaced: () => void;
  onLogout: () => void;
  /** The upload queue's entry ('N waiting'), when something waits. */
  queue?: ReactNode;
  /** The open region, offered by the export dialog and its report; its poles are listed. */
  regionId: string | null;
  /** A pole chosen in the region's list. */
  onOpenPole: (poleId: string) => void;
}

/**
 * Where the skip link takes the focus, the first on screen: the pole's record or panel (an
 * aside; a record may mark itself `data-map-content="record"`), the region's pole list, the map.
 */
const MAP_CONTENT = ["[data-map-content='record']", "aside", POLE_LIST_SELECTOR, "main"] as const;

export function MapSidebar({ onUpload, onUnplaced, onLogout, queue, regionId, onOpenPole }: MapSidebarProps) {
  const navigate = useNavigate();
  const compact = useCompactLayout();
  const may = usePermissions();
  const [open, setOpen] = useState(false);
  // The map's own query: the same answer the globe draws, asked for once.
  const poles = useRegionPoles(regionId);
  return (
    <>
      <SkipLink text={mapNavigationTexts.skipLink} targets={MAP_CONTENT} />
      {compact && <OpenMenuButton open={open} onOpen={() => setOpen(true)} />}
      <AppSidebar
        drawer={compact ? { open, onClose: () => setOpen(false) } : undefined}
        onUpload={onUpload}
        workspace={<WorkspaceSwitcher />}
        onLogout={onLogout}
        extraNav={
          <>
            {queue}
            <UnplacedNavItem onOpen={onUnplaced} />
            <ExportNavItem regionId={regionId} />
            <ImportPolesNavItem />
            <InspectionsNavItems regionId={regionId} />
            <AdminNavItem />
            <ApiKeysNavItem />
            <NotificationsNavItem />
          </>
        }
        content={
          regionId !== null && (
            <RegionPoleList
              poles={poles.data ?? null}
              onOpen={(poleId) => {
                // On a phone the drawer makes way for the pole's sheet.
                setOpen(false);
                onOpenPole(poleId);
              }}
            />
          )
        }
        // A team's viewer buys nothing for the team: no 'Upgrade to Pro' for them.
        footer={<StorageUsageCard onUpgrade={may.canEdit ? () => void navigate("/subscribe") : undefined} />}
      />
    </>
  );
}
