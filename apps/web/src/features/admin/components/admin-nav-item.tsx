/** The sidebar's 'Team admin' entry: only for an owner or admin of the active team. */
import AdminPanelSettingsIcon from "@mui/icons-material/AdminPanelSettings";
import { ListItemButton, ListItemIcon, ListItemText } from "@mui/material";
import { adminTexts } from "@poleatlas/shared";
import { Link } from "react-router";
import { administers, useWorkspaces } from "../api/get-workspaces";

export function AdminNavItem() {
  const workspaces = useWorkspaces();
  if (!workspaces.data || !administers(workspaces.data.active)) return null;
  return (
    <ListItemButton component={Link} to="/admin">
      <ListItemIcon>
        <AdminPanelSettingsIcon />
      </ListItemIcon>
      <ListItemText primary={adminTexts.navItem} />
    </ListItemButton>
  );
}
