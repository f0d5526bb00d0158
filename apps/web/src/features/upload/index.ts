export { UploadDialog, type UploadDialogProps } from "./components/upload-dialog";
export { useUploadQueue, uploadQueue } from "./queue/use-upload-queue";
export { UploadQueueNavItem } from "./queue/queue-panel";
export { uploadResumable } from "./api/resumable-upload";
