import { useId } from "react";
import type { Product } from "../../../common/product";
import { isPriceSet } from "../../../common/store";
import { MAX_CATEGORY_LENGTH } from "../../../common/store-browse";
import { productCodeLabel } from "../../../common/store-cart";
import { Button } from "../../ui/button";
import { useStoreMoney } from "../../lib/store-money";
import { PriceInput } from "./price-input";
import { PublishControl, type UnsavedProduct } from "./publish-button";
import { StoreCarousel } from "./store-carousel";
import type { ProductDraft } from "./store-drafts";
import { VariantsEditor } from "./store-variants-editor";
import { useSellerExamples } from "./seller-examples";
import { t } from "./texts";

interface Props {
  product: Product;
  draft: ProductDraft;
  /** The draft differs from the saved product. */
  dirty: boolean;
  onChange: (next: Partial<ProductDraft>) => void;
  onPickImages: () => void;
  userId: string;
  /** Publishing a product with edits not saved yet saves them too (see PublishControl). */
  unsaved?: UnsavedProduct;
}

/** One product in 'Configurar Precios': name, price, state in the store, category, images, description, sizes and stock. */
export function PricingCard({ product, draft, dirty, onChange, onPickImages, userId, unsaved }: Props) {
  const priceId = useId();
  const nameId = useId();
  const descriptionId = useId();
  const categoryId = useId();
  const money = useStoreMoney();
  const examples = useSellerExamples();
  return (
    <article aria-label={product.name} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="grid grid-cols-[7.5rem_1fr] sm:grid-cols-[11rem_1fr]">
        <StoreCarousel images={draft.storeImageURLs} name={product.name} />
        <div className="min-w-0 space-y-3 p-4">
          <div>
            <label htmlFor={nameId} className="text-sm font-medium text-slate-700">
              {t("nameLabel")}
            </label>
            <input
              id={nameId}
              value={draft.name ?? product.name}
              maxLength={120}
              onChange={(e) => onChange({ name: e.target.value })}
              className="mt-1 w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-brand-600"
            />
            {/* The code buyers quote on WhatsApp and order lines carry. */}
            {product.code && (
              <p className="mt-1 text-sm text-slate-600" data-testid="product-code">
                {productCodeLabel(product.code)}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={priceId} className="text-sm font-medium text-slate-700">
              {t("priceLabel", { currency: money.currency })}
            </label>
            <PriceInput id={priceId} value={draft.price} onChange={(price) => onChange({ price })} />
            {/* What is saved, not what is typed: the store shows the saved price. */}
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm" data-testid="price-state">
              {isPriceSet(product.price) ? (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">{t("priceSet")}</span>
              ) : (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{t("noPrice")}</span>
              )}
              {dirty && (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t("unsavedChanges")}</span>
              )}
            </p>
          </div>
          <PublishControl product={product} userId={userId} unsaved={unsaved} />
        </div>
      </div>
      <div className="space-y-3 border-t border-slate-100 p-4">
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <div>
            <label htmlFor={categoryId} className="text-sm font-medium text-slate-700">
              {t("categoryLabel")}
            </label>
            {/* A suggestion or the seller's own words: the store shows one chip per category. */}
            <input
              id={categoryId}
              list="categorias-sugeridas"
              maxLength={MAX_CATEGORY_LENGTH}
              placeholder={t("categoryPlaceholder", { example: examples.category })}
              value={draft.category ?? ""}
              onChange={(e) => onChange({ category: e.target.value })}
              className="mt-1 w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 focus-visible:outline-2 focus-visible:outline-brand-600"
            />
          </div>
          <Button variant="secondary" className="w-full px-3 sm:w-auto" onClick={onPickImages}>
            {t("selectImagesCount", { count: draft.storeImageURLs.length })}
          </Button>
        </div>
        <div>
          <label htmlFor={descriptionId} className="text-sm font-medium text-slate-700">
            {t("descriptionOptional")}
          </label>
          <textarea
            id={descriptionId}
            value={draft.description ?? ""}
            maxLength={1000}
            rows={2}
            placeholder={t("descriptionPlaceholder")}
            onChange={(e) => onChange({ description: e.target.value })}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
          />
        </div>
        <VariantsEditor productName={product.name} draft={draft} onChange={onChange} />
      </div>
    </article>
  );
}
