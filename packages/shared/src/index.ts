// The EXIF reader (exifr) is not re-exported here: import it from "@poleatlas/shared/exif", so
// screens that read no photos (sign-in, reset) never load it.
export * from "./constants";
export * from "./format";
export * from "./messages";
export * from "./names";
export * from "./poles";
export * from "./schemas";
export * from "./workspaces";
export * from "./admin";
export * from "./basemaps";
export * from "./export";
export { sniffImageFormat, type ImageFormat } from "./exif-locate";
export * from "./regions";
export * from "./search";
export * from "./inspections";
