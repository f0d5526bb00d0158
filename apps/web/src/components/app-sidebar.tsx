/**
 * The map screen's permanent left sidebar (240 px): navigation on top, a slot (storage) below.
 * On narrow screens a drawer, a dialog named 'Menu', opened by the 'Open menu' button.
 */
import CloudUploadIcon from "@mui/icons-material/CloudUpload";
import LogoutIcon from "@mui/icons-material/Logout";
import MapIcon from "@mui/icons-material/Map";
import MenuIcon from "@mui/icons-material/Menu";
import {
  Box,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Typography,
} from "@mui/material";
import { mapScreenTexts, PRODUCT_NAME, SIDEBAR_WIDTH_PX } from "@poleatlas/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";

export interface AppSidebarProps {
  /** Absent for a team's viewer: 'Upload Images' is not offered. */
  onUpload?: () => void;
  onLogout: () => void;
  /** Rendered at the bottom: the storage-usage card. */
  footer?: ReactNode;
  /** More entries after 'Upload Images' (the unplaced photos). */
  extraNav?: ReactNode;
  /** Between the navigation and the footer, taking the room left: the region's pole list. */
  content?: ReactNode;
  /** Under the product name: the workspace switcher. */
  workspace?: ReactNode;
  /** Narrow screens: a drawer over the globe, open or closed by the caller, closed by any choice. */
  drawer?: { open: boolean; onClose: () => void };
}

/** The drawer's id, which the menu button controls. */
const MENU_ID = "app-menu";

/** Narrow screens: the button over the globe that opens the drawer, saying whether it is open. */
export function OpenMenuButton({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  return (
    <IconButton
      aria-label={mapScreenTexts.openMenu}
      aria-expanded={open}
      aria-controls={MENU_ID}
      onClick={onOpen}
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
  );
}

export function AppSidebar({
  onUpload,
  onLogout,
  footer,
  extraNav,
  content,
  workspace,
  drawer,
}: AppSidebarProps) {
  return (
    <Drawer
      variant={drawer ? "temporary" : "permanent"}
      open={drawer ? drawer.open : true}
      onClose={drawer?.onClose}
      ModalProps={{ keepMounted: true }}
      // As a drawer it is a modal dialog over the globe: named, so a screen reader says what opened.
      slotProps={{
        paper: drawer
          ? { id: MENU_ID, role: "dialog", "aria-modal": true, "aria-label": mapScreenTexts.menu }
          : {},
      }}
      sx={{
        width: SIDEBAR_WIDTH_PX,
        flexShrink: 0,
        "& .MuiDrawer-paper": { width: SIDEBAR_WIDTH_PX, boxSizing: "border-box" },
      }}
    >
      <Toolbar>
        <Typography variant="h6" component="div" sx={{ fontWeight: 700 }}>
          {PRODUCT_NAME}
        </Typography>
      </Toolbar>
      {workspace}
      <Box component="nav" aria-label="Main" onClick={drawer?.onClose}>
        {/* A plain block: the entries come from several features, not all of them list items. */}
        <List component="div">
          <ListItemButton component={Link} to="/">
            <ListItemIcon>
              <MapIcon />
            </ListItemIcon>
            <ListItemText primary={mapScreenTexts.navMap} />
          </ListItemButton>
          {onUpload && (
            <ListItemButton onClick={onUpload}>
              <ListItemIcon>
                <CloudUploadIcon />
              </ListItemIcon>
              <ListItemText primary={mapScreenTexts.navUpload} />
            </ListItemButton>
          )}
          {extraNav}
          <ListItemButton onClick={onLogout}>
            <ListItemIcon>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary={mapScreenTexts.navLogout} />
          </ListItemButton>
        </List>
      </Box>
      {content}
      <Box sx={{ mt: "auto", p: 2 }}>{footer}</Box>
    </Drawer>
  );
}
