import { describe, expect, it } from "vitest";
import { formatWhatsappNumber, isArgentineLandline, parseWhatsappNumber, phoneExample, whatsappTestUrl } from "./phone";
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
