import { describe, expect, it } from "vitest";
import {
  BUYER_PHONE_REQUIRED,
  formatWhatsappNumber,
  isArgentineLandline,
  parseBuyerPhone,
  parseWhatsappNumber,
  PHONE_WRONG_COUNTRY,
  phoneExample,
  whatsappTestUrl,
} from "./phone";
import { countryByCode } from "./store";

const country = (code: string) => countryByCode(code)!;
const ar = country("AR");

describe("WhatsApp numbers", () => {
  it("dials an Argentine mobile as 54 9 + area + number, without 0 and 15, however it was typed", () => {
    for (const typed of [
      "11 2345-6789",
      "011 15 2345-6789",
      "+54 011 15 2345-6789",
      "+54 9 11 2345 6789",
      "(011) 15-2345-6789",
      "+54 11 2345 6789",
    ]) {
      expect(parseWhatsappNumber(typed, ar), typed).toEqual({
        phone: "+54 91123456789",
        digits: "5491123456789",
        display: "+54 9 11 2345-6789",
        landline: false,
      });
    }
    // An area code outside Buenos Aires, with its 15.
    expect(parseWhatsappNumber("0351 15 123-4567", ar)).toMatchObject({ digits: "5493511234567" });
  });

  it("keeps an Argentine landline a landline when the seller says so", () => {
    expect(parseWhatsappNumber("011 4567-8901", ar, { landline: true })).toEqual({
      phone: "+54 1145678901",
      digits: "541145678901",
      display: "+54 11 4567-8901",
      landline: true,
    });
    expect(isArgentineLandline("+54 1145678901")).toBe(true);
    expect(isArgentineLandline("+54 91123456789")).toBe(false);
    expect(isArgentineLandline("+598 99123456")).toBe(false);
  });

  it("validates other countries with their own rules", () => {
    expect(parseWhatsappNumber("+598 099 123 456", country("UY"))).toMatchObject({ phone: "+598 99123456", digits: "59899123456" });
    expect(parseWhatsappNumber("55 1234 5678", country("MX"))).toMatchObject({ digits: "525512345678" });
    expect(parseWhatsappNumber("+1 809.555.1234", country("DO"))).toMatchObject({ digits: "18095551234" });
    expect(parseWhatsappNumber("+56 9 6123 4567", country("CL"))).toMatchObject({ digits: "56961234567" });
  });

  it("names what is wrong with a number it cannot dial", () => {
    expect(parseWhatsappNumber("+54 once", ar)).toEqual({ error: "El número de WhatsApp solo puede tener números." });
    expect(parseWhatsappNumber("+54 ", ar)).toEqual({ error: "Por favor completa todos los campos obligatorios." });
    expect(parseWhatsappNumber("+55 11 2345 6789", ar)).toEqual({
      error: "El número de WhatsApp tiene que empezar con el código del país elegido.",
    });
    expect(parseWhatsappNumber("+54 12345", ar)).toEqual({ error: "El número de WhatsApp es demasiado corto." });
    expect(parseWhatsappNumber("+598 1234567890123", country("UY"))).toEqual({ error: "El número de WhatsApp es demasiado largo." });
    expect(parseWhatsappNumber("+54 99 9999 9999", ar)).toEqual({
      error: "El número de WhatsApp no es válido en Argentina. Revisa el código de área.",
    });
  });

  it("shows an example for the chosen country and a link to try the number", () => {
    expect(phoneExample(ar)).toEqual({ typed: "011 15-2345-6789", dialled: "+54 9 11 2345-6789" });
    expect(phoneExample(country("UY"))?.dialled).toMatch(/^\+598 9/);
    const parsed = parseWhatsappNumber("11 2345-6789", ar);
    expect("digits" in parsed && whatsappTestUrl(parsed)).toBe("https://wa.me/5491123456789");
  });

  it("shows a saved number as its country writes it, in the store, the orders and the admin", () => {
    expect(formatWhatsappNumber("+54 91123456789")).toBe("+54 9 11 2345-6789");
    expect(formatWhatsappNumber("5493515551234")).toBe("+54 9 351 555-1234");
    expect(formatWhatsappNumber("+54 1145678901")).toBe("+54 11 4567-8901");
    expect(formatWhatsappNumber("+598 99123456")).toBe("+598 99 123 456");
    expect(formatWhatsappNumber("+55 11912345678")).toBe("+55 11 91234 5678");
    expect(formatWhatsappNumber("")).toBe("");
    expect(formatWhatsappNumber(null)).toBe("");
    expect(formatWhatsappNumber("+999 123")).toBe("+999123");
  });
});

describe("the shopper's WhatsApp (typed in the cart)", () => {
  const buenosAires = "+54 91122334455";
  const cordoba = "+54 93514000000";

  it("reads numbers typed the local way, taking the seller's area code when the shopper left it out", () => {
    const cases: [string, string | null, string][] = [
      ["011 15 2345-6789", buenosAires, "+54 91123456789"],
      ["15 2345 6789", buenosAires, "+54 91123456789"],
      ["15-2345-6789", buenosAires, "+54 91123456789"],
      ["+54 9 351 234-5678", buenosAires, "+54 93512345678"],
      ["0351 15 234-5678", buenosAires, "+54 93512345678"],
      ["15 234-5678", cordoba, "+54 93512345678"],
      ["11 2345-6789", cordoba, "+54 91123456789"],
    ];
    for (const [typed, seller, saved] of cases) {
      const read = parseBuyerPhone(typed, ar, seller);
      expect("phone" in read && read.phone, `${typed} (seller ${seller})`).toBe(saved);
    }
  });

  it("without the seller's area a local number stays a clear error, and so does an empty one", () => {
    expect(parseBuyerPhone("15 2345 6789", ar, null)).toHaveProperty("error");
    // Córdoba's numbers are 7 digits after 15: an 8-digit one is not Córdoba's.
    expect(parseBuyerPhone("15 2345 6789", ar, cordoba)).toHaveProperty("error");
    expect(parseBuyerPhone("  ", ar, buenosAires)).toEqual({ error: BUYER_PHONE_REQUIRED });
  });

  it("takes a shopper from another country who writes the + prefix, and refuses a number that is none", () => {
    const uruguay = parseBuyerPhone("+598 94 123 456", ar, buenosAires);
    expect("phone" in uruguay && uruguay.digits).toBe("59894123456");
    expect(parseBuyerPhone("+999 123", ar, buenosAires)).toEqual({ error: PHONE_WRONG_COUNTRY });
  });
});
