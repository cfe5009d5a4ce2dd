import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  COUNTRIES,
  countryByCode,
  countryFromPhone,
  DEFAULT_COUNTRY,
  formatArs,
  keepDialPrefix,
  localPart,
  RESERVED_SLUGS,
  cleanStoreName,
  readStock,
  STOCK_INVALID,
  stockOrZero,
  replaceDialPrefix,
  slugCandidate,
  slugFromStoreName,
  storeLinkPreview,
} from "./store";

const country = (code: string) => countryByCode(code)!;

describe("the sixteen countries", () => {
  it("are the spec's, with their dial codes, Argentina first and by default", () => {
    expect(COUNTRIES.map((c) => `${c.code} ${c.dialCode}`)).toEqual([
      "AR 54",
      "BR 55",
      "CL 56",
      "CO 57",
      "MX 52",
      "PE 51",
      "UY 598",
      "PY 595",
      "BO 591",
      "DO 1",
      "GT 502",
      "CR 506",
      "MY 60",
      "ID 62",
      "KE 254",
      "NG 234",
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
});

describe("the store's link", () => {
  it("is the name lowercased, letters and digits only, at most 20 characters, accents dropped", () => {
    expect(slugFromStoreName("Mi Tienda Linda")).toBe("mitiendalinda");
    expect(slugFromStoreName("  Ñandú Ropa & Más 2024! ")).toBe("nanduropamas2024");
    expect(slugFromStoreName("La Tienda De Ropa Más Linda")).toBe("latiendaderopamaslin");
    expect(slugFromStoreName("¡¡¡ *** !!!")).toBe("");
    expect(slugFromStoreName("<script>alert(1)</script>")).toBe("scriptalert1script");
    expect(slugFromStoreName("Straße Øre Łódź")).toBe("strasseorelodz");
    expect(slugFromStoreName("Ｔｉｅｎｄａ")).toBe("tienda");
  });

  it("drops invisible and direction characters, so a link cannot pass for another", () => {
    expect(slugFromStoreName("don\u200barosa")).toBe("donarosa");
    expect(slugFromStoreName("\u202edonarosa\u202c\ufeff")).toBe("donarosa");
    expect(cleanStoreName("Doña\u200d Rosa\u2066\u00ad  🧵")).toBe("Doña Rosa 🧵");
    // An emoji sequence keeps its joiner: it is one picture.
    expect(cleanStoreName("Taller 👩\u200d💻")).toBe("Taller 👩\u200d💻");
  });

  it("gives any name a usable link: other scripts and emoji alone get 'tienda'", () => {
    expect(slugFromStoreName("Магазин")).toBe("tienda");
    expect(slugFromStoreName("服装店")).toBe("tienda");
    expect(slugFromStoreName("👗✨")).toBe("tienda");
    expect(slugFromStoreName("Магазин Ana 🌸")).toBe("ana");
    expect(slugFromStoreName("\u200b\u200e")).toBe("");
  });

  it("never gives the app's own words: a name that is one gets 'tienda' after it", () => {
    expect(slugFromStoreName("Admin")).toBe("admintienda");
    expect(slugFromStoreName("A.P.I.")).toBe("apitienda");
    // "/mi-tienda" is the app's store-setup screen.
    expect(slugFromStoreName("Mi Tienda")).toBe("mitiendatienda");
  });

  it("reserves every top-level path of the app (worker mounts, SPA routes, public files)", () => {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
    const worker = readFileSync(join(root, "worker/index.ts"), "utf8");
    const router = readFileSync(join(root, "web/router.tsx"), "utf8");
    const mounts = [...worker.matchAll(/\.route\("\/([^"/]+)/g)].map((m) => m[1]!);
    const spa = [...router.matchAll(/(?:page|guarded)\("\/([^"/]+)"|path: "\/([^"/]+)"/g)].map((m) => (m[1] ?? m[2])!);
    const files = readdirSync(join(root, "public")).map((f) => f.replace(/\..*$/, ""));
    const words = [...mounts, ...spa, ...files].map((w) => w.toLowerCase().replace(/[^a-z0-9]/g, "")).filter(Boolean);
    expect(mounts).toEqual(expect.arrayContaining(["api", "img", "u"]));
    expect(spa).toEqual(expect.arrayContaining(["login", "register", "home", "settings"]));
    for (const word of words) expect(RESERVED_SLUGS.has(word), word).toBe(true);
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

  it("reads stock as a whole number and refuses anything else instead of guessing", () => {
    expect(readStock("7")).toEqual({ stock: 7 });
    expect(readStock(" 007 ")).toEqual({ stock: 7 });
    expect(readStock("1.200")).toEqual({ stock: 1200 });
    expect(readStock(12)).toEqual({ stock: 12 });
    expect(readStock("")).toEqual({ stock: 0 });
    expect(readStock(undefined)).toEqual({ stock: 0 });
    for (const junk of [
      "5abc",
      "1e9",
      "7.9",
      "2,5",
      "-1",
      "muchos",
      "0x10",
      "١٢",
      "12.00",
      2.7,
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      [5],
    ]) {
      expect(readStock(junk), String(junk)).toEqual({ error: STOCK_INVALID });
    }
    expect(readStock("1.000.001")).toEqual({ error: "El stock máximo por talle es 1.000.000." });
    expect(stockOrZero("5abc")).toBe(0);
    expect(stockOrZero("5")).toBe(5);
  });
});
