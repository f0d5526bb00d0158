import { Box, Typography } from "@mui/material";
import { PRODUCT_NAME, TAGLINE } from "@poleatlas/shared";

export function Brand() {
  return (
    <Box sx={{ textAlign: "center", mb: 3 }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700, letterSpacing: 1 }}>
        {PRODUCT_NAME}
      </Typography>
      <Typography variant="subtitle1" color="text.secondary">
        {TAGLINE}
      </Typography>
    </Box>
  );
}
