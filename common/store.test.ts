import { describe, expect, it } from "vitest";
import {
  COUNTRIES,
  countryByCode,
  countryFromPhone,
  DEFAULT_COUNTRY,
  formatArs,
  keepDialPrefix,
  localPart,
  normalizePhone,
  parsePrice,
  parseStock,
  replaceDialPrefix,
  slugCandidate,
  slugFromStoreName,
  storeLinkPreview,
} from "./store";

const country = (code: string) => countryByCode(code)!;

describe("the sixteen countries", () => {
  it("are the spec's, with their dial codes, Argentina first and by default", () => {
    expect(COUNTRIES.map((c) => `${c.code} ${c.dialCode}`)).toEqual([
      "AR 54", "BR 55", "CL 56", "CO 57", "MX 52", "PE 51", "UY 598", "PY 595",
      "BO 591", "DO 1", "GT 502", "CR 506", "MY 60", "ID 62", "KE 254", "NG 234",
    ]);
    expect(DEFAULT_COUNTRY.code).toBe("AR");
    expect(new Set(COUNTRIES.map((c) => c.name)).size).toBe(16);
  });

  it("guesses the country from a saved phone's dial code, the longest code first", () => {
    expect(countryFromPhone("+54 91122334455")?.code).toBe("AR");
    expect(countryFromPhone("+598 94123456")?.code).toBe("UY");
    expect(countryFromPhone("+595 981123456")?.code).toBe("PY");
    expect(countryFromPhone("+591 71234567")?.code).toBe("BO");
    expect(countryFromPhone("+1 8095551234")?.code).toBe("DO");
    expect(countryFromPhone("+234 8031234567")?.code).toBe("NG");
    expect(countryFromPhone("+44 2071234567")).toBeUndefined();
    expect(countryFromPhone("1122334455")).toBeUndefined();
    expect(countryFromPhone(null)).toBeUndefined();
  });
});

describe("the phone field's prefix", () => {
  it("always starts with the chosen country's prefix, whatever is typed or deleted", () => {
    const ar = country("AR");
    expect(keepDialPrefix("+54 911", ar)).toBe("+54 911");
    expect(keepDialPrefix("+54", ar)).toBe("+54 ");
    expect(keepDialPrefix("+5", ar)).toBe("+54 ");
    expect(keepDialPrefix("", ar)).toBe("+54 ");
    expect(keepDialPrefix("1122", ar)).toBe("+54 1122");
    expect(keepDialPrefix("9+54 ", ar)).toBe("+54 9 ");
    expect(keepDialPrefix("+5491122", ar)).toBe("+54 91122");
    expect(keepDialPrefix("+598 99", countryByCode("UY")!)).toBe("+598 99");
  });

  it("is replaced when the country changes, keeping the number", () => {
    expect(replaceDialPrefix("+54 9 11 2233", country("AR"), country("UY"))).toBe("+598 9 11 2233");
    expect(replaceDialPrefix("+598 94", country("UY"), country("DO"))).toBe("+1 94");
    expect(replaceDialPrefix("+54 ", country("AR"), country("CL"))).toBe("+56 ");
    expect(localPart("+598 94123456", country("UY"))).toBe("94123456");
  });

  it("normalises a valid phone and names what is wrong with a bad one", () => {
    expect(normalizePhone("+54 9 (11) 2233-4455", country("AR"))).toEqual({ phone: "+54 91122334455" });
    expect(normalizePhone(" +1 809.555.1234 ", country("DO"))).toEqual({ phone: "+1 8095551234" });
    expect(normalizePhone("+54 once", country("AR"))).toEqual({ error: "El número de WhatsApp solo puede tener números." });
    expect(normalizePhone("+54 ", country("AR"))).toEqual({ error: "Por favor completa todos los campos obligatorios." });
    expect(normalizePhone("+55 11223344", country("AR"))).toEqual({ error: "El número de WhatsApp tiene que empezar con el código del país elegido." });
    expect(normalizePhone("+54 12345", country("AR"))).toEqual({ error: "El número de WhatsApp es demasiado corto." });
    expect(normalizePhone("+598 1234567890123", country("UY"))).toEqual({ error: "El número de WhatsApp es demasiado largo." });
  });
});

describe("the store's link", () => {
  it("is the name lowercased, letters and digits only, at most 20 characters, accents dropped", () => {
    expect(slugFromStoreName("Mi Tienda")).toBe("mitienda");
    expect(slugFromStoreName("  Ñandú Ropa & Más 2024! ")).toBe("nanduropamas2024");
    expect(slugFromStoreName("La Tienda De Ropa Más Linda")).toBe("latiendaderopamaslin");
    expect(slugFromStoreName("¡¡¡ *** !!!")).toBe("");
    expect(slugFromStoreName("<script>alert(1)</script>")).toBe("scriptalert1script");
  });

  it("takes a number when taken, still within 20 characters", () => {
    expect(slugCandidate("mitienda", 1)).toBe("mitienda");
    expect(slugCandidate("mitienda", 2)).toBe("mitienda2");
    expect(slugCandidate("abcdefghijklmnopqrst", 2)).toBe("abcdefghijklmnopqrs2");
    expect(slugCandidate("abcdefghijklmnopqrst", 12)).toBe("abcdefghijklmnopqr12");
  });

  it("previews '...' until there is a name", () => {
    expect(storeLinkPreview("vidriera.app", "")).toBe("vidriera.app/u/...");
    expect(storeLinkPreview("vidriera.app", "mitienda")).toBe("vidriera.app/u/mitienda");
  });
});

describe("prices and stock", () => {
  it("shows whole pesos with dots for thousands", () => {
    expect(formatArs(0)).toBe("$0");
    expect(formatArs(999)).toBe("$999");
    expect(formatArs(15000)).toBe("$15.000");
    expect(formatArs(1234567.5)).toBe("$1.234.568");
    expect(formatArs(32999.4)).toBe("$32.999");
    expect(formatArs(Number.NaN)).toBe("$0");
  });

  it("parses a price as a decimal; invalid or negative is 0", () => {
    expect(parsePrice("1500")).toBe(1500);
    expect(parsePrice("1500.75")).toBe(1500.75);
    expect(parsePrice(" 99.999 ")).toBe(100);
    expect(parsePrice(250)).toBe(250);
    expect(parsePrice("-3")).toBe(0);
    expect(parsePrice("abc")).toBe(0);
    expect(parsePrice("")).toBe(0);
    expect(parsePrice(null)).toBe(0);
    expect(parsePrice(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it("parses stock as a whole number; invalid or negative is 0", () => {
    expect(parseStock("7")).toBe(7);
    expect(parseStock("7.9")).toBe(7);
    expect(parseStock(3.2)).toBe(3);
    expect(parseStock("-1")).toBe(0);
    expect(parseStock("muchos")).toBe(0);
    expect(parseStock(undefined)).toBe(0);
  });
});
