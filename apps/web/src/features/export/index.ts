export { ExportDialog, ExportNavItem } from "./components/export-dialog";
export { downloadExport, exportUrl } from "./api/download-export";
