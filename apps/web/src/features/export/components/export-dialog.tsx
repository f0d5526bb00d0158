/**
 * The sidebar's 'Export' entry and its dialog: layer (photos, poles, findings), format, coordinate
 * system, this region or everything, risk levels and dates (each where the layer has it); Download fetches the file and saves it, errors stay in the dialog; Cancel
 * (or closing the dialog) stops a download on its way.
 */
import FileDownloadIcon from "@mui/icons-material/FileDownload";
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from "@mui/material";
import {
  EXPORT_FORMATS,
  EXPORT_LAYERS,
  EXPORT_RISKS,
  exportTexts,
  type ExportFormat,
  type ExportLayer,
  type ExportRisk,
} from "@poleatlas/shared";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { downloadExport } from "../api/download-export";

export interface ExportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The open region's id; offers 'This region' when set. */
  regionId: string | null;
}

/** One row of radio buttons, each option under its name. */
function Choice<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  names: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <FormControl>
      <FormLabel id={props.id}>{props.label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as T)}
      >
        {props.options.map((o) => (
          <FormControlLabel key={o} value={o} control={<Radio />} label={props.names[o]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** "EPSG:<code>", as the server takes it. */
const CRS_FORM = /^EPSG:\d{1,6}$/i;

export function ExportDialog({ open, onClose, regionId }: ExportDialogProps) {
  const [layer, setLayer] = useState<ExportLayer>("photos");
  const [format, setFormat] = useState<ExportFormat>("geojson");
  const [crs, setCrs] = useState("");
  const [scope, setScope] = useState<"region" | "all">(regionId ? "region" : "all");
  const [risk, setRisk] = useState<ExportRisk[]>([...EXPORT_RISKS]);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The download on its way: Cancel, closing the dialog or leaving the page stops it. */
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const cancel = () => {
    running.current?.abort();
    onClose();
  };

  // Poles have no date, findings their level rather than a risk; KML is WGS 84 by definition.
  const hasRisk = layer !== "findings";
  const hasDates = layer !== "poles";
  const hasCrs = format !== "kml";
  const crsText = hasCrs ? crs.trim() : "";
  const crsWrong = crsText !== "" && !CRS_FORM.test(crsText);
  const datesWrong = hasDates && from !== "" && to !== "" && from > to;
  const problem =
    hasRisk && risk.length === 0
      ? exportTexts.noRisk
      : datesWrong
        ? exportTexts.fromAfterTo
        : crsWrong
          ? exportTexts.crsInvalid
          : null;
  const toggleRisk = (r: ExportRisk, on: boolean) =>
    setRisk((list) =>
      on ? EXPORT_RISKS.filter((x) => x === r || list.includes(x)) : list.filter((x) => x !== r),
    );

  const download = async () => {
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    setError(null);
    try {
      const query = {
        format,
        layer,
        crs: crsText.toUpperCase() || undefined,
        region: scope === "region" ? regionId : null,
        risk: hasRisk ? risk : [],
        from: hasDates ? from : "",
        to: hasDates ? to : "",
      };
      await downloadExport(query, controller.signal);
      onClose();
    } catch (e) {
      if (controller.signal.aborted) return; // the user cancelled: nothing to report
      setError(e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : exportTexts.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={cancel} aria-labelledby="export-title" fullWidth maxWidth="xs">
      <DialogTitle id="export-title">{exportTexts.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Choice
            id="export-layer"
            label={exportTexts.layer}
            value={layer}
            options={EXPORT_LAYERS}
            names={exportTexts.layers}
            onChange={setLayer}
          />
          <Choice
            id="export-format"
            label={exportTexts.format}
            value={format}
            options={EXPORT_FORMATS}
            names={exportTexts.formats}
            onChange={setFormat}
          />
          <TextField
            label={exportTexts.crs}
            placeholder="EPSG:4326"
            value={hasCrs ? crs : ""}
            onChange={(e) => setCrs(e.target.value)}
            disabled={!hasCrs}
            error={crsWrong}
            helperText={hasCrs ? exportTexts.crsHelp : exportTexts.kmlIsWgs84}
          />
          {regionId && (
            <FormControl>
              <FormLabel id="export-scope">{exportTexts.scope}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="export-scope"
                value={scope}
                onChange={(e) => setScope(e.target.value as "region" | "all")}
              >
                <FormControlLabel value="region" control={<Radio />} label={exportTexts.thisRegion} />
                <FormControlLabel value="all" control={<Radio />} label={exportTexts.everything} />
              </RadioGroup>
            </FormControl>
          )}
          {hasRisk && (
            <FormControl component="fieldset">
              <FormLabel component="legend">{exportTexts.risk}</FormLabel>
              <FormGroup row>
                {EXPORT_RISKS.map((r) => (
                  <FormControlLabel
                    key={r}
                    control={
                      <Checkbox
                        checked={risk.includes(r)}
                        onChange={(e) => toggleRisk(r, e.target.checked)}
                      />
                    }
                    label={exportTexts.risks[r]}
                  />
                ))}
              </FormGroup>
            </FormControl>
          )}
          {hasDates && (
            <Stack direction="row" spacing={2}>
              <TextField
                type="date"
                label={exportTexts.from}
                value={from}
                onChange={(e) => setFrom(e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
              <TextField
                type="date"
                label={exportTexts.to}
                value={to}
                onChange={(e) => setTo(e.target.value)}
                error={datesWrong}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
            </Stack>
          )}
          {problem && <Alert severity="warning">{problem}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{exportTexts.cancel}</Button>
        <Button variant="contained" disabled={busy || problem !== null} onClick={() => void download()}>
          {busy ? exportTexts.downloading : exportTexts.download}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The sidebar entry; it owns its dialog, so the map screen only places it. */
export function ExportNavItem({ regionId }: { regionId: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ListItemButton onClick={() => setOpen(true)}>
        <ListItemIcon>
          <FileDownloadIcon />
        </ListItemIcon>
        <ListItemText primary={exportTexts.navItem} />
      </ListItemButton>
      {/* Mounted only while open: each opening starts from the current region and defaults. */}
      {open && <ExportDialog open onClose={() => setOpen(false)} regionId={regionId} />}
    </>
  );
}
