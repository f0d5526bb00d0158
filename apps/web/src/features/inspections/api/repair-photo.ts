/**
 * A new photo of a repair, stored on the finding's pole: sent as every photo is (tus, resumable),
 * then, where its position put it on another pole or on none (a phone's GPS off or adrift), moved
 * onto this one, as 'Move to pole' would.
 */
import { inspectionTexts } from "@poleatlas/shared";
import { patchImage } from "../../poles";
import { uploadResumable } from "../../upload";

/** The stored photo's id, on the pole `poleId`. */
export async function storeRepairPhoto(file: File, poleId: string): Promise<string> {
  const { image, duplicate } = await uploadResumable(file);
  if (image.pole_id === poleId) return image.id;
  // The same bytes stored before belong to another pole's record: taking them away would change it.
  if (duplicate && image.pole_id !== null) throw new Error(inspectionTexts.repairPhotoStoredElsewhere);
  return (await patchImage(image.id, { pole_id: poleId }, image.version)).id;
}
