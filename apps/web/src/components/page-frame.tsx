/**
 * A page of its own beside the map (API keys, e-mail alerts): the way back to the map, the page's
 * heading, then its content in a column of the given width.
 */
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Box, Button, Stack, Typography } from "@mui/material";
import { adminTexts } from "@poleatlas/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";

export function PageFrame({
  title,
  maxWidth,
  children,
}: {
  title: string;
  maxWidth: number;
  children: ReactNode;
}) {
  return (
    <Box component="main" sx={{ minHeight: "100vh", bgcolor: "background.default", p: { xs: 2, md: 4 } }}>
      <Stack spacing={3} sx={{ maxWidth, mx: "auto" }}>
        <Box>
          <Button component={Link} to="/map" startIcon={<ArrowBackIcon />}>
            {adminTexts.backToMap}
          </Button>
        </Box>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {children}
      </Stack>
    </Box>
  );
}
