/**
 * A workspace with no poles and no photos shows an empty globe that says nothing: this says what
 * to do first, with the way in to each (those who may not add anything are told who can).
 */
import { Alert, AlertTitle, Button, Stack } from "@mui/material";
import { emptyWorkspaceTexts as texts } from "@poleatlas/shared";

export function EmptyWorkspaceGuide(props: {
  /** Regions on the map (poles, photographed or not); undefined until the list answered. */
  regionCount: number | undefined;
  /** Bytes of photos stored; undefined until the usage answered. A photo without a place counts. */
  usedBytes: number | undefined;
  /** Opens the register import; absent for those who may not import. */
  onImport?: () => void;
  /** Opens the upload dialog; absent for those who may not upload. */
  onUpload?: () => void;
}) {
  if (props.regionCount !== 0 || props.usedBytes !== 0) return null;
  const canAdd = props.onImport !== undefined || props.onUpload !== undefined;
  return (
    <Alert severity="info" variant="outlined" sx={{ bgcolor: "background.paper" }}>
      <AlertTitle>{texts.title}</AlertTitle>
      {canAdd ? texts.start : texts.viewer}
      {canAdd && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: "wrap" }}>
          {props.onImport && (
            <Button variant="contained" size="small" onClick={props.onImport}>
              {texts.importRegister}
            </Button>
          )}
          {props.onUpload && (
            <Button variant="outlined" size="small" onClick={props.onUpload}>
              {texts.uploadPhotos}
            </Button>
          )}
        </Stack>
      )}
    </Alert>
  );
}
