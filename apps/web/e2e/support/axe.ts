/**
 * axe-core's WCAG 2.1 A and AA rules over a screen: its serious and critical findings. The globe's
 * own canvas is Cesium's and is left to it; everything around it is ours.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** Serious and critical violations, each as "rule: target, target" for a readable failure. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // The globe's drawing surface: a canvas Cesium owns.
    .exclude(".cesium-widget canvas")
    // Inside the info box's frame: Cesium sandboxes it without scripts, so axe cannot run there
    // (it waits until the test times out). Its title, its text and its legibility are checked
    // by the map test; the box's title and buttons around it are in this run.
    .exclude(".cesium-infoBox-iframe")
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
