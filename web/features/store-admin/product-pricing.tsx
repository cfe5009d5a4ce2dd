import { useQuery } from "@tanstack/react-query";
import { MAX_CATEGORY_LENGTH, SUGGESTED_CATEGORIES } from "../../../common/store-browse";
import { Link, useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import type { Product } from "../../../common/product";
import { isPriceSet } from "../../../common/store";
import { PriceInput } from "./price-input";
import { PublishControl } from "./publish-button";
import type { User } from "../../../common/user";
import { FullPageSpinner } from "../../ui/spinner";
import { BackLink } from "./store-back-link";
import { StoreCarousel } from "./store-carousel";
import { StoreImagePicker } from "./store-image-picker";
import { VariantsEditor } from "./store-variants-editor";
import { Button } from "../../ui/button";
import { productsQuery } from "../../lib/queries";
import { useSession } from "../../lib/session";
import { draftOf, isDirty, pricingSummary, sizesProblem, toPricingItem, typedPrice, type ProductDraft } from "./store-drafts";
import { PRICING_SAVE_FALLBACK, useUpdatePricing } from "./store-queries";

export const PRICING_SAVED = "¡Cambios guardados con éxito!";
export const SELECTION_SAVED = "Selección guardada. No olvides guardar los cambios.";

/** /product-pricing, 'Configurar Precios': prices, sizes, stock and store images of every product. */
export function ProductPricingScreen() {
  const { user } = useSession();
  if (!user) return null;
  return <Pricing user={user} />;
}

function Pricing({ user }: { user: User }) {
  const navigate = useNavigate();
  const products = useQuery(productsQuery(user.id));
  const [drafts, setDrafts] = useState<Record<string, ProductDraft>>({});
  const [picking, setPicking] = useState<Product | null>(null);
  const save = useUpdatePricing(user.id);

  const list = products.data ?? [];
  const draftFor = (p: Product) => drafts[p.id] ?? draftOf(p);
  const change = (p: Product, next: Partial<ProductDraft>) => setDrafts((all) => ({ ...all, [p.id]: { ...draftFor(p), ...next } }));
  const changed = list.filter((p) => drafts[p.id] && isDirty(p, drafts[p.id]!));

  async function submit() {
    for (const p of changed) {
      const problem = sizesProblem(drafts[p.id]!);
      if (problem) {
        toast.error(`${problem} (${p.name})`);
        return;
      }
    }
    try {
      await save.mutateAsync(changed.map((p) => toPricingItem(p, drafts[p.id]!)));
      setDrafts({});
      toast.success(PRICING_SAVED);
      // A store already paid for has nothing left to pay: its admin is the next step.
      void navigate({ to: user.paidMiTienda ? "/mi-tienda-admin" : "/pay-mi-tienda" });
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : PRICING_SAVE_FALLBACK);
    }
  }

  if (products.isPending) return <FullPageSpinner />;
  const summary = pricingSummary(list.map(draftFor));
  return (
    <div className="space-y-6 pb-24">
      <div className="flex items-start gap-3">
        <BackLink to="/mi-tienda" />
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Configurar Precios</h1>
          <p className="mt-1 text-slate-600">Pon precio, talles y stock a tus productos y elige qué imágenes se ven en tu tienda.</p>
        </div>
      </div>

      {products.isError && (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">Error al cargar los productos</p>
          <Button variant="secondary" className="mt-4" busy={products.isFetching} onClick={() => void products.refetch()}>
            Reintentar
          </Button>
        </div>
      )}

      {products.isSuccess && list.length === 0 && (
        <div className="rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="text-lg font-semibold">No hay productos</p>
          <p className="mt-1 text-slate-600">Sube tus productos para ponerles precio y mostrarlos en tu tienda.</p>
          <Link
            to="/home"
            className="mt-5 inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Ir a Productos
          </Link>
        </div>
      )}

      {list.length > 0 && (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Resumen">
            <Tile label="Productos" value={summary.total} />
            <Tile label="Con precio" value={summary.withPrice} />
            <Tile label="Con talles" value={summary.withSizes} />
            <Tile label="Stock total" value={summary.stock} />
          </dl>

          <div className="grid gap-6 xl:grid-cols-[1fr_18rem]">
            <ul className="grid gap-4 2xl:grid-cols-2">
              {list.map((product) => (
                <li key={product.id}>
                  <PricingCard
                    product={product}
                    draft={draftFor(product)}
                    onChange={(next) => change(product, next)}
                    onPickImages={() => setPicking(product)}
                    userId={user.id}
                  />
                </li>
              ))}
            </ul>
            <datalist id="categorias-sugeridas">
              {SUGGESTED_CATEGORIES.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
            <Tips />
          </div>
        </>
      )}

      {changed.length > 0 && (
        <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 p-3 backdrop-blur">
          <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-1">
            <p className="text-sm text-slate-600">
              {changed.length === 1 ? "1 producto con cambios sin guardar" : `${changed.length} productos con cambios sin guardar`}
            </p>
            <Button busy={save.isPending} onClick={() => void submit()}>
              Guardar Cambios
            </Button>
          </div>
        </div>
      )}

      <StoreImagePicker
        product={picking}
        initial={picking ? draftFor(picking).storeImageURLs : []}
        onClose={() => setPicking(null)}
        onConfirm={(urls) => picking && change(picking, { storeImageURLs: urls })}
        confirmedMessage={SELECTION_SAVED}
      />
    </div>
  );
}

function Tile({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
    </div>
  );
}

function PricingCard({
  product,
  draft,
  onChange,
  onPickImages,
  userId,
}: {
  product: Product;
  draft: ProductDraft;
  onChange: (next: Partial<ProductDraft>) => void;
  onPickImages: () => void;
  userId: string;
}) {
  const priceId = useId();
  const nameId = useId();
  const descriptionId = useId();
  const categoryId = useId();
  const priced = isPriceSet(typedPrice(draft.price));
  return (
    <article aria-label={product.name} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="grid grid-cols-[7.5rem_1fr] sm:grid-cols-[11rem_1fr]">
        <StoreCarousel images={draft.storeImageURLs} name={product.name} />
        <div className="min-w-0 space-y-3 p-4">
          <div>
            <label htmlFor={nameId} className="text-sm font-medium text-slate-700">
              Nombre
            </label>
            <input
              id={nameId}
              value={draft.name ?? product.name}
              maxLength={120}
              onChange={(e) => onChange({ name: e.target.value })}
              className="mt-1 w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-brand-600"
            />
          </div>
          <div>
            <label htmlFor={priceId} className="text-sm font-medium text-slate-700">
              Precio (ARS)
            </label>
            <div className="mt-1 flex items-center rounded-lg border border-slate-300 focus-within:outline-2 focus-within:outline-brand-600">
              <span aria-hidden className="pl-3 text-slate-500">
                $
              </span>
              <PriceInput
                id={priceId}
                value={draft.price}
                onChange={(price) => onChange({ price })}
                className="w-full min-w-0 rounded-lg px-2 py-1.5 outline-none"
              />
            </div>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
              {priced ? (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">Precio configurado</span>
              ) : (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Sin precio</span>
              )}
            </p>
          </div>
          <PublishControl product={product} userId={userId} />
          <div>
            <label htmlFor={categoryId} className="text-sm font-medium text-slate-700">
              Categoría
            </label>
            {/* A suggestion or the seller's own words: the store shows one chip per category. */}
            <input
              id={categoryId}
              list="categorias-sugeridas"
              maxLength={MAX_CATEGORY_LENGTH}
              placeholder="Ej.: Remeras"
              value={draft.category ?? ""}
              onChange={(e) => onChange({ category: e.target.value })}
              className="mt-1 w-full min-w-0 rounded-lg border border-slate-300 px-3 py-1.5 focus-visible:outline-2 focus-visible:outline-brand-600"
            />
          </div>
          <Button variant="secondary" className="w-full px-3 py-1.5 sm:w-auto" onClick={onPickImages}>
            Seleccionar Imágenes ({draft.storeImageURLs.length})
          </Button>
        </div>
      </div>
      <div className="border-t border-slate-100 p-4">
        <label htmlFor={descriptionId} className="text-sm font-medium text-slate-700">
          Descripción (opcional)
        </label>
        <textarea
          id={descriptionId}
          value={draft.description ?? ""}
          maxLength={1000}
          rows={2}
          placeholder="Tela, calce, cuidados…"
          onChange={(e) => onChange({ description: e.target.value })}
          className="mt-1 mb-3 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        <VariantsEditor productName={product.name} draft={draft} onChange={onChange} />
      </div>
    </article>
  );
}

function Tips() {
  return (
    <aside aria-labelledby="pricing-tips" className="h-fit rounded-2xl border border-brand-100 bg-brand-50 p-5 text-sm text-brand-900">
      <h2 id="pricing-tips" className="mb-3 font-semibold">
        Consejos
      </h2>
      <ul className="list-disc space-y-2 pl-5">
        <li>Los precios se muestran en pesos, sin decimales. Un producto sin precio se muestra igual, sin precio.</li>
        <li>Carga el stock de cada talle: los talles en 0 aparecen como 'Sin stock' y no se pueden pedir.</li>
        <li>Cuando confirmas un pedido, su cantidad se descuenta sola del stock.</li>
        <li>Elige como primera imagen la que mejor muestre el producto: es la portada en tu tienda.</li>
      </ul>
    </aside>
  );
}
