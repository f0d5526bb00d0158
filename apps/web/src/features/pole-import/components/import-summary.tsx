/** The counts of a dry run or an import, the first rejected rows with their reasons, and the area. */
import { Alert, Box, List, ListItem, Stack, Typography } from "@mui/material";
import {
  POLE_IMPORT_LISTED_IN_DIALOG,
  poleImportDialogTexts as texts,
  type PoleImportResult,
} from "@poleatlas/shared";
import { FieldChangeList } from "./field-changes";

const fmt = (n: number) => n.toLocaleString("en-US");

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Box component="div" sx={{ minWidth: 96 }}>
      <Typography variant="body2" component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {fmt(value)}
      </Typography>
    </Box>
  );
}

export function ImportSummary({ result, title }: { result: PoleImportResult; title: string }) {
  const listed = result.rejected.slice(0, POLE_IMPORT_LISTED_IN_DIALOG);
  const more = result.rejected_count - listed.length;
  return (
    <Stack spacing={2} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {/* Each count's label under its figure; dt/dd so a screen reader reads them as pairs. */}
      <Stack
        direction="row"
        spacing={2}
        component="dl"
        sx={{ m: 0, flexWrap: "wrap", "& > div": { display: "flex", flexDirection: "column-reverse" } }}
      >
        <Count label={texts.created} value={result.created} />
        <Count label={texts.updated} value={result.updated} />
        <Count label={texts.unchanged} value={result.unchanged} />
        {result.visits > 0 && <Count label={texts.visits} value={result.visits} />}
        <Count label={texts.rejected} value={result.rejected_count} />
      </Stack>
      <FieldChangeList changes={result.field_changes} />
      {result.bounds && (
        <Typography variant="body2">
          <strong>{texts.bounds}:</strong> {texts.boundsText(result.bounds)}
        </Typography>
      )}
      {listed.length > 0 && (
        <Alert severity="warning" icon={false}>
          <Typography variant="body2" component="h4" sx={{ fontWeight: 600 }}>
            {texts.rejectedList}
          </Typography>
          <List dense disablePadding aria-label={texts.rejectedList}>
            {listed.map((r) => (
              <ListItem key={r.row} disableGutters sx={{ py: 0 }}>
                {texts.rejectedRow(r.row, r.reason)}
              </ListItem>
            ))}
            {more > 0 && (
              <ListItem disableGutters sx={{ py: 0 }}>
                {texts.moreRejected(more)}
              </ListItem>
            )}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
