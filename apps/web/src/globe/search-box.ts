/**
 * Cesium's search box is an input with only a placeholder about addresses and landmarks: a
 * screen reader names it by that, and nobody would guess it finds poles by their tag. It gets a
 * name that says what it finds, and a placeholder to match.
 */
import { mapNavigationTexts } from "@poleatlas/shared";

export function labelSearchBox(container: ParentNode | undefined): void {
  const input = container?.querySelector<HTMLInputElement>(".cesium-geocoder-input");
  if (!input) return;
  input.setAttribute("aria-label", mapNavigationTexts.searchLabel);
  input.setAttribute("placeholder", mapNavigationTexts.searchPlaceholder);
}
