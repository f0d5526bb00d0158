/**
 * axe-core's WCAG 2.1 A and AA rules over a screen: its serious and critical findings. Every screen
 * is checked at a desktop's 1440 × 900 and a phone's 390 × 844 (`seriousViolationsAtBothSizes`);
 * docs/features.md lists which spec checks which screen. The globe's own canvas is Cesium's and is
 * left to it; everything around it is ours.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export const DESKTOP = { width: 1440, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;
type Size = typeof DESKTOP | typeof PHONE;

/** Serious and critical violations, each as "rule: target, target" for a readable failure. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // The globe's drawing surface: a canvas Cesium owns.
    .exclude(".cesium-widget canvas")
    // Inside the info box's frame: Cesium sandboxes it without scripts, so axe cannot run there
    // (it waits until the test times out). Its title, its text and its legibility are checked
    // by the map test; the box's title and buttons around it are in the run.
    .exclude(".cesium-infoBox-iframe")
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * The screen as it is now, at both sizes, each finding prefixed with the width it was seen at;
 * the page is left at the size it had. `ready` waits for what the new size changes (a layout
 * that measures itself, a drawer's slide) before axe reads the page: axe skips what is hidden.
 */
export async function seriousViolationsAtBothSizes(
  page: Page,
  ready: (size: Size) => Promise<void> = () => nextFrames(page),
): Promise<string[]> {
  const before = page.viewportSize();
  const found: string[] = [];
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await ready(size);
    found.push(...(await seriousViolations(page)).map((v) => `${size.width} px: ${v}`));
  }
  if (before) await page.setViewportSize(before);
  return found;
}

/** Two frames: what a resize changes is laid out and painted. */
export const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
