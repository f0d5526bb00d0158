import { Paper, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** One titled block of the admin page; its heading names the region for screen readers. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `admin-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: 2 }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
