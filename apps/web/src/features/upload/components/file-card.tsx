import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import CloseIcon from "@mui/icons-material/Close";
import CloudQueueIcon from "@mui/icons-material/CloudQueue";
import ErrorIcon from "@mui/icons-material/Error";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import { Box, Card, CardContent, IconButton, LinearProgress, Tooltip, Typography } from "@mui/material";
import { memo } from "react";
import { poleTexts, uploadQueueTexts } from "@poleatlas/shared";
import type { UploadItem } from "../hooks/upload-items-reducer";
import { cardWarnings, formatSize } from "../utils/upload-checks";

const line = { display: "flex", alignItems: "flex-start", gap: 0.5, mt: 0.5 } as const;

function UploadState({ item }: { item: UploadItem }) {
  const name = item.file.name;
  if (item.status === "idle") return null;
  const color =
    item.status === "failed"
      ? "error"
      : item.status === "done"
        ? "success"
        : item.status === "queued"
          ? "warning"
          : "primary";
  return (
    <Box sx={{ mt: 1 }}>
      <LinearProgress
        variant="determinate"
        value={item.status === "failed" ? 100 : item.progress}
        color={color}
        aria-label={`Upload progress of ${name}`}
      />
      {item.status === "uploading" && (
        <Typography variant="caption" color="text.secondary">
          {item.progress < 100 ? `Uploading… ${item.progress}%` : "Processing…"}
        </Typography>
      )}
      {/* Results are live regions (announced once); the running percentage is not, it would chatter. */}
      {item.status === "done" && (
        <Typography role="status" variant="caption" color="success.main" sx={line}>
          <CheckCircleIcon fontSize="inherit" aria-hidden sx={{ mt: "2px" }} />
          {item.duplicate ? poleTexts.alreadyUploaded : "Uploaded"}
        </Typography>
      )}
      {item.status === "queued" && (
        <Typography role="status" variant="caption" color="warning.main" sx={line}>
          <CloudQueueIcon fontSize="inherit" aria-hidden sx={{ mt: "2px" }} />
          {uploadQueueTexts.queued}
        </Typography>
      )}
      {item.status === "failed" && (
        <Typography role="status" variant="caption" color="error" sx={line}>
          <ErrorIcon fontSize="inherit" aria-hidden sx={{ mt: "2px" }} />
          {item.error}
        </Typography>
      )}
    </Box>
  );
}

export interface FileCardProps {
  item: UploadItem;
  removable: boolean;
  onRemove: (id: string) => void;
}

/** One selected file: thumbnail, name, size, metadata warnings, and its upload's progress. */
export const FileCard = memo(function FileCard({ item, removable, onRemove }: FileCardProps) {
  const name = item.file.name;
  return (
    <Card
      component="li"
      variant="outlined"
      aria-label={name}
      sx={{ listStyle: "none", display: "flex", flexDirection: "column", minWidth: 0 }}
    >
      <Box sx={{ position: "relative", height: 110, bgcolor: "grey.900" }}>
        <Box
          component="img"
          src={item.previewUrl}
          alt={`Preview of ${name}`}
          loading="lazy"
          decoding="async"
          sx={{ width: "100%", height: "100%", objectFit: "cover", display: "block" }}
        />
        {removable && (
          <IconButton
            aria-label={`Remove ${name}`}
            size="small"
            onClick={() => onRemove(item.id)}
            sx={{
              position: "absolute",
              top: 4,
              right: 4,
              bgcolor: "rgba(0,0,0,0.65)",
              "&:hover": { bgcolor: "rgba(0,0,0,0.85)" },
            }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      <CardContent sx={{ p: 1, "&:last-child": { pb: 1 } }}>
        {/* A long name is cut: its tooltip reads it whole (on touch, a long press). Not a Tab
            stop: it does nothing, and the card and its Remove button say the whole name. */}
        <Tooltip title={name} enterTouchDelay={300} placement="top">
          <Typography variant="body2" noWrap>
            {name}
          </Typography>
        </Tooltip>
        <Typography variant="caption" color="text.secondary">
          {formatSize(item.file.size)}
        </Typography>
        {cardWarnings(item).map((warning) => (
          <Typography key={warning} variant="caption" color="warning.main" sx={line}>
            <WarningAmberIcon fontSize="inherit" aria-hidden sx={{ mt: "2px" }} />
            {warning}
          </Typography>
        ))}
        <UploadState item={item} />
      </CardContent>
    </Card>
  );
});
