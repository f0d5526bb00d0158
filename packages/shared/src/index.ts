export * from "./constants";
export * from "./format";
export * from "./messages";
export * from "./names";
export * from "./schemas";
export * from "./exif";
export { sniffImageFormat, type ImageFormat } from "./exif-locate";
export * from "./regions";
