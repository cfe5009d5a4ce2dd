import { useId, useState } from "react";
import { COLOR_NAME_MAX_LENGTH, MAX_COLORS } from "../../../common/variants";
import { Button } from "../../ui/button";
import { PlusIcon } from "../../ui/icons";
import { draftStock, newColorDraft, type ColorDraft, type ProductDraft, type SizeDraft } from "./store-drafts";
import { useSellerExamples } from "./seller-examples";
import { SizesEditor } from "./store-sizes-editor";
import { t } from "./texts";

interface Props {
  productName: string;
  draft: ProductDraft;
  onChange: (next: Partial<Pick<ProductDraft, "sizes" | "colors" | "unitStock">>) => void;
}

/**
 * Colours and sizes of one product: colour chips to add, name, picture and
 * remove, and below them the sizes with the stock of the chosen colour (or of
 * the product, without colours). A product's first colour takes the stock the
 * product had; removing the last one leaves the product with that colour's.
 */
export function VariantsEditor({ productName, draft, onChange }: Props) {
  const id = useId();
  const { sizes } = useSellerExamples();
  const colors = draft.colors ?? [];
  const [activeKey, setActiveKey] = useState<string | null>(colors[0]?.key ?? null);
  const active = colors.find((c) => c.key === activeKey) ?? colors[0] ?? null;

  const setColors = (next: ColorDraft[], sizes = draft.sizes) => onChange({ sizes, colors: next });
  const setColor = (key: string, change: Partial<ColorDraft>) => setColors(colors.map((c) => (c.key === key ? { ...c, ...change } : c)));

  function addColor() {
    // The first colour starts with the stock the product had; later ones with none.
    const stock = colors.length ? {} : Object.fromEntries(draft.sizes.map((s) => [s.key, s.stock]));
    const color = newColorDraft("", null, stock);
    setColors([...colors, color]);
    setActiveKey(color.key);
  }

  function removeColor(color: ColorDraft) {
    const rest = colors.filter((c) => c.key !== color.key);
    // The last colour's stock becomes the product's own again.
    const sizes = rest.length ? draft.sizes : draft.sizes.map((s) => ({ ...s, stock: color.stock[s.key] ?? "0" }));
    setColors(rest, sizes);
    if (active?.key === color.key) setActiveKey(rest[0]?.key ?? null);
  }

  /** The sizes as the editor below shows them: with the chosen colour's stock. */
  const shown: SizeDraft[] = active ? draft.sizes.map((s) => ({ ...s, stock: active.stock[s.key] ?? "0" })) : draft.sizes;
  function changeSizes(next: SizeDraft[]) {
    if (!active) {
      onChange({ sizes: next, colors });
      return;
    }
    // Names and order are the product's; the stock typed goes to the chosen colour.
    const own = new Map(draft.sizes.map((s) => [s.key, s.stock]));
    const sizes = next.map((s) => ({ ...s, stock: own.get(s.key) ?? "0" }));
    setColors(
      colors.map((c) => (c.key === active.key ? { ...c, stock: Object.fromEntries(next.map((s) => [s.key, s.stock])) } : c)),
      sizes,
    );
  }

  return (
    <div className="space-y-3">
      <fieldset className="min-w-0 space-y-2">
        <legend className="text-sm font-medium text-slate-700">{t("colours")}</legend>
        {colors.length === 0 && <p className="text-sm text-slate-500">{t("noColours")}</p>}
        {colors.length > 0 && (
          <div role="tablist" aria-label={t("coloursOf", { name: productName })} className="flex flex-wrap gap-2">
            {colors.map((c, i) => (
              <button
                key={c.key}
                type="button"
                role="tab"
                aria-selected={c.key === active?.key}
                onClick={() => setActiveKey(c.key)}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 px-3 text-sm font-medium aria-selected:border-brand-700 aria-selected:bg-brand-700 aria-selected:text-white"
              >
                {c.image && <img src={c.image} alt="" className="size-6 rounded-full object-cover" />}
                {c.name.trim() || t("colourNumber", { number: i + 1 })}
              </button>
            ))}
          </div>
        )}
        {active && (
          <div className="grid gap-2 rounded-xl border border-slate-200 p-3 sm:grid-cols-[1fr_auto]">
            <div>
              <label htmlFor={`${id}-color`} className="text-sm text-slate-700">
                {t("colourName")}
              </label>
              <input
                id={`${id}-color`}
                value={active.name}
                maxLength={COLOR_NAME_MAX_LENGTH}
                placeholder={t("colourPlaceholder")}
                onChange={(e) => setColor(active.key, { name: e.target.value })}
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
              />
            </div>
            <Button variant="ghost" className="self-end px-3 py-1.5 text-red-700" onClick={() => removeColor(active)}>
              {t("removeColour")}
            </Button>
            {draft.storeImageURLs.length > 0 && (
              <fieldset className="sm:col-span-2">
                <legend className="text-sm text-slate-700">{t("colourPhoto")}</legend>
                <div className="mt-1 flex flex-wrap gap-2">
                  <label className="inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-slate-300 px-3 text-sm has-checked:border-brand-700 has-checked:ring-2 has-checked:ring-brand-600">
                    <input
                      type="radio"
                      className="sr-only"
                      name={`${id}-image`}
                      checked={!active.image}
                      onChange={() => setColor(active.key, { image: null })}
                    />
                    {t("noPhoto")}
                  </label>
                  {draft.storeImageURLs.map((url, i) => (
                    <label key={url} className="cursor-pointer rounded-lg has-checked:ring-2 has-checked:ring-brand-600">
                      <input
                        type="radio"
                        className="sr-only"
                        name={`${id}-image`}
                        checked={active.image === url}
                        onChange={() => setColor(active.key, { image: url })}
                      />
                      <img
                        src={url}
                        alt={t("imageForColour", { number: i + 1, colour: active.name.trim() || t("thisColour") })}
                        className="h-14 w-11 rounded-lg object-cover"
                      />
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
          </div>
        )}
        {colors.length < MAX_COLORS && (
          <Button variant="secondary" className="px-3 py-1.5" onClick={addColor}>
            <PlusIcon />
            {t("addColour")}
          </Button>
        )}
      </fieldset>
      <SizesEditor
        productName={productName}
        title={active ? t("sizesAndStockOf", { sizes, colour: active.name.trim() || t("thisColour") }) : undefined}
        sizes={shown}
        onChange={changeSizes}
      />
      {colors.length === 0 && draft.sizes.length === 0 && (
        <div>
          <label htmlFor={`${id}-units`} className="text-sm font-medium text-slate-700">
            {t("unitsInStock", { sizes })}
          </label>
          <input
            id={`${id}-units`}
            inputMode="numeric"
            value={draft.unitStock ?? ""}
            placeholder={t("noLimit")}
            aria-describedby={`${id}-units-hint`}
            onChange={(e) => onChange({ unitStock: e.target.value })}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          <p id={`${id}-units-hint`} className="mt-1 text-xs text-slate-600">
            {t("unitsHint")}
          </p>
        </div>
      )}
      {colors.length > 1 && (
        <p className="text-sm text-slate-600" data-testid="stock-all-colors">
          {t("stockAllColours")} <strong>{draftStock(draft)}</strong>
        </p>
      )}
    </div>
  );
}
