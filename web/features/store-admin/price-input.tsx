import { parseArsPrice, pricePreview } from "../../../common/price";

/**
 * Every price field of the store screens: typed as sellers write prices
 * ("12.500", "$ 12.500"), read by the same parser as the Worker
 * (common/price.ts), and shown as the store will show it before saving. A
 * text field, not type=number: a number field reads "12.500" as twelve and a half.
 */
export function PriceInput({
  id,
  value,
  onChange,
  className,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const parsed = parseArsPrice(value);
  const preview = pricePreview(value);
  const problem = "error" in parsed ? parsed.error : null;
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="Ej: 12.500"
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-shown`}
        onChange={(e) => onChange(e.target.value)}
        className={className}
      />
      <p id={`${id}-shown`} aria-live="polite" className="mt-1 text-sm" data-testid="price-preview">
        {problem ? (
          <span className="text-red-700">{problem}</span>
        ) : preview ? (
          <span className="text-slate-600">Se verá así: {preview}</span>
        ) : null}
      </p>
    </>
  );
}

/** Whether a typed price can be saved (empty is fine: no price yet). */
export const priceProblem = (value: string) => {
  const parsed = parseArsPrice(value);
  return "error" in parsed ? parsed.error : null;
};
