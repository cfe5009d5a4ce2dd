import type { KeyboardEvent } from "react";
import { pricePreviewIn, useStoreMoney } from "../../lib/store-money";
import { Button } from "../../ui/button";
import { ProductImage } from "../../ui/product-image";
import type { StoreMoney } from "../../../common/store-money";
import { priceExample } from "./grid-texts";
import { GRID_FIELDS, type GridField, type GridRow } from "./pricing-rows";
import { t } from "./texts";

const labels = (): Record<GridField, string> => ({
  name: t("fieldName"),
  price: t("fieldPrice"),
  sizes: t("fieldSizes"),
  stock: t("fieldStock"),
});

/** The price's example is the store's own: "12.500" in pesos, "129,90" in reais. */
const hints = (money: StoreMoney): Partial<Record<GridField, string>> => ({
  price: t("priceHint", { example: priceExample(money) }),
  sizes: t("sizesHint"),
  stock: t("stockHint"),
});

export const cellId = (row: number, field: GridField) => `fila-${row}-${field}`;

interface Props {
  row: GridRow;
  index: number;
  /** Each field's problem, as the seller reads it. */
  errors: Partial<Record<GridField, string>>;
  onEdit: (field: GridField, value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>, field: GridField) => void;
  onFillDown?: () => void;
}

/** One product of the grid: its photo, its four cells with their errors in place, and 'Igual que arriba'. */
export function PricingRow({ row, index, errors, onEdit, onKeyDown, onFillDown }: Props) {
  const money = useStoreMoney();
  const label = labels();
  const hint = hints(money);
  const rowName = t("rowLabel", { row: String(index + 1) });
  return (
    <li
      aria-label={rowName}
      className="grid scroll-mt-24 scroll-mb-28 grid-cols-[4rem_1fr] gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[4rem_2fr_1fr_1fr_1fr_auto] sm:items-start"
    >
      <div className="space-y-1">
        <ProductImage url={row.photoUrl} className="aspect-square w-16 rounded-lg" sizes="4rem" />
        <p className="text-center text-xs font-medium text-slate-600">{rowName}</p>
      </div>
      <div className="contents">
        {GRID_FIELDS.map((field) => {
          const id = cellId(index, field);
          const error = errors[field];
          const preview = field === "price" && !error ? pricePreviewIn(row.price, money) : null;
          return (
            <div key={field} className={field === "name" ? "col-span-1" : "col-span-2 sm:col-span-1"}>
              <label htmlFor={id} className="text-xs font-medium text-slate-600">
                {label[field]}
              </label>
              <input
                id={id}
                value={row[field]}
                // Cents need the keyboard with a decimal sign.
                inputMode={field === "price" ? (money.digits ? "decimal" : "numeric") : undefined}
                enterKeyHint="next"
                placeholder={hint[field]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => onEdit(field, event.target.value)}
                onKeyDown={(event) => onKeyDown(event, field)}
                className={`mt-0.5 min-h-11 w-full rounded-lg border px-3 text-sm ${error ? "border-red-500" : "border-slate-300"}`}
              />
              {error && (
                <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
                  {error}
                </p>
              )}
              {preview && <p className="mt-1 text-xs text-slate-500">{preview}</p>}
            </div>
          );
        })}
        <div className="col-span-2 sm:col-span-1 sm:pt-5">
          {onFillDown && (
            <Button variant="ghost" className="min-h-11 w-full text-xs sm:w-auto" onClick={onFillDown}>
              {t("sameAsAbove")}
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
