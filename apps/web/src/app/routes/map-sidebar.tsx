/**
 * The map screen's sidebar as composed from the features: workspace switcher, navigation, the
 * storage card. On narrow screens it is a drawer opened by the 'Open menu' button over the globe.
 */
import MenuIcon from "@mui/icons-material/Menu";
import { IconButton } from "@mui/material";
import { mapScreenTexts } from "@poleatlas/shared";
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { AppSidebar } from "../../components/app-sidebar";
import { useCompactLayout } from "../../components/use-layout";
import { AdminNavItem } from "../../features/admin";
import { ApiKeysNavItem } from "../../features/api-keys";
import { InspectionsNavItems } from "../../features/inspections";
import { ExportNavItem } from "../../features/export";
import { ImportPolesNavItem } from "../../features/pole-import";
import { UnplacedNavItem } from "../../features/poles";
import { StorageUsageCard } from "../../features/storage";
import { usePermissions, WorkspaceSwitcher } from "../../features/workspaces";

export interface MapSidebarProps {
  /** Absent when the role may not upload. */
  onUpload?: () => void;
  onUnplaced: () => void;
  onLogout: () => void;
  /** The upload queue's entry ('N waiting'), when something waits. */
  queue?: ReactNode;
  /** The open region, offered by the export dialog and its report. */
  regionId: string | null;
}

export function MapSidebar({ onUpload, onUnplaced, onLogout, queue, regionId }: MapSidebarProps) {
  const navigate = useNavigate();
  const compact = useCompactLayout();
  const may = usePermissions();
  const [open, setOpen] = useState(false);
  return (
    <>
      {compact && (
        <IconButton
          aria-label={mapScreenTexts.openMenu}
          onClick={() => setOpen(true)}
          sx={{
            position: "fixed",
            top: 12,
            left: 12,
            zIndex: 3,
            bgcolor: "rgba(18,18,18,0.88)",
            "&:hover": { bgcolor: "rgba(40,40,40,0.95)" },
          }}
        >
          <MenuIcon />
        </IconButton>
      )}
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
          </>
        }
        // A team's viewer buys nothing for the team: no 'Upgrade to Pro' for them.
        footer={<StorageUsageCard onUpgrade={may.canEdit ? () => void navigate("/subscribe") : undefined} />}
      />
    </>
  );
}
