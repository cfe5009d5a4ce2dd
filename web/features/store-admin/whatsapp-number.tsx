import { type SyntheticEvent, useId } from "react";
import { useLoadedValue } from "../../lib/loaded-value";
import { isArgentineLandline, parseWhatsappNumber, phoneExample, whatsappTestUrl } from "../../../common/phone";
import {
  COUNTRIES,
  type Country,
  countryByCode,
  DEFAULT_COUNTRY,
  dialPrefix,
  keepDialPrefix,
  localPart,
  replaceDialPrefix,
  storeCountry,
} from "../../../common/store";
import type { User } from "../../../common/user";
import { countryName } from "./seller-examples";
import { t } from "./texts";

/**
 * The store's country and WhatsApp number as the seller edits them (/mi-tienda and the admin's card):
 * the number keeps the country's dial prefix, and choosing another country swaps it.
 */
export function useWhatsappNumber(user: User) {
  // Each follows a later read of the seller (the session loaded again) until the seller changes it.
  const country = useLoadedValue(storeCountry(user), (a, b) => a.code === b.code);
  const phone = useLoadedValue(keepDialPrefix(user.phone ?? "", storeCountry(user)));
  const landline = useLoadedValue(isArgentineLandline(user.phone));
  return {
    country: country.value,
    phone: phone.value,
    landline: landline.value,
    setLandline: landline.set,
    typePhone: (typed: string) => phone.set(keepDialPrefix(typed, country.value)),
    changeCountry: (next: Country) => {
      phone.set((current) => replaceDialPrefix(current, country.value, next));
      country.set(next);
    },
    /**
     * The caret never rests inside the "+54 " the field keeps: a tap there (or a field that opens with the caret
     * at its start) would put the number in front of the prefix, and each keystroke would then be moved behind it
     * one by one ("+54 1 1 5555…"). A selection is left alone, so the whole number can still be chosen.
     */
    keepCaretAfterPrefix: (event: SyntheticEvent<HTMLInputElement>) => {
      const input = event.currentTarget;
      const prefix = dialPrefix(country.value).length;
      if (input.selectionStart !== null && input.selectionStart === input.selectionEnd && input.selectionStart < prefix) {
        input.setSelectionRange(prefix, prefix);
      }
    },
  };
}

/** 'País': every country the store can be in, with its flag and dial code. */
export function CountrySelect({
  id,
  country,
  onChange,
  className = "",
}: {
  id: string;
  country: Country;
  onChange: (next: Country) => void;
  className?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t("countryLabel")}
      </label>
      <select
        id={id}
        value={country.code}
        onChange={(e) => onChange(countryByCode(e.target.value) ?? DEFAULT_COUNTRY)}
        className={`mt-1 w-full rounded-lg border border-slate-300 bg-white py-2 focus-visible:outline-2 focus-visible:outline-brand-600 ${className}`}
      >
        {COUNTRIES.map((c) => (
          <option key={c.code} value={c.code}>{`${c.flag} ${countryName(c)} (+${c.dialCode})`}</option>
        ))}
      </select>
    </div>
  );
}

/**
 * Under the WhatsApp field: the number as WhatsApp will dial it (an Argentine
 * mobile gains its 9 and loses 0 and 15), an example for the chosen country,
 * a 'Probar en WhatsApp' link, and in Argentina the landline choice.
 * common/phone.ts (libphonenumber-js) only loads with the store screens.
 */
export function WhatsappPreview({
  phone,
  country,
  landline,
  onLandline,
}: {
  phone: string;
  country: Country;
  landline: boolean;
  onLandline: (value: boolean) => void;
}) {
  const id = useId();
  const typed = localPart(phone, country).trim();
  const parsed = typed ? parseWhatsappNumber(phone, country, { landline }) : null;
  const example = phoneExample(country);
  return (
    <div className="mt-1 space-y-1 text-sm" aria-live="polite">
      {example && (
        <p className="text-slate-500">
          {t("phoneExample", { country: countryName(country), typed: example.typed, dialled: example.dialled })}
        </p>
      )}
      {parsed && "error" in parsed && (
        <p className="text-amber-800" data-testid="whatsapp-problem">
          {parsed.error}
        </p>
      )}
      {parsed && "digits" in parsed && (
        <p className="text-slate-700">
          {t("willDial")}{" "}
          <span className="font-mono font-medium" data-testid="whatsapp-dialled">
            {parsed.display}
          </span>{" "}
          <a
            href={whatsappTestUrl(parsed)}
            target="_blank"
            rel="noopener"
            data-testid="whatsapp-test-link"
            className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2"
          >
            {t("tryOnWhatsapp")}
          </a>
        </p>
      )}
      {country.code === "AR" && (
        <label htmlFor={id} className="flex min-h-11 items-center gap-2 text-slate-700">
          <input id={id} type="checkbox" checked={landline} onChange={(e) => onLandline(e.target.checked)} className="size-5" />
          {t("landline")}
        </label>
      )}
    </div>
  );
}
