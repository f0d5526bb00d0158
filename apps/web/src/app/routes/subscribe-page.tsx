/** The upgrade page (spec §2 Subscribe page). Payment is not implemented: it says so. */
import { Alert, Box, Button, Paper, Stack, Typography } from "@mui/material";
import { mapScreenTexts } from "@poleatlas/shared";
import { useState } from "react";
import { Link } from "react-router";
import { Brand } from "../../components/brand";

export default function SubscribePage() {
  const [asked, setAsked] = useState(false);
  return (
    <Box sx={{ minHeight: "100vh", bgcolor: "#000", display: "grid", placeItems: "center", p: 2 }}>
      <Paper elevation={6} sx={{ p: 4, width: "100%", maxWidth: 480, textAlign: "center" }}>
        <Brand />
        <Typography variant="h5" component="h2" gutterBottom>
          {mapScreenTexts.upgradeTitle}
        </Typography>
        <Typography variant="h3" component="p" sx={{ fontWeight: 700, my: 2 }}>
          {mapScreenTexts.upgradePrice}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {mapScreenTexts.upgradeStorage}
        </Typography>
        {asked && (
          <Alert severity="info" sx={{ mb: 2, textAlign: "left" }}>
            {mapScreenTexts.paymentLater}
          </Alert>
        )}
        <Stack spacing={1.5}>
          <Button variant="contained" size="large" onClick={() => setAsked(true)}>
            {mapScreenTexts.upgradeNow}
          </Button>
          <Button component={Link} to="/">
            {mapScreenTexts.backToMap}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
