export { ExportDialog, ExportNavItem } from "./components/export-dialog";
export { downloadExport, exportUrl, filenameFrom } from "./api/download-export";
