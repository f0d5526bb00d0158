export { ImportPolesDialog, ImportPolesNavItem } from "./components/import-poles-dialog";
