import { describe, expect, it } from "vitest";
import { cleanText } from "./text";

describe("cleanText", () => {
  it("drops zero-width, bidi and control characters but keeps accents and joined emoji", () => {
    expect(cleanText("\u200BMar\u00EDa\u200E Jos\u00E9\u202E\uFEFF")).toBe("María José");
    expect(cleanText("Familia 👩‍👧 ñandú")).toBe("Familia 👩‍👧 ñandú");
    expect(cleanText("Jose\u0301")).toBe("José");
  });

  it("keeps line breaks only when asked, and at most one blank line", () => {
    expect(cleanText("Timbre 2\r\nPiso 3", { multiline: true })).toBe("Timbre 2\nPiso 3");
    expect(cleanText("a\n\n\n\nb", { multiline: true })).toBe("a\n\nb");
    expect(cleanText("a\nb")).toBe("a b");
    expect(cleanText("   \u200B  ")).toBe("");
    // Unicode's line and paragraph separators break lines too: never a hidden second line in one-line text.
    expect(cleanText("Ana\u2028Total: $1")).toBe("Ana Total: $1");
    expect(cleanText("Timbre\u2029Piso 3", { multiline: true })).toBe("Timbre\nPiso 3");
  });
});
