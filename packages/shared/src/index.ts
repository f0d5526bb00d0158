// The EXIF reader (exifr) is not re-exported here: import it from "@poleatlas/shared/exif", so
// screens that read no photos (sign-in, reset) never load it.
export * from "./constants";
export * from "./format";
export * from "./messages";
export * from "./names";
export * from "./poles";
export * from "./pole-register";
export * from "./schemas";
export * from "./workspaces";
export * from "./admin";
export * from "./audit";
export * from "./audit-format";
export * from "./basemaps";
export * from "./export";
export * from "./events";
export { sniffImageFormat, type ImageFormat } from "./exif-locate";
export * from "./regions";
export * from "./search";
export * from "./concurrency";
export * from "./openapi";
export * from "./api-keys";
export * from "./ogc";
export * from "./inspections";
export * from "./visits";
export * from "./tracks";
export * from "./privacy";
export * from "./workspace-settings";
export * from "./resumable-uploads";
