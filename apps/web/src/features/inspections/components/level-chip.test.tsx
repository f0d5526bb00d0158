/** The level chips read at WCAG AA contrast (4.5:1 for their small text) and say their level. */
import { FINDING_LEVELS } from "@poleatlas/shared";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LevelChip } from "./level-chip";

/** WCAG 2.1's relative luminance of an "rgb(r, g, b)", "#rrggbb" or "#rgb" colour. */
function luminance(given: string): number {
  const colour = /^#[0-9a-f]{3}$/i.test(given) ? given.replace(/[0-9a-f]/gi, (d) => d + d) : given;
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  const parts = hex
    ? [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16))
    : (colour.match(/\d+/g) ?? []).slice(0, 3).map(Number);
  const [r, g, b] = parts.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe("LevelChip", () => {
  it.each(FINDING_LEVELS)("Level %i is said in words, at 4.5:1 or more as drawn", (level) => {
    render(<LevelChip level={level} />);
    const chip = screen.getByText(`Level ${level}`).closest(".MuiChip-root")!;
    const style = getComputedStyle(chip);
    expect(contrast(style.backgroundColor, style.color)).toBeGreaterThanOrEqual(4.5);
  });
});
