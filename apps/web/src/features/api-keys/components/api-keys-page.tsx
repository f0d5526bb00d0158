/** /keys: the user's API keys in every workspace, a form for a new one, and revocation. */
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { adminTexts, apiKeyTexts, type ApiKeyItem } from "@poleatlas/shared";
import { useState } from "react";
import { LoadErrorAlert } from "../../../components/load-error-alert";
import { PageFrame } from "../../../components/page-frame";
import { useWorkspaces } from "../../workspaces";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useApiKeys, useRevokeApiKey } from "../api/api-keys";
import { CreateKeyForm } from "./create-key-form";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : apiKeyTexts.never);

type Notice = { severity: "success" | "error"; text: string };

/** A key's row; revoking asks first (scripts and layers using it stop at once). */
function KeyRow({ item, onNotice }: { item: ApiKeyItem; onNotice: (n: Notice) => void }) {
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  const confirm = () => {
    setConfirming(false);
    revoke.mutate(item.id, {
      onSuccess: () => onNotice({ severity: "success", text: apiKeyTexts.revoked(item.name) }),
      onError: () => onNotice({ severity: "error", text: apiKeyTexts.revokeFailed }),
    });
  };
  return (
    <TableRow>
      <TableCell>
        {item.name}
        {item.start && (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: "block", fontFamily: "monospace" }}
          >
            {item.start}…
          </Typography>
        )}
      </TableCell>
      <TableCell>{apiKeyTexts.scopeNames[item.scope]}</TableCell>
      <TableCell>{item.workspaceName}</TableCell>
      <TableCell>{when(item.createdAt)}</TableCell>
      <TableCell>{when(item.lastUsedAt)}</TableCell>
      <TableCell align="right">
        <Button
          color="error"
          size="small"
          disabled={revoke.isPending}
          onClick={() => setConfirming(true)}
          aria-label={apiKeyTexts.revokeNamed(item.name)}
        >
          {apiKeyTexts.revoke}
        </Button>
        <ConfirmDialog
          open={confirming}
          title={apiKeyTexts.revokeTitle}
          text={apiKeyTexts.revokeConfirm(item.name)}
          confirm={apiKeyTexts.revoke}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
        />
      </TableCell>
    </TableRow>
  );
}

function KeyList() {
  const keys = useApiKeys();
  const [notice, setNotice] = useState<Notice | null>(null);
  if (keys.isPending) return <CircularProgress aria-label={adminTexts.loading} />;
  if (keys.isError) {
    return (
      <LoadErrorAlert title={apiKeyTexts.loadFailed} error={keys.error} onRetry={() => void keys.refetch()} />
    );
  }
  const shown = notice && (
    <Alert severity={notice.severity} onClose={() => setNotice(null)} sx={{ mb: 2 }}>
      {notice.text}
    </Alert>
  );
  if (keys.data.keys.length === 0) {
    return (
      <>
        {shown}
        <Alert severity="info">{apiKeyTexts.none}</Alert>
      </>
    );
  }
  return (
    <Box sx={{ overflowX: "auto" }}>
      {shown}
      <Table size="small" aria-label={apiKeyTexts.title}>
        <TableHead>
          <TableRow>
            <TableCell>{apiKeyTexts.name}</TableCell>
            <TableCell>{apiKeyTexts.scope}</TableCell>
            <TableCell>{apiKeyTexts.workspace}</TableCell>
            <TableCell>{apiKeyTexts.created}</TableCell>
            <TableCell>{apiKeyTexts.lastUsed}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.data.keys.map((k) => (
            <KeyRow key={k.id} item={k} onNotice={setNotice} />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export default function ApiKeysPage() {
  const workspaces = useWorkspaces();
  return (
    <PageFrame title={apiKeyTexts.title} maxWidth={1100}>
      <Typography color="text.secondary">{apiKeyTexts.intro}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {workspaces.data ? (
          <CreateKeyForm key={workspaces.data.active.id} workspaceName={workspaces.data.active.name} />
        ) : (
          <CircularProgress aria-label={adminTexts.loading} />
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <KeyList />
      </Paper>
    </PageFrame>
  );
}
