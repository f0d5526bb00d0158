import { Box, Typography } from "@mui/material";

/** Stands in for a screen a later issue builds, so every route of the spec resolves. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Box sx={{ p: 4 }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
    </Box>
  );
}
