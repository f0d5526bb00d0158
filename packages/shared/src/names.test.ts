import { describe, expect, it } from "vitest";
import { MAX_NAME_LENGTH } from "./constants";
import { safeDisplayName, safeLabel, safeNotes } from "./names";

describe("safeDisplayName", () => {
  it("keeps ordinary names as they are", () => {
    expect(safeDisplayName("pole 12 – north.jpg")).toBe("pole 12 – north.jpg");
    expect(safeDisplayName("Mast_Größe.PNG")).toBe("Mast_Größe.PNG");
  });

  it("removes NUL, C0/C1 controls and DEL", () => {
    expect(safeDisplayName("po\u0000le\n\r\t\u001b[31m.jpg")).toBe("pole[31m.jpg");
    expect(safeDisplayName("a\u0085b\u009fc\u007f.png")).toBe("abc.png");
  });

  it("removes bidi overrides and isolates", () => {
    expect(safeDisplayName("photo\u202egpj.exe")).toBe("photogpj.exe");
    for (const c of ["\u202a", "\u202b", "\u202c", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069"]) {
      expect(safeDisplayName(`a${c}b.jpg`)).toBe("ab.jpg");
    }
  });

  it("cuts long names to 255 characters, keeping the extension", () => {
    const long = `${"x".repeat(400)}.jpeg`;
    const safe = safeDisplayName(long);
    expect(safe).toHaveLength(MAX_NAME_LENGTH);
    expect(safe.endsWith("x.jpeg")).toBe(true);
    // Counted in characters: an emoji is never cut in half.
    const emoji = safeDisplayName(`${"📷".repeat(300)}.png`);
    expect(Array.from(emoji)).toHaveLength(MAX_NAME_LENGTH);
    expect(emoji.endsWith("📷.png")).toBe(true);
    expect(safeDisplayName("y".repeat(300))).toBe("y".repeat(255));
  });

  it("leaves nothing of a name made only of controls", () => {
    expect(safeDisplayName("\u0000\u202e \n")).toBe("");
  });
});

describe("safeLabel and safeNotes", () => {
  it("make a label one clean line", () => {
    expect(safeLabel(" P-\u202e12\r\nB\tC\u001b[0m ")).toBe("P-12 B C[0m");
  });

  it("keep the notes' line breaks as LF and drop the rest", () => {
    expect(safeNotes("a\r\nb\rc\u2029d\u0000\u0085\u2066e\tf")).toBe("a\nb\nc\nde f");
  });
});
