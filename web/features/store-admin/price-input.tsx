import { formatPriceField, formatPriceInput, parsePrice, priceSuggestion } from "../../../common/price";
import { priceExample } from "../../../common/store-locale";
import { currencySymbol, pricePreviewIn, useStoreMoney } from "../../lib/store-money";
import { priceProblem } from "./price-problem";
import { t } from "./texts";

/**
 * Every price field of the store screens: typed as the store's sellers write
 * prices ("12.500" in Argentina, "1,299.50" in Mexico, "129,90" in Brazil),
 * read by the same parser as the Worker (common/price.ts) in the store's
 * money, with its symbol as the field's own prefix and what it means written
 * under it: the price as the store will show it, or why it cannot be saved.
 * In a whole-peso store a price with cents is refused, and its rounding is one
 * tap away. A text field, not type=number: a number field reads "12.500" as
 * twelve and a half.
 */
export function PriceInput({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const money = useStoreMoney();
  const symbol = currencySymbol(money);
  const parsed = parsePrice(value, money);
  const preview = pricePreviewIn(value, money);
  const problem = "error" in parsed ? priceProblem(parsed.error, money) : null;
  const pesos = money.currency === "ARS" && money.digits === 0;
  const suggestion = problem && pesos ? priceSuggestion(value) : null;
  return (
    <div>
      <div className="mt-1 flex min-h-11 items-center rounded-lg border border-slate-300 bg-white focus-within:outline-2 focus-within:outline-brand-600 has-aria-invalid:border-red-500">
        <span aria-hidden className="pl-3 text-slate-500">
          {symbol}
        </span>
        <input
          id={id}
          type="text"
          inputMode={money.digits ? "decimal" : "numeric"}
          autoComplete="off"
          placeholder={t("priceExample", { example: priceExample(money) })}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-shown`}
          // The field shows its own symbol: a typed or pasted one is dropped, so it never reads "$ $ 8.900".
          onChange={(e) => onChange(e.target.value.replace(/^\s*\$\s*/, "").replace(new RegExp(`^\\s*${escapeRegExp(symbol)}\\s*`), ""))}
          onBlur={() => onChange(tidy(value))}
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
                {t("useSuggestion", { price: `$${formatPriceInput(suggestion)}` })}
              </button>
            )}
          </p>
        ) : preview ? (
          <p className="text-slate-600">{t("willShowAs", { price: preview })}</p>
        ) : null}
      </div>
    </div>
  );

  /** A valid price as the store writes it ("12.500", "1,299.50"); anything else as typed, for its message to explain. */
  function tidy(typed: string): string {
    const read = parsePrice(typed, money);
    return "price" in read ? formatPriceField(read.price, money) : typed;
  }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
