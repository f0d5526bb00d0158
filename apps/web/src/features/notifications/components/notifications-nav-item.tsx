/** The sidebar's 'E-mail alerts' entry, for every signed-in user. */
import NotificationsIcon from "@mui/icons-material/NotificationsOutlined";
import { ListItemButton, ListItemIcon, ListItemText } from "@mui/material";
import { alertTexts, NOTIFICATIONS_PATH } from "@poleatlas/shared";
import { Link } from "react-router";

export function NotificationsNavItem() {
  return (
    <ListItemButton component={Link} to={NOTIFICATIONS_PATH}>
      <ListItemIcon>
        <NotificationsIcon />
      </ListItemIcon>
      <ListItemText primary={alertTexts.navItem} />
    </ListItemButton>
  );
}
