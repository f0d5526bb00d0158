export { MeasureDialog, type MeasureDialogProps } from "./components/measure-dialog";
export { MeasureButton } from "./components/measure-button";
export { measurementsKey } from "./api/measure-api";
