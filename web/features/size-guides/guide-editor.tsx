import { useState } from "react";
import type { Product } from "../../../common/product";
import { MAX_GUIDE_MEASURES, MAX_GUIDE_ROWS, type SizeGuide, type SizeGuideUnit } from "../../../common/size-guides";
import { Button } from "../../ui/button";
import { FormError } from "../../ui/form-field";
import { t } from "./texts";

export type GuideDraft = Omit<SizeGuide, "id">;

const field = "block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base";
const removeButton =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-xl text-slate-700 hover:bg-slate-50";

/** A new guide's starting table: the sizes the chosen product has, else S, M and L. */
export function newDraft(products: Product[]): GuideDraft {
  const first = products.find((p) => p.category) ?? products[0];
  const sizes = first?.sizes.map((s) => s.name) ?? [];
  return {
    title: "",
    scope: first?.category ? { category: first.category } : { productId: first?.id ?? "" },
    unit: "cm",
    measures: [t("measureChest"), t("measureLength")],
    rows: (sizes.length ? sizes : ["S", "M", "L"]).map((size) => ({ size, values: ["", ""] })),
    note: null,
  };
}

/**
 * The form of one size guide: its name, what it applies to (a category of the store or one product), the
 * unit, the measures, one row per size and a note about the model. Rows wrap on a phone instead of
 * scrolling a wide grid: each size is a small card of its measures.
 */
export function GuideEditor({
  initial,
  products,
  sizeWord,
  busy,
  error,
  onSave,
  onCancel,
}: {
  initial: GuideDraft;
  products: Product[];
  /** "talle" or "talla": the store's country's word, for the labels and the example (in Spanish). */
  sizeWord: string;
  busy: boolean;
  error: string | null;
  onSave: (draft: GuideDraft) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<GuideDraft>(initial);
  const talle = sizeWord === "talle";
  const categories = [...new Set(products.map((p) => p.category).filter((c): c is string => Boolean(c)))];
  const byCategory = "category" in draft.scope;
  const set = (change: Partial<GuideDraft>) => setDraft((d) => ({ ...d, ...change }));
  const setMeasure = (i: number, name: string) => set({ measures: draft.measures.map((m, j) => (j === i ? name : m)) });
  const removeMeasure = (i: number) =>
    set({
      measures: draft.measures.filter((_, j) => j !== i),
      rows: draft.rows.map((r) => ({ ...r, values: r.values.filter((_, j) => j !== i) })),
    });
  const addMeasure = () => set({ measures: [...draft.measures, ""], rows: draft.rows.map((r) => ({ ...r, values: [...r.values, ""] })) });
  const setRow = (i: number, change: Partial<GuideDraft["rows"][number]>) =>
    set({ rows: draft.rows.map((r, j) => (j === i ? { ...r, ...change } : r)) });

  return (
    <form
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(draft);
      }}
    >
      <label className="block">
        <span className="text-sm font-semibold">{t("nameLabel")}</span>
        <input
          className={field}
          value={draft.title}
          maxLength={60}
          onChange={(e) => set({ title: e.target.value })}
          placeholder={talle ? t("namePlaceholder") : t("namePlaceholderTalla")}
        />
      </label>

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{t("shownOn")}</legend>
        <div className="flex flex-wrap gap-2">
          <label className="inline-flex min-h-11 items-center gap-2">
            <input
              type="radio"
              checked={byCategory}
              disabled={!categories.length}
              onChange={() => set({ scope: { category: categories[0] ?? "" } })}
            />
            {t("aCategory")}
          </label>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input type="radio" checked={!byCategory} onChange={() => set({ scope: { productId: products[0]?.id ?? "" } })} />
            {t("aProduct")}
          </label>
        </div>
        {!categories.length && <p className="text-sm text-slate-600">{t("noCategories")}</p>}
        {byCategory ? (
          <select
            className={field}
            aria-label={t("category")}
            value={"category" in draft.scope ? draft.scope.category : ""}
            onChange={(e) => set({ scope: { category: e.target.value } })}
          >
            {categories.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        ) : (
          <select
            className={field}
            aria-label={t("product")}
            value={"productId" in draft.scope ? draft.scope.productId : ""}
            onChange={(e) => set({ scope: { productId: e.target.value } })}
          >
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </fieldset>

      <label className="block">
        <span className="text-sm font-semibold">{t("unit")}</span>
        <select className={field} value={draft.unit} onChange={(e) => set({ unit: e.target.value as SizeGuideUnit })}>
          <option value="cm">{t("centimetres")}</option>
          <option value="in">{t("inches")}</option>
        </select>
      </label>

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{t("measures")}</legend>
        {draft.measures.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a measure is its place in the table
          <div key={i} className="flex gap-2">
            <input
              className={field}
              aria-label={t("measureN", { n: i + 1 })}
              value={m}
              maxLength={24}
              onChange={(e) => setMeasure(i, e.target.value)}
            />
            <button
              type="button"
              className={removeButton}
              aria-label={t("removeMeasure", { name: m || i + 1 })}
              disabled={draft.measures.length === 1}
              onClick={() => removeMeasure(i)}
            >
              ×
            </button>
          </div>
        ))}
        {draft.measures.length < MAX_GUIDE_MEASURES && (
          <Button variant="secondary" className="min-h-11" onClick={addMeasure}>
            {t("addMeasure")}
          </Button>
        )}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">{talle ? t("rowsTalle") : t("rowsTalla")}</legend>
        {draft.rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a size is its place in the table
          <div key={i} className="rounded-xl border border-slate-200 p-3" data-testid="guide-row">
            <div className="flex items-end gap-2">
              <label className="block flex-1">
                <span className="text-sm">{talle ? t("sizeTalle") : t("sizeTalla")}</span>
                <input className={field} value={row.size} maxLength={20} onChange={(e) => setRow(i, { size: e.target.value })} />
              </label>
              <button
                type="button"
                className={removeButton}
                aria-label={talle ? t("removeSizeTalle", { size: row.size || i + 1 }) : t("removeSizeTalla", { size: row.size || i + 1 })}
                disabled={draft.rows.length === 1}
                onClick={() => set({ rows: draft.rows.filter((_, j) => j !== i) })}
              >
                ×
              </button>
            </div>
            <div className="mt-2 grid grid-cols-2 gap-2">
              {draft.measures.map((m, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one value per measure, in the measures' order
                <label key={j} className="block">
                  <span className="text-sm">
                    {m || t("measureN", { n: j + 1 })} ({draft.unit})
                  </span>
                  <input
                    className={field}
                    inputMode="decimal"
                    maxLength={16}
                    value={row.values[j] ?? ""}
                    onChange={(e) => setRow(i, { values: row.values.map((v, k) => (k === j ? e.target.value : v)) })}
                  />
                </label>
              ))}
            </div>
          </div>
        ))}
        {draft.rows.length < MAX_GUIDE_ROWS && (
          <Button
            variant="secondary"
            className="min-h-11"
            onClick={() => set({ rows: [...draft.rows, { size: "", values: draft.measures.map(() => "") }] })}
          >
            {talle ? t("addSizeTalle") : t("addSizeTalla")}
          </Button>
        )}
      </fieldset>

      <label className="block">
        <span className="text-sm font-semibold">{t("noteLabel")}</span>
        <textarea
          className={`${field} py-2`}
          rows={2}
          maxLength={200}
          value={draft.note ?? ""}
          onChange={(e) => set({ note: e.target.value })}
          placeholder={talle ? t("notePlaceholderTalle") : t("notePlaceholderTalla")}
        />
      </label>

      {error && <FormError>{error}</FormError>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {t("cancel")}
        </Button>
        <Button type="submit" busy={busy}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
