/**
 * The sidebar's 'Team admin' entry for an owner or admin of the active team; 'Workspace settings'
 * for everyone else (the same page: a personal workspace's settings, or a team's measuring
 * settings for its members and viewers to read).
 */
import AdminPanelSettingsIcon from "@mui/icons-material/AdminPanelSettings";
import { ListItemButton, ListItemIcon, ListItemText } from "@mui/material";
import { adminTexts } from "@poleatlas/shared";
import { Link } from "react-router";
import { administers, useWorkspaces } from "../api/get-workspaces";

export function AdminNavItem() {
  const workspaces = useWorkspaces();
  if (!workspaces.data) return null;
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
