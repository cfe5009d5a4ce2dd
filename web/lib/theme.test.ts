import { describe, expect, it } from "vitest";
import script from "../../public/boot.js?raw";
import { parseThemeChoice, resolveTheme, THEME_STORAGE_KEY } from "./theme";

describe("theme", () => {
  it("defaults to the system's setting for anything not stored or not valid", () => {
    expect(parseThemeChoice(null)).toBe("system");
    expect(parseThemeChoice("purple")).toBe("system");
    expect(parseThemeChoice("dark")).toBe("dark");
    expect(parseThemeChoice("light")).toBe("light");
  });

  it("resolves system to what the device prefers, and an explicit choice to itself", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });

  it("the pre-paint script reads the same storage key as the app", () => {
    expect(script).toContain(`localStorage.getItem("${THEME_STORAGE_KEY}")`);
  });
});
