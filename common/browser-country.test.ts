import { describe, expect, it } from "vitest";
import { countryOfBrowser, withBrowserCountry } from "./browser-country";

const code = (tags: string[]) => countryOfBrowser(tags).code;

describe("countryOfBrowser", () => {
  it("reads the region of the first tag that names one of the app's countries", () => {
    expect(code(["pt-BR", "pt", "en"])).toBe("BR");
    expect(code(["es-MX"])).toBe("MX");
    expect(code(["en-KE", "sw"])).toBe("KE");
    expect(code(["es-AR", "es", "en"])).toBe("AR");
    expect(code(["en-NG"])).toBe("NG");
    expect(code(["ms_MY"])).toBe("MY");
  });

  it("skips regions that are not a country of the app, and region codes that are not countries", () => {
    expect(code(["en-US", "es-CO"])).toBe("CO");
    expect(code(["es-419", "es-CL"])).toBe("CL");
    expect(code(["es-ES"])).toBe("AR");
  });

  it("a language with no region keeps today's default, except Portuguese, which can only be Brazil", () => {
    expect(code(["es"])).toBe("AR");
    expect(code(["en"])).toBe("AR");
    expect(code([])).toBe("AR");
    expect(code(["pt"])).toBe("BR");
    expect(code(["pt-PT"])).toBe("BR");
  });
});

describe("withBrowserCountry", () => {
  it("gives a seller who never said a country the browser's, and leaves a saved phone or country alone", () => {
    expect(withBrowserCountry({ phone: null, countryCode: null }, ["pt-BR"]).countryCode).toBe("BR");
    expect(withBrowserCountry({ phone: null, countryCode: "MX" }, ["pt-BR"]).countryCode).toBe("MX");
    const argentine = { phone: "+54 9 11 5555-1234", countryCode: null };
    expect(withBrowserCountry(argentine, ["en-KE"])).toBe(argentine);
  });
});
