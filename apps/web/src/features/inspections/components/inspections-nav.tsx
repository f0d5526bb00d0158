/**
 * The sidebar's 'Work list' and 'Dashboard' entries and, with a region open, its report (a PDF,
 * opened in a new tab), beside the region's export.
 */
import AssignmentIcon from "@mui/icons-material/Assignment";
import DashboardIcon from "@mui/icons-material/Dashboard";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import { ListItemButton, ListItemIcon, ListItemText } from "@mui/material";
import { inspectionTexts } from "@poleatlas/shared";
import { Link } from "react-router";

/** GET /api/reports/region/:id.pdf */
export const regionReportUrl = (regionId: string) =>
  `/api/reports/region/${encodeURIComponent(regionId)}.pdf`;

export function InspectionsNavItems({ regionId = null }: { regionId?: string | null }) {
  return (
    <>
      {regionId !== null && (
        <ListItemButton component="a" href={regionReportUrl(regionId)} target="_blank" rel="noopener">
          <ListItemIcon>
            <PictureAsPdfIcon />
          </ListItemIcon>
          <ListItemText primary={inspectionTexts.regionReport} />
        </ListItemButton>
      )}
      <ListItemButton component={Link} to="/work">
        <ListItemIcon>
          <AssignmentIcon />
        </ListItemIcon>
        <ListItemText primary={inspectionTexts.workList} />
      </ListItemButton>
      <ListItemButton component={Link} to="/dashboard">
        <ListItemIcon>
          <DashboardIcon />
        </ListItemIcon>
        <ListItemText primary={inspectionTexts.dashboard} />
      </ListItemButton>
    </>
  );
}
