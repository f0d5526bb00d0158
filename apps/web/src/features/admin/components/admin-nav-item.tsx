/**
 * The sidebar's 'Team admin' entry for an owner or admin of the active team; 'Workspace settings'
 * for the owner of the personal workspace (the same page, its settings only).
 */
import AdminPanelSettingsIcon from "@mui/icons-material/AdminPanelSettings";
import { ListItemButton, ListItemIcon, ListItemText } from "@mui/material";
import { adminTexts } from "@poleatlas/shared";
import { Link } from "react-router";
import { administers, setsUp, useWorkspaces } from "../api/get-workspaces";

export function AdminNavItem() {
  const workspaces = useWorkspaces();
  if (!workspaces.data || !setsUp(workspaces.data.active)) return null;
  const { active } = workspaces.data;
  return (
    <ListItemButton component={Link} to="/admin">
      <ListItemIcon>
        <AdminPanelSettingsIcon />
      </ListItemIcon>
      <ListItemText primary={administers(active) ? adminTexts.navItem : adminTexts.navItemPersonal} />
    </ListItemButton>
  );
}
