import { createTheme } from "@mui/material/styles";

/** Dark throughout: the auth screen sits on black and the globe is dark space. */
export const theme = createTheme({
  palette: {
    mode: "dark",
    primary: { main: "#4fc3f7" },
    secondary: { main: "#ffd54f" },
    background: { default: "#000000", paper: "#121212" },
  },
  shape: { borderRadius: 8 },
});
