/** The sidebar's 'API keys' entry, for every signed-in user. */
import KeyIcon from "@mui/icons-material/Key";
import { ListItemButton, ListItemIcon, ListItemText } from "@mui/material";
import { apiKeyTexts } from "@poleatlas/shared";
import { Link } from "react-router";

export function ApiKeysNavItem() {
  return (
    <ListItemButton component={Link} to="/keys">
      <ListItemIcon>
        <KeyIcon />
      </ListItemIcon>
      <ListItemText primary={apiKeyTexts.navItem} />
    </ListItemButton>
  );
}
