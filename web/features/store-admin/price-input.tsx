import { formatPriceInput, parseArsPrice, pricePreview, priceSuggestion, tidyPrice } from "../../../common/price";

/**
 * Every price field of the store screens: typed as sellers write prices
 * ("12.500", "$ 12.500"), read by the same parser as the Worker
 * (common/price.ts), with "$" as the field's own prefix and what it means
 * written under it: the price as the store will show it, or why it cannot be
 * saved. A price with cents is refused, and its whole-peso rounding is one tap
 * away. A text field, not type=number: a number field reads "12.500" as
 * twelve and a half.
 */
export function PriceInput({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const parsed = parseArsPrice(value);
  const preview = pricePreview(value);
  const problem = "error" in parsed ? parsed.error : null;
  const suggestion = problem ? priceSuggestion(value) : null;
  return (
    <div>
      <div className="mt-1 flex min-h-11 items-center rounded-lg border border-slate-300 bg-white focus-within:outline-2 focus-within:outline-brand-600 has-aria-invalid:border-red-500">
        <span aria-hidden className="pl-3 text-slate-500">
          $
        </span>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="Ej: 12.500"
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-shown`}
          // The field shows its own "$": a typed or pasted one is dropped, so it never reads "$ $ 8.900".
          onChange={(e) => onChange(e.target.value.replace(/^\s*\$\s*/, ""))}
          onBlur={() => onChange(tidyPrice(value))}
          className="w-full min-w-0 rounded-lg bg-transparent px-2 py-2 outline-none"
        />
      </div>
      <div id={`${id}-shown`} aria-live="polite" className="mt-1 text-sm" data-testid="price-preview">
        {problem ? (
          <p className="flex flex-wrap items-center gap-x-2 text-red-700">
            <span>{problem}</span>
            {suggestion !== null && (
              <button
                type="button"
                onClick={() => onChange(formatPriceInput(suggestion))}
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
              >
                Usar ${formatPriceInput(suggestion)}
              </button>
            )}
          </p>
        ) : preview ? (
          <p className="text-slate-600">Se verá así: {preview}</p>
        ) : null}
      </div>
    </div>
  );
}
