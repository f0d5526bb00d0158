/**
 * A dialog's confirming button that keeps the keyboard while its action runs: disabled only while
 * the form cannot be sent, and while busy only marked so (aria-disabled, a click ignored). A
 * button disabled under the focus drops it to the page (Chromium's focus fix-up), and a screen
 * reader loses its place in the dialog until the dialog takes the focus back.
 */
import { Button, type ButtonProps } from "@mui/material";

/** Looks as a disabled button does, without leaving the Tab order. */
const BUSY_LOOK = { "&[aria-disabled='true']": { opacity: 0.6, cursor: "progress" } } as const;

export function BusyButton({ busy, onClick, ...props }: Omit<ButtonProps, "sx"> & { busy: boolean }) {
  return (
    <Button
      {...props}
      aria-disabled={busy || undefined}
      onClick={(e) => {
        if (!busy) onClick?.(e);
      }}
      sx={BUSY_LOOK}
    />
  );
}
