/**
 * The pole record's history: its audit entries (the pole, its photos, findings and visits),
 * newest first, in the words of the admin page's trail, with 'Show older' for the next page. A
 * finding's or a visit's entry reads as one sentence ("Finding crossarm (Level 2) on pole SF-1042
 * assigned to Dana Lee"); the others as what was done, to what, and the details.
 */
import { Button, List, ListItem, ListItemText, Typography } from "@mui/material";
import {
  auditActionText,
  auditActorText,
  auditDetailsText,
  auditSentence,
  auditTargetText,
  formatDateTime,
  poleRecordTexts as t,
  type AuditEntry,
} from "@poleatlas/shared";
import { LoadErrorAlert } from "../../../components/load-error-alert";
import { usePoleHistory } from "../api/get-pole-history";

/** What an entry says: its sentence, else "action: target" with the details under it. */
function entryText(e: AuditEntry) {
  const sentence = auditSentence(e);
  if (sentence !== null) return { primary: sentence, details: "" };
  return { primary: `${auditActionText(e)}: ${auditTargetText(e)}`, details: auditDetailsText(e) };
}

export function PoleHistory({ poleId }: { poleId: string }) {
  const history = usePoleHistory(poleId);
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <>
      {history.isError && (
        <LoadErrorAlert
          title={t.historyFailed}
          error={history.error}
          onRetry={() => void (history.isFetchNextPageError ? history.fetchNextPage() : history.refetch())}
          stacked
        />
      )}
      {history.isSuccess && entries.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t.historyEmpty}
        </Typography>
      )}
      {entries.length > 0 && (
        <List dense aria-label={t.history} disablePadding>
          {entries.map((e, i) => {
            const { primary, details } = entryText(e);
            return (
              <ListItem key={`${e.at}-${i}`} disableGutters data-testid="history-entry">
                <ListItemText
                  primary={primary}
                  secondary={[formatDateTime(e.at), auditActorText(e), details].filter(Boolean).join(" · ")}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {history.hasNextPage && (
        <Button
          size="small"
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
        >
          {t.historyMore}
        </Button>
      )}
    </>
  );
}
