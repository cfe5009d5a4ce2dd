/**
 * WhatsApp numbers, read with libphonenumber-js (Google's libphonenumber
 * metadata, kept current by its maintainer) rather than our own rules: every
 * country has its own trunk prefixes, lengths and mobile markers, and
 * Argentina's are the ones that lose orders. An Argentine mobile is dialled
 * from abroad as 54 9 <area> <number>, without the trunk 0 and without the
 * local 15; wa.me needs that form, or the message never arrives.
 *
 * The "min" metadata is enough: parsing (with Argentina's 0/15 → 9 rewrite)
 * and length validation are in it; the number-type patterns are not needed.
 * The Worker and the store forms import this module; the forms load it lazily.
 */
import {
  getExampleNumber,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
  type PhoneNumber,
} from "libphonenumber-js/min";
import mobileExamples from "libphonenumber-js/mobile/examples";
// Type-only and no relative runtime imports: scripts/normalize-phones.ts runs this file on Node directly.
import type { Country } from "./store";

const digitsOnly = (value: string) => value.replace(/\D/g, "");

export const PHONE_LETTERS = "El número de WhatsApp solo puede tener números.";
export const PHONE_TOO_SHORT = "El número de WhatsApp es demasiado corto.";
export const PHONE_TOO_LONG = "El número de WhatsApp es demasiado largo.";
export const PHONE_WRONG_COUNTRY = "El número de WhatsApp tiene que empezar con el código del país elegido.";
export const PHONE_REQUIRED = "Por favor completa todos los campos obligatorios.";
export const phoneInvalid = (country: Country) => `El número de WhatsApp no es válido en ${country.name}. Revisa el código de área.`;

export interface WhatsappNumber {
  /** As saved: "+54 91123456789" (dial code, a space, the national number). */
  phone: string;
  /** As dialled and as wa.me wants it: "5491123456789". */
  digits: string;
  /** As shown to the seller, the way the country writes it: "+54 9 11 2345-6789". */
  display: string;
  /** An Argentine number saved as a landline (WhatsApp Business on a fixed line). */
  landline: boolean;
}

export interface PhoneOptions {
  /**
   * Argentina only: the seller says the number is a landline. Argentine
   * landlines and mobiles share their digits, so a number typed without 15 or
   * 9 is taken as a mobile (WhatsApp lives on mobiles) unless this is set.
   */
  landline?: boolean;
}

/**
 * A number as people of its country write it, for the international reader: libphonenumber's grouping,
 * and in Argentina the hyphen before the last four digits ("+54 9 11 2345-6789", "+54 351 555-1234").
 */
function written(parsed: PhoneNumber): string {
  const international = parsed.formatInternational();
  return parsed.countryCallingCode === "54" ? international.replace(/ (\d{4})$/, "-$1") : international;
}

function describe(parsed: PhoneNumber, landline: boolean): WhatsappNumber {
  return {
    phone: `+${parsed.countryCallingCode} ${parsed.nationalNumber}`,
    digits: `${parsed.countryCallingCode}${parsed.nationalNumber}`,
    display: written(parsed),
    landline,
  };
}

/**
 * A saved or configured WhatsApp number ("+54 91123456789", "5491123456789") as the store, the order
 * views and the admin show it: "+54 9 11 2345-6789". A number libphonenumber cannot read is shown as
 * its digits after a "+", never hidden.
 */
export function formatWhatsappNumber(saved: string | null | undefined): string {
  const digits = digitsOnly(saved ?? "");
  if (!digits) return "";
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed ? written(parsed) : `+${digits}`;
}

/**
 * Reads the number a seller typed for the chosen country, with or without the
 * "+<dial code>" prefix the form keeps ("+54 011 15 2345-6789", "11 2345-6789",
 * "+54 9 11 2345 6789"), and answers it as WhatsApp dials it, or the Spanish
 * reason it cannot be dialled.
 */
export function parseWhatsappNumber(input: string, country: Country, options: PhoneOptions = {}): WhatsappNumber | { error: string } {
  const prefix = `+${country.dialCode}`;
  const trimmed = input.trim();
  if (trimmed.startsWith("+") && !trimmed.startsWith(prefix)) return { error: PHONE_WRONG_COUNTRY };
  const local = trimmed.startsWith(prefix) ? trimmed.slice(prefix.length) : trimmed;
  if (!local.trim()) return { error: PHONE_REQUIRED };
  if (!/^[\d\s().\-/]*$/.test(local)) return { error: PHONE_LETTERS };
  const code = country.code as CountryCode;
  // Typed as dialled from abroad ("9 11 …") or as dialled at home ("011 15 …"): the valid reading wins.
  const readings = [parsePhoneNumberFromString(local, code), parsePhoneNumberFromString(`${prefix}${digitsOnly(local)}`)].filter(
    (n): n is PhoneNumber => !!n && n.countryCallingCode === country.dialCode,
  );
  const valid = readings.filter((n) => n.isValid());
  let parsed = valid.find((n) => country.code === "AR" && n.nationalNumber.startsWith("9")) ?? valid[0];
  if (!parsed) {
    const length = validatePhoneNumberLength(local, code);
    if (length === "TOO_SHORT" || digitsOnly(local).length < 6) return { error: PHONE_TOO_SHORT };
    // E.164 allows 15 digits in all, dial code included.
    if (length === "TOO_LONG" || country.dialCode.length + digitsOnly(local).length > 15) return { error: PHONE_TOO_LONG };
    return { error: phoneInvalid(country) };
  }
  if (country.code === "AR" && !parsed.nationalNumber.startsWith("9")) {
    if (options.landline) return describe(parsed, true);
    const mobile = parsePhoneNumberFromString(`+549${parsed.nationalNumber}`);
    if (!mobile?.isValid()) return { error: phoneInvalid(country) };
    parsed = mobile;
  }
  return describe(parsed, false);
}

/** Whether a saved Argentine number is a landline (it lacks the mobile 9), so the form can show the choice ticked. */
export function isArgentineLandline(phone: string | null | undefined): boolean {
  const digits = digitsOnly(phone ?? "");
  return (phone ?? "").trim().startsWith("+54") && digits.length > 2 && !digits.startsWith("549");
}

/** A mobile number of the country as a seller there would type it, and as WhatsApp will dial it. */
export function phoneExample(country: Country): { typed: string; dialled: string } | null {
  const example = getExampleNumber(country.code as CountryCode, mobileExamples);
  return example ? { typed: example.formatNational(), dialled: written(example) } : null;
}

/** wa.me link of a parsed number, for the 'Probar en WhatsApp' check. */
export const whatsappTestUrl = (number: WhatsappNumber) => `https://wa.me/${number.digits}`;
