import { useId } from "react";
import { parseWhatsappNumber, phoneExample, whatsappTestUrl } from "../../../common/phone";
import { type Country, localPart } from "../../../common/store";

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
          Ejemplo en {country.name}: {example.typed} (se marca {example.dialled})
        </p>
      )}
      {parsed && "error" in parsed && (
        <p className="text-amber-800" data-testid="whatsapp-problem">
          {parsed.error}
        </p>
      )}
      {parsed && "digits" in parsed && (
        <p className="text-slate-700">
          Se marcará así:{" "}
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
            Probar en WhatsApp
          </a>
        </p>
      )}
      {country.code === "AR" && (
        <label htmlFor={id} className="flex min-h-11 items-center gap-2 text-slate-700">
          <input id={id} type="checkbox" checked={landline} onChange={(e) => onLandline(e.target.checked)} className="size-5" />
          Es un teléfono fijo (WhatsApp Business sin celular)
        </label>
      )}
    </div>
  );
}
