export { UploadDialog, type UploadDialogProps } from "./components/upload-dialog";
