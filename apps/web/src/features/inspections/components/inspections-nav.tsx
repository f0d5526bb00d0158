/** The sidebar's 'Work list' and 'Dashboard' entries. */
import AssignmentIcon from "@mui/icons-material/Assignment";
import DashboardIcon from "@mui/icons-material/Dashboard";
import { ListItemButton, ListItemIcon, ListItemText } from "@mui/material";
import { inspectionTexts } from "@poleatlas/shared";
import { Link } from "react-router";

export function InspectionsNavItems() {
  return (
    <>
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
