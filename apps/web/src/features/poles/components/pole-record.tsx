/**
 * The pole record: the map's side panel (the bottom sheet on a phone) for one pole, with or
 * without photos. Its heading names the pole (tag, else label, else its position) and takes the
 * keyboard focus when a pole is selected; under it the region and position (and its latest
 * lean), the one risk with its reason, the register fields, the locate from photo bearings, then
 * the sections: photos (with the shown photo's actions, and for members the move of several),
 * visits, findings, measurements and history. The photos, visits and findings are other
 * features', handed in.
 */
import CloseIcon from "@mui/icons-material/Close";
import { Box, IconButton, Paper, Stack, Typography } from "@mui/material";
import {
  formatDateTime,
  formatLocation,
  leanText,
  locateTexts,
  measurementsTexts,
  mapScreenTexts,
  poleRecordTexts as t,
  RISK_COLORS,
  type PoleRecord,
  type PoleTimeline,
} from "@poleatlas/shared";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useReturnFocus } from "../../../components/use-return-focus";
import { panelFrame, useSwipeDown } from "../../images";
import { poleRisk } from "../lib/pole-risk";
import { MeasurementsSection } from "../measurements-section";
import { PoleHistory } from "./pole-history";
import { MergeIntoRegister } from "./merge-into-register";
import { MovePhotos } from "./move-photos";
import { PoleRegisterFields } from "./register-fields";

/** What the record calls a pole: its tag, else its label, else where it stands. */
export const poleName = (pole: Pick<PoleRecord, "tag" | "label" | "latitude" | "longitude">) =>
  pole.tag || pole.label || t.poleAt(pole.latitude, pole.longitude);

export interface PoleRecordPanelProps {
  record: PoleTimeline;
  /** The region's name as the map shows it; null while regions load. */
  regionName: string | null;
  onClose: () => void;
  /** Members and up edit the register fields; viewers see them. */
  canEdit: boolean;
  /** The photos' timeline and the shown photo's actions; absent for a pole without photos. */
  photos?: ReactNode;
  /** The visits section (its own heading), between the photos and the findings. */
  visits?: ReactNode;
  /** The findings section (its own heading). */
  findings?: ReactNode;
  /** The locate from photo bearings, under the register; absent for viewers. */
  locate?: ReactNode;
  /** Narrow screens: a bottom sheet over the globe, closed by its button or a swipe down. */
  sheet?: boolean;
  /** Opens the measuring tool ("Measure a photo" in the Measurements section). */
  onMeasure?: () => void;
  /** Shows one of the pole's photos (a measurement's photo). */
  onOpenPhoto?: (imageId: string) => void;
  /**
   * Where the keyboard goes as the record closes when nothing had it before it opened (a click
   * on the globe): selectors, the first on screen taken.
   */
  focusOnClose?: () => readonly string[];
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} data-testid={testId}>
      <Typography id={id} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function PoleRecordPanel(props: PoleRecordPanelProps) {
  const { record, regionName, onClose, canEdit, photos, visits, findings, locate, sheet = false } = props;
  const { onMeasure, onOpenPhoto, focusOnClose } = props;
  const { pole } = record;
  const swipe = useSwipeDown(onClose);
  const heading = useRef<HTMLHeadingElement>(null);
  // Closed, the keyboard goes back to what opened the record (the search box, the pole list).
  const panel = useReturnFocus<HTMLElement>(focusOnClose);
  const name = poleName(pole);
  // A selection (a click, a search, a link) brings the keyboard here, not to the first control.
  useEffect(() => {
    heading.current?.focus();
  }, [pole.id]);
  const risk = poleRisk(record);
  const position = formatLocation(pole.latitude, pole.longitude);
  return (
    <Paper
      ref={panel}
      component="aside"
      aria-label={t.record(name)}
      data-testid="pole-record"
      square={!sheet}
      elevation={8}
      data-layout={sheet ? "sheet" : "side"}
      sx={{ ...panelFrame(sheet), overflowY: "auto", overflowX: "hidden", p: 2 }}
    >
      {sheet && (
        <Box
          aria-hidden
          {...swipe}
          sx={{ width: 40, height: 4, borderRadius: 2, bgcolor: "text.disabled", mx: "auto", mb: 1 }}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }} {...(sheet ? swipe : {})}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            ref={heading}
            tabIndex={-1}
            data-map-content="record"
            variant="h6"
            component="h2"
            noWrap
            title={name}
            sx={{ fontWeight: 600, outline: "none", "&:focus-visible": { textDecoration: "underline" } }}
          >
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {regionName ? t.whereabouts(regionName, position) : position}
          </Typography>
          {pole.position_source && (
            <Typography variant="body2" color="text.secondary" data-testid="position-source">
              {locateTexts.position[pole.position_source]}
            </Typography>
          )}
          {pole.lean && (
            <Typography variant="body2" color="text.secondary" data-testid="pole-lean">
              {leanText(pole.lean)} · {measurementsTexts.measuredOn(formatDateTime(pole.lean.measured_at))}
            </Typography>
          )}
        </Box>
        <IconButton aria-label={mapScreenTexts.closePanel} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Stack spacing={2.5} sx={{ mt: 2 }}>
        <Section title={t.riskTitle} testId="pole-risk">
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Box
              aria-hidden
              sx={{
                width: 12,
                height: 12,
                borderRadius: "50%",
                flexShrink: 0,
                bgcolor: risk.risk ? RISK_COLORS[risk.risk] : "text.disabled",
              }}
            />
            <Typography variant="body2">{risk.text}</Typography>
          </Stack>
        </Section>
        <Section title={t.register}>
          <PoleRegisterFields pole={pole} readOnly={!canEdit} />
        </Section>
        {canEdit && pole.source === "photo" && pole.tag === null && (
          <MergeIntoRegister key={pole.id} pole={pole} />
        )}
        {locate && <Section title={locateTexts.title}>{locate}</Section>}
        <Section title={t.photos}>
          {photos ?? (
            <Typography variant="body2" color="text.secondary">
              {t.noPhotos}
            </Typography>
          )}
          {canEdit && (
            <Box sx={{ mt: 1 }}>
              <MovePhotos key={pole.id} record={record} />
            </Box>
          )}
        </Section>
        {visits}
        {findings}
        <Section title={measurementsTexts.title}>
          <MeasurementsSection
            key={pole.id}
            record={record}
            canEdit={canEdit}
            onMeasure={onMeasure}
            onOpenPhoto={onOpenPhoto}
          />
        </Section>
        <Section title={t.history}>
          <PoleHistory poleId={pole.id} />
        </Section>
      </Stack>
    </Paper>
  );
}
