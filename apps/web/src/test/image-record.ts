/** What the server answers for a stored photo, for the upload tests. */
import type { ImageRecord } from "@poleatlas/shared";
import { photo } from "./records";

let nextImage = 0;
/** A record as the server returns it for a stored upload: a new id each time, named `name`. */
export function imageRecord(name: string): ImageRecord {
  nextImage += 1;
  return photo({ id: `img-${nextImage}`, name });
}
