/** Typed coordinates, checked before anything is sent: decimal degrees, dot or comma. */
import { poleTexts } from "@poleatlas/shared";

export function parseCoordinates(
  latitude: string,
  longitude: string,
): { latitude: number; longitude: number } | string {
  const lat = Number(latitude.trim().replace(",", "."));
  const lon = Number(longitude.trim().replace(",", "."));
  if (latitude.trim() === "" || !Number.isFinite(lat) || Math.abs(lat) > 90) return poleTexts.badLatitude;
  if (longitude.trim() === "" || !Number.isFinite(lon) || Math.abs(lon) > 180) return poleTexts.badLongitude;
  return { latitude: lat, longitude: lon };
}
