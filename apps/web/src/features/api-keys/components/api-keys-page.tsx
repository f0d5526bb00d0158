/** /keys: the user's API keys in every workspace, a form for a new one, and revocation. */
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { adminTexts, apiKeyTexts, type ApiKeyItem } from "@poleatlas/shared";
import { Link } from "react-router";
import { LoadErrorAlert } from "../../../components/load-error-alert";
import { useWorkspaces } from "../../admin/api/get-workspaces";
import { useApiKeys, useRevokeApiKey } from "../api/api-keys";
import { CreateKeyForm } from "./create-key-form";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : apiKeyTexts.never);

function KeyRow({ item }: { item: ApiKeyItem }) {
  const revoke = useRevokeApiKey();
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
        <Button color="error" size="small" disabled={revoke.isPending} onClick={() => revoke.mutate(item.id)}>
          {apiKeyTexts.revoke}
        </Button>
      </TableCell>
    </TableRow>
  );
}

function KeyList() {
  const keys = useApiKeys();
  if (keys.isPending) return <CircularProgress aria-label={adminTexts.loading} />;
  if (keys.isError) {
    return (
      <LoadErrorAlert title={apiKeyTexts.loadFailed} error={keys.error} onRetry={() => void keys.refetch()} />
    );
  }
  if (keys.data.keys.length === 0) return <Alert severity="info">{apiKeyTexts.none}</Alert>;
  return (
    <Box sx={{ overflowX: "auto" }}>
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
            <KeyRow key={k.id} item={k} />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export default function ApiKeysPage() {
  const workspaces = useWorkspaces();
  return (
    <Box component="main" sx={{ minHeight: "100vh", bgcolor: "background.default", p: { xs: 2, md: 4 } }}>
      <Stack spacing={3} sx={{ maxWidth: 1100, mx: "auto" }}>
        <Box>
          <Button component={Link} to="/map" startIcon={<ArrowBackIcon />}>
            {adminTexts.backToMap}
          </Button>
        </Box>
        <Typography variant="h4" component="h1">
          {apiKeyTexts.title}
        </Typography>
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
      </Stack>
    </Box>
  );
}
