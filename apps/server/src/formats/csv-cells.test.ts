import { describe, expect, it } from "vitest";
import { csvNumber, csvText } from "./csv-cells";

describe("csvText", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\r\nlines", '"two\r\nlines"'],
    ["=1+2", "'=1+2"],
    ["+49 30 1234", "'+49 30 1234"],
    ["-2+3", "'-2+3"],
    ["-1+cmd|' /C calc'!A0", "'-1+cmd|' /C calc'!A0"],
    ["-2,=1+1", `"'-2,=1+1"`],
    ["- 2", "'- 2"],
    ["-", "'-"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTAB", "'\tTAB"],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ["mid=formula", "mid=formula"],
  ])("%j → %j", (input, output) => {
    expect(csvText(input)).toBe(output);
  });

  it.each([
    ["-2", "-2"],
    ["-122.4,37.8", '"-122.4,37.8"'],
    ["-33.865143,151.209900", '"-33.865143,151.209900"'],
    ["-1.5e-3", "-1.5e-3"],
  ])("leaves the negative number or coordinates %j unprefixed", (input, output) => {
    expect(csvText(input)).toBe(output);
  });

  it("writes null as an empty cell and numbers as they are (a negative one unprefixed)", () => {
    expect(csvText(null)).toBe("");
    expect(csvNumber(null)).toBe("");
    expect(csvNumber(-33.865143)).toBe("-33.865143");
  });
});
