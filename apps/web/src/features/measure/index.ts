export { MeasureDialog, type MeasureDialogProps } from "./components/measure-dialog";
export { measurementsKey } from "./api/measure-api";
