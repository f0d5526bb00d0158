import { createTheme } from "@mui/material/styles";
import { FOCUS_RING } from "../components/focus-ring";

/** Dark throughout: the auth screen sits on black and the globe is dark space. */
export const theme = createTheme({
  palette: {
    mode: "dark",
    primary: { main: "#4fc3f7" },
    secondary: { main: "#ffd54f" },
    background: { default: "#000000", paper: "#121212" },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // Every focusable thing, ours and Cesium's toolbar buttons alike.
        ":focus-visible": FOCUS_RING,
        // A text field shows its focus on its own border, drawn thicker below.
        ".MuiInputBase-input:focus-visible": { outline: "none", boxShadow: "none" },
        ".MuiInputBase-root.Mui-focused .MuiOutlinedInput-notchedOutline": { borderWidth: 3 },
      },
    },
    // MUI marks keyboard focus with a class as well (its ripple hides the browser's ring).
    MuiButtonBase: { styleOverrides: { root: { "&.Mui-focusVisible": FOCUS_RING } } },
    // A thumb of 24 px: the smallest target WCAG 2.5.8 allows (the timeline's on a phone).
    MuiSlider: { styleOverrides: { thumb: { width: 24, height: 24, "&.Mui-focusVisible": FOCUS_RING } } },
  },
});
