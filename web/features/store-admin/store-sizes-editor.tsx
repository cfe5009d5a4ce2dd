import { useId } from "react";
import { readStock, totalStock } from "../../../common/store";
import { newSizeDraft, sizesOf, type ProductDraft, type SizeDraft } from "./store-drafts";
import { PlusIcon } from "../../ui/icons";
import { Button } from "../../ui/button";
import { useSellerExamples } from "./seller-examples";
import { t } from "./texts";

interface Props {
  productName: string;
  /** 'Talles y stock' unless said otherwise (a colour's stock). */
  title?: string;
  sizes: SizeDraft[];
  onChange: (sizes: SizeDraft[]) => void;
  disabled?: boolean;
}

/** Sizes and stock of one product: name and stock per row, 'Agregar Talle', remove, and the totals. */
export function SizesEditor({ productName, title, sizes, onChange, disabled = false }: Props) {
  const id = useId();
  const word = useSellerExamples().sizes;
  const set = (key: string, change: Partial<SizeDraft>) => onChange(sizes.map((s) => (s.key === key ? { ...s, ...change } : s)));
  const stock = totalStock(sizesOf({ sizes } as ProductDraft));
  return (
    <fieldset className="min-w-0 space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700">{title ?? t("sizesAndStock", { sizes: word })}</legend>
      {sizes.length === 0 && <p className="text-sm text-slate-500">{t("noSizes", { sizes: word })}</p>}
      <ul className="space-y-2">
        {sizes.map((size, i) => (
          <li key={size.key} className="flex items-center gap-2">
            <label className="sr-only" htmlFor={`${id}-name-${size.key}`}>
              {t("sizeOf", { sizes: word, number: i + 1, name: productName })}
            </label>
            <input
              id={`${id}-name-${size.key}`}
              value={size.name}
              maxLength={20}
              placeholder={t("sizePlaceholder")}
              onChange={(e) => set(size.key, { name: e.target.value })}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
            />
            <label className="sr-only" htmlFor={`${id}-stock-${size.key}`}>
              {t("sizeStockOf", { sizes: word, size: size.name || i + 1, name: productName })}
            </label>
            <input
              id={`${id}-stock-${size.key}`}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={size.stock}
              onChange={(e) => set(size.key, { stock: e.target.value })}
              // Leaving the field writes a stock back as read ("" → 0, "007" → 7) and a negative one as 0 (the
              // input's minimum); anything else ("2.7", "1e9") stays as typed, and saving says why.
              onBlur={(e) => {
                const typed = e.target.value.trim();
                const read = readStock(/^-\d+$/.test(typed) ? "0" : typed);
                if ("stock" in read) set(size.key, { stock: String(read.stock) });
              }}
              className="w-20 rounded-lg border border-slate-300 px-2 py-1.5 text-right text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
            />
            <button
              type="button"
              onClick={() => onChange(sizes.filter((s) => s.key !== size.key))}
              aria-label={t("removeSizeOf", { sizes: word, size: size.name || i + 1, name: productName })}
              className="rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-red-600"
            >
              <svg aria-hidden viewBox="0 0 20 20" className="size-4" fill="currentColor">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => onChange([...sizes, newSizeDraft()])}>
          <PlusIcon />
          {t("addSize", { sizes: word })}
        </Button>
        <p className="text-sm text-slate-600" data-testid="stock-total">
          {t("stockTotal")} <strong>{stock}</strong> {t("sizesCount", { sizes: word, count: sizes.length })}
        </p>
      </div>
    </fieldset>
  );
}
