import { useQuery } from "@tanstack/react-query";
import type { Product } from "../../../common/product";
import { productsQuery } from "../../lib/queries";
import { Button } from "../../ui/button";
import { PlusIcon } from "../../ui/icons";
import { ProductImage } from "../../ui/product-image";
import { RouteLink } from "../../lib/route-links";
import { t } from "./texts";

const SKELETON_CARDS = 8;
/** A link that looks like the secondary button next to it. */
const LINK_BUTTON =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const GRID = "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4";

interface Props {
  userId: string;
  onAdd: () => void;
  /** 'Agregar Nuevo Producto': a name and a photo, no AI. */
  onAddWithoutAI: () => void;
  onOpen: (product: Product) => void;
}

/** 'Tus Productos': skeletons while loading, an error with retry, the empty state, or the grid of cards. */
export function ProductList({ userId, onAdd, onAddWithoutAI, onOpen }: Props) {
  const products = useQuery(productsQuery(userId));
  const isEmpty = products.isSuccess && products.data.length === 0;

  return (
    <section aria-labelledby="products-title" aria-busy={products.isPending || undefined}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="products-title" className="text-xl font-semibold">
          {t("yourProducts")}
          {products.isSuccess && products.data.length > 0 && (
            <span className="ml-2 text-base font-normal text-slate-500">({products.data.length})</span>
          )}
        </h2>
        {!isEmpty && (
          <div className="flex flex-wrap gap-2">
            <RouteLink to="/lote" className={LINK_BUTTON}>
              {t("generateInBulk")}
            </RouteLink>
            <Button variant="secondary" onClick={onAddWithoutAI}>
              {t("addWithoutAi")}
            </Button>
            <Button onClick={onAdd}>
              <PlusIcon />
              {t("addProduct")}
            </Button>
          </div>
        )}
      </div>

      {products.isPending && (
        <>
          <p role="status" className="sr-only">
            {t("loadingProducts")}
          </p>
          <ul aria-hidden className={GRID}>
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, the position is all that tells them apart
              <li key={i} className="overflow-hidden rounded-2xl border border-slate-200 bg-white" data-testid="product-skeleton">
                <div className="aspect-square animate-pulse bg-slate-200" />
                <div className="p-3">
                  <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      {products.isError && (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">{t("loadFailed")}</p>
          {products.error.message !== t("loadFailed") && <p className="mt-1 text-sm text-red-700">{products.error.message}</p>}
          <Button variant="secondary" className="mt-4" busy={products.isFetching} onClick={() => void products.refetch()}>
            {t("retry")}
          </Button>
        </div>
      )}

      {isEmpty && (
        <div className="rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <div className="mx-auto mb-4 grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
            <svg aria-hidden viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path strokeLinecap="round" strokeLinejoin="round" d="m20 7-8-4-8 4m16 0-8 4m8-4v10l-8 4m0-10L4 7m8 4v10M4 7v10l8 4" />
            </svg>
          </div>
          <p className="text-lg font-semibold">{t("noProducts")}</p>
          <p className="mt-1 text-slate-600">{t("startWithFirst")}</p>
          <div className="mt-5 flex flex-wrap justify-center gap-2">
            <Button onClick={onAdd}>
              <PlusIcon />
              {t("addProductFirst")}
            </Button>
            <Button variant="secondary" onClick={onAddWithoutAI}>
              {t("addWithoutAi")}
            </Button>
            <RouteLink to="/lote" className={LINK_BUTTON}>
              {t("uploadManyInBulk")}
            </RouteLink>
          </div>
        </div>
      )}

      {products.isSuccess && products.data.length > 0 && (
        <ul className={GRID}>
          {products.data.map((product, i) => (
            <li key={product.id}>
              <ProductCard product={product} eager={i === 0} onOpen={() => onOpen(product)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProductCard({ product, eager, onOpen }: { product: Product; eager: boolean; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      className="group block w-full overflow-hidden rounded-2xl border border-slate-200 bg-white text-left shadow-sm transition hover:border-brand-500 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <ProductImage url={product.imageUrl} eager={eager} className="aspect-square w-full" />
      <span className="line-clamp-2 block p-3 text-sm font-medium text-slate-900">{product.name}</span>
    </button>
  );
}
