/**
 * The pole record's history: its audit entries (the pole, its photos, findings and visits),
 * newest first, in the words of the admin page's trail, with 'Show older' for the next page.
 */
import { Button, List, ListItem, ListItemText, Typography } from "@mui/material";
import {
  auditActionText,
  auditActorText,
  auditDetailsText,
  auditTargetText,
  formatDateTime,
  poleRecordTexts as t,
} from "@poleatlas/shared";
import { LoadErrorAlert } from "../../../components/load-error-alert";
import { usePoleHistory } from "../api/get-pole-history";

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
          {entries.map((e, i) => (
            <ListItem key={`${e.at}-${i}`} disableGutters data-testid="history-entry">
              <ListItemText
                primary={`${auditActionText(e)}: ${auditTargetText(e)}`}
                secondary={[formatDateTime(e.at), auditActorText(e), auditDetailsText(e)]
                  .filter(Boolean)
                  .join(" · ")}
              />
            </ListItem>
          ))}
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
