import toast from "react-hot-toast";
import type { Product } from "../../../common/product";
import { isPriceSet } from "../../../common/store";
import { Button } from "../../ui/button";
import { PUBLISH_FALLBACK, usePublishProduct } from "./store-queries";

/**
 * A product's state in the store and the button that changes it. Uploads are
 * drafts: only a product with a saved price can be published.
 */
export function PublishControl({ product, userId }: { product: Product; userId: string }) {
  const publish = usePublishProduct(userId);
  const priced = isPriceSet(product.price);
  async function toggle() {
    try {
      await publish.mutateAsync({ id: product.id, published: !product.published });
      toast.success(product.published ? "Producto oculto de la tienda" : "Producto publicado en la tienda");
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : PUBLISH_FALLBACK);
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span
        data-testid="publish-state"
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${product.published ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-700"}`}
      >
        {product.published ? "Publicado" : "Borrador"}
      </span>
      {product.published ? (
        <Button variant="secondary" className="min-h-11 px-3 py-1.5" busy={publish.isPending} onClick={() => void toggle()}>
          Ocultar
        </Button>
      ) : (
        <Button className="min-h-11 px-3 py-1.5" busy={publish.isPending} disabled={!priced} onClick={() => void toggle()}>
          Publicar
        </Button>
      )}
      {!product.published && !priced && <span className="text-slate-500">Guarda un precio para publicarlo.</span>}
    </div>
  );
}
