import { useState } from "react";
import toast from "react-hot-toast";
import type { Product } from "../../../common/product";
import { isPriceSet } from "../../../common/store";
import { Button } from "../../ui/button";
import { publishFallback, usePublishProduct } from "./store-queries";
import { t } from "./texts";

/** A product's edits not saved yet, as 'Configurar Precios' holds them: publishing saves them in the same step. */
export interface UnsavedProduct {
  /** The typed price is a price (the Worker refuses to publish without one). */
  priced: boolean;
  /** Saves the product's edits with `published: true`, in one request. */
  saveAndPublish: () => Promise<unknown>;
}

/**
 * A product's state in the store and the button that changes it. Uploads are
 * drafts; a product is published once it has a price, and a price just typed
 * counts: 'Publicar' saves it too, so publishing is one step, never "save
 * first, then come back".
 */
export function PublishControl({ product, userId, unsaved }: { product: Product; userId: string; unsaved?: UnsavedProduct }) {
  const publish = usePublishProduct(userId);
  const [saving, setSaving] = useState(false);
  const priced = unsaved ? unsaved.priced : isPriceSet(product.price);
  async function toggle() {
    try {
      if (!product.published && unsaved) {
        setSaving(true);
        await unsaved.saveAndPublish();
      } else {
        await publish.mutateAsync({ id: product.id, published: !product.published });
      }
      toast.success(product.published ? t("productHidden") : t("productPublished"));
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : publishFallback());
    } finally {
      setSaving(false);
    }
  }
  const busy = publish.isPending || saving;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span
        data-testid="publish-state"
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${product.published ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-700"}`}
      >
        {product.published ? t("published") : t("draft")}
      </span>
      {product.published ? (
        <Button variant="secondary" className="min-h-11 px-3 py-1.5" busy={busy} onClick={() => void toggle()}>
          {t("hide")}
        </Button>
      ) : (
        <Button className="min-h-11 px-3 py-1.5" busy={busy} disabled={!priced} onClick={() => void toggle()}>
          {t("publish")}
        </Button>
      )}
      {!product.published && <span className="text-slate-600">{priced ? t("customersDontSeeIt") : t("priceToPublish")}</span>}
    </div>
  );
}
