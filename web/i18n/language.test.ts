import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A browser as language.ts reads it: its storage (or none, in private mode), its cookie and its reloads. */
function browser({ storage = true, languages = ["pt-BR", "pt"] }: { storage?: boolean; languages?: string[] } = {}) {
  const kept = new Map<string, string>();
  const reload = vi.fn();
  const cookies: string[] = [];
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => (storage ? (kept.get(key) ?? null) : null),
    setItem: (key: string, value: string) => {
      if (!storage) throw new DOMException("private mode", "SecurityError");
      kept.set(key, value);
    },
  });
  vi.stubGlobal("navigator", { languages, language: languages[0] });
  vi.stubGlobal("location", { pathname: "/home", search: "", reload });
  vi.stubGlobal("document", {
    documentElement: { lang: "es" },
    getElementById: () => null,
    get cookie() {
      return cookies.join("; ");
    },
    set cookie(value: string) {
      cookies.push(value.split(";")[0]!);
    },
  });
  return { kept, reload, cookies };
}

/** language.ts as a fresh start of the app loads it (its active language is Spanish until started). */
const freshStart = async () => {
  vi.resetModules();
  return import("./language");
};

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe("followAccountLanguage: a device follows the language kept on the account", () => {
  it("stores it and reloads once; the next start finds it stored and does not reload again", async () => {
    const device = browser();
    const first = await freshStart();
    first.followAccountLanguage("en");
    expect(device.reload).toHaveBeenCalledTimes(1);
    expect(device.kept.get("vidriera-language")).toBe("en");
    expect(device.cookies).toContain("vidriera-language=en");

    // The reload: the app starts again, and the profile says English again.
    const second = await freshStart();
    expect(second.browserSellerLanguage()).toBe("en");
    second.followAccountLanguage("en");
    expect(device.reload).toHaveBeenCalledTimes(1);
  });

  it("never reloads when the browser keeps nothing (private mode): the app stays as it is, with no loop", async () => {
    const device = browser({ storage: false });
    const language = await freshStart();
    language.followAccountLanguage("en");
    language.followAccountLanguage("en");
    expect(device.reload).not.toHaveBeenCalled();
  });

  it("does nothing for an account that never chose, and does not reload into the language already shown", async () => {
    const device = browser();
    const language = await freshStart();
    language.followAccountLanguage(null);
    expect(device.kept.size).toBe(0);
    // Spanish is what a fresh start shows: kept from now on, with nothing to reload.
    language.followAccountLanguage("es");
    expect(device.kept.get("vidriera-language")).toBe("es");
    expect(device.reload).not.toHaveBeenCalled();
  });

  it("without a choice, the browser's own languages decide", async () => {
    browser({ languages: ["fr-FR", "en-NG"] });
    expect((await freshStart()).browserSellerLanguage()).toBe("en");
  });
});
