import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { countryLocaleOf } from "../../../common/store-locale";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { CREDITS_PER_IMAGE, imagesLabel } from "../../../common/credits";
import type { Product } from "../../../common/product";
import { isPriceSet } from "../../../common/store";
import { formatPrice } from "../../../common/store-money";
import { useStoreMoney } from "../../lib/store-money";
import type { User } from "../../../common/user";
import { api, unwrap } from "../../lib/api";
import { ADD_DIALOG_THRESHOLD, compressImage, fileToDataUrl, formatFileSize } from "../../lib/compress";
import { productsQuery, sessionQuery } from "../../lib/queries";
import { PriceInput } from "./price-input";
import { PublishControl } from "./publish-button";
import {
  adminPrice,
  colorsOf,
  draftOf,
  isDirty,
  sizesOf,
  sizesProblem,
  storeImagesOf,
  type ProductDraft,
  type SizeDraft,
  unitStockOf,
} from "./store-drafts";
import { VariantsEditor } from "./store-variants-editor";
import { ordersQuery } from "../../lib/orders";
import { updateProduct } from "./store-queries";
import { uploadProductImages } from "../../lib/upload";
import { PlusIcon } from "../../ui/icons";
import { Spinner } from "../../ui/spinner";
import { StoreCarousel } from "./store-carousel";
import { StoreImagePicker } from "./store-image-picker";
import { SizesEditor } from "./store-sizes-editor";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { useUnsavedChanges } from "../../ui/unsaved-changes";
import { cacheAnswer } from "../../lib/cache-answer";

export const LOAD_FAILED = "Error al cargar los datos de la tienda";
export const UPDATE_FAILED = "Error al actualizar el producto";
export const ADD_FAILED = "Error al agregar el producto";
export const DELETE_FAILED = "Error al eliminar el producto";
export const IMAGE_REQUIRED = "Se requiere una imagen para crear el producto";
export const ADMIN_SELECTION_SAVED = "Selección guardada. No olvides guardar los cambios del producto.";
/** Spec section 9: the admin's image dialog shows up to five thumbnails. */
const ADMIN_THUMBNAILS = 5;

const INPUT = "w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600";

/** The store's products in the admin: edit (one at a time), delete, and add. */
export function StoreAdminProducts({ user }: { user: User }) {
  const products = useQuery(productsQuery(user.id));
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Product | null>(null);

  useEffect(() => {
    if (products.isError) toast.error(LOAD_FAILED);
  }, [products.isError]);

  return (
    <section aria-labelledby="admin-products-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-products-title" className="text-lg font-semibold">
          Productos de la tienda
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link
            to="/guias-de-talles"
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Guías de {countryLocaleOf(user.countryCode).sizesWord === "talle" ? "talles" : "tallas"}
          </Link>
          {!adding && (
            <Button onClick={() => setAdding(true)}>
              <PlusIcon />
              Agregar producto
            </Button>
          )}
        </div>
      </div>
      {adding && <AddProductForm user={user} onDone={() => setAdding(false)} />}
      {products.isPending && (
        <p role="status" className="flex items-center gap-2 py-6 text-slate-600">
          <Spinner className="size-5 text-brand-600" />
          Cargando tienda...
        </p>
      )}
      {products.isError && (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">{LOAD_FAILED}</p>
          <Button variant="secondary" className="mt-4" busy={products.isFetching} onClick={() => void products.refetch()}>
            Reintentar
          </Button>
        </div>
      )}
      {products.isSuccess && products.data.length === 0 && !adding && (
        <p className="rounded-2xl border-2 border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          Tu tienda todavía no tiene productos. Agrega el primero.
        </p>
      )}
      {products.isSuccess && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
          {products.data.map((product) => (
            <li key={product.id}>
              <ProductView product={product} userId={user.id} onEdit={() => setEditing(product.id)} onDelete={() => setDeleting(product)} />
            </li>
          ))}
        </ul>
      )}
      <EditProductDialog userId={user.id} product={products.data?.find((p) => p.id === editing) ?? null} onClose={() => setEditing(null)} />
      <DeleteProductDialog userId={user.id} product={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function ProductView({
  product,
  userId,
  onEdit,
  onDelete,
}: {
  product: Product;
  userId: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const money = useStoreMoney();
  return (
    <article aria-label={product.name} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <StoreCarousel images={storeImagesOf(product)} name={product.name} />
      <div className="space-y-2 p-4">
        <h3 className="font-semibold break-words">{product.name}</h3>
        <p className={isPriceSet(product.price) ? "text-lg font-bold text-brand-700" : "text-sm text-slate-500"}>
          {isPriceSet(product.price) ? formatPrice(product.price!, money) : "Sin precio"}
        </p>
        <StockSummary product={product} />
        <PublishControl product={product} userId={userId} />
        <div className="flex gap-2 pt-2">
          <Button variant="secondary" className="flex-1 px-3 py-1.5" onClick={onEdit}>
            Editar
          </Button>
          <button
            type="button"
            onClick={onDelete}
            aria-label={`Eliminar ${product.name}`}
            className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
          >
            Eliminar
          </button>
        </div>
      </div>
    </article>
  );
}

const sizeChip = (stock: number) =>
  `rounded-md border px-1.5 py-0.5 text-xs ${stock > 0 ? "border-slate-300" : "border-slate-200 bg-slate-100 text-slate-600"}`;

/**
 * The stock as the seller keeps it: per size, and per colour when it has colours ("Negro: S 2 · M 0 (agotado)"),
 * so a colour that sold out shows rather than hiding in a sum over colours.
 */
function StockSummary({ product }: { product: Product }) {
  if (product.colors.length > 0) {
    return (
      <ul aria-label="Stock por color" className="space-y-1 text-sm">
        {product.colors.map((color) => (
          <li key={color.name} data-testid="color-stock">
            <span className="font-medium">{color.name}:</span>{" "}
            {color.sizes.length === 0
              ? "talle único"
              : color.sizes.map((s, i) => (
                  <span key={s.name} className={s.stock > 0 ? "" : "text-red-700"}>
                    {i > 0 && " · "}
                    {s.name} {s.stock}
                    {s.stock <= 0 && " (agotado)"}
                  </span>
                ))}
          </li>
        ))}
      </ul>
    );
  }
  if (product.sizes.length === 0) {
    if (product.stock == null) return null;
    return (
      <p data-testid="unit-stock" className={`text-sm ${product.stock > 0 ? "text-slate-700" : "font-medium text-red-700"}`}>
        {product.stock > 0 ? `Stock: ${product.stock}` : "Sin stock (agotado)"}
      </p>
    );
  }
  return (
    <ul aria-label="Talles" className="flex flex-wrap gap-1">
      {product.sizes.map((s) => (
        <li key={s.name} className={sizeChip(s.stock)}>
          {s.name}: {s.stock > 0 ? s.stock : "Sin stock"}
        </li>
      ))}
    </ul>
  );
}

/** 'Editar' opens the product's editor over the list, where the seller is: nothing jumps. */
function EditProductDialog({ userId, product, onClose }: { userId: string; product: Product | null; onClose: () => void }) {
  return (
    <Dialog open={!!product} onClose={onClose} title={product ? `Editar ${product.name}` : "Editar producto"}>
      {product && <ProductEditor userId={userId} product={product} onDone={onClose} />}
    </Dialog>
  );
}

function ProductEditor({ userId, product, onDone }: { userId: string; product: Product; onDone: () => void }) {
  const queryClient = useQueryClient();
  const ids = { name: useId(), price: useId() };
  const [name, setName] = useState(product.name);
  const money = useStoreMoney();
  const [draft, setDraft] = useState<ProductDraft>(() => draftOf(product, money));
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const leaving = useUnsavedChanges(name.trim() !== product.name || isDirty(product, { ...draft, name: undefined }, money));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      toast.error("El nombre es obligatorio.");
      return;
    }
    const problem = sizesProblem(draft);
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    try {
      const chose = draft.storeImageURLs.join() !== storeImagesOf(product).join();
      const updated = await updateProduct(
        {
          id: product.id,
          name: name.trim(),
          price: adminPrice(draft.price),
          sizes: sizesOf(draft),
          ...(draft.colors?.length || product.colors.length ? { colors: colorsOf(draft) } : {}),
          ...(unitStockOf(draft) !== undefined ? { stock: unitStockOf(draft) } : {}),
          ...(chose ? { storeImageURLs: draft.storeImageURLs } : {}),
        },
        UPDATE_FAILED,
      );
      await cacheAnswer(queryClient, productsQuery(userId).queryKey, (list) => list?.map((p) => (p.id === updated.id ? updated : p)));
      // New stock may settle (or cause) an order's conflict: its card reads it from the list.
      void queryClient.invalidateQueries({ queryKey: ordersQuery.queryKey });
      toast.success("Producto actualizado correctamente");
      leaving.saved();
      onDone();
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : UPDATE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={`Editar ${product.name}`} className="space-y-3">
      {leaving.prompt}
      <StoreCarousel images={draft.storeImageURLs} name={product.name} className="aspect-[4/5] rounded-xl" />
      <Button variant="secondary" className="w-full px-3 py-1.5" onClick={() => setPicking(true)}>
        Imágenes de la tienda ({draft.storeImageURLs.length})
      </Button>
      <div>
        <label htmlFor={ids.name} className="text-sm font-medium text-slate-700">
          Nombre
        </label>
        <input id={ids.name} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} className={`mt-1 ${INPUT}`} />
      </div>
      <div>
        <label htmlFor={ids.price} className="text-sm font-medium text-slate-700">
          Precio ({money.currency})
        </label>
        <PriceInput id={ids.price} value={draft.price} onChange={(price) => setDraft({ ...draft, price })} />
      </div>
      <VariantsEditor productName={product.name} draft={draft} onChange={(variants) => setDraft({ ...draft, ...variants })} />
      <div className="flex gap-2">
        <Button type="submit" busy={busy} className="flex-1">
          Guardar
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onDone} className="flex-1">
          Cancelar
        </Button>
      </div>
      <StoreImagePicker
        product={picking ? product : null}
        initial={draft.storeImageURLs}
        onClose={() => setPicking(false)}
        onConfirm={(urls) => setDraft((d) => ({ ...d, storeImageURLs: urls }))}
        confirmedMessage={ADMIN_SELECTION_SAVED}
        limit={ADMIN_THUMBNAILS}
      />
    </form>
  );
}

function DeleteProductDialog({ userId, product, onClose }: { userId: string; product: Product | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function remove() {
    if (!product) return;
    setBusy(true);
    try {
      await unwrap(api.products.delete[":id"].$delete({ param: { id: product.id } }), DELETE_FAILED);
      await cacheAnswer(queryClient, productsQuery(userId).queryKey, (list) => list?.filter((p) => p.id !== product.id));
      void queryClient.invalidateQueries({ queryKey: ["gallery"] });
      toast.success("Producto eliminado correctamente");
      onClose();
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : DELETE_FAILED);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={!!product} onClose={onClose} title="¿Eliminar este producto?">
      <p className="text-slate-700">
        <strong>{product?.name}</strong> deja de verse en tu tienda y se eliminan sus imágenes generadas. Esta acción no se puede deshacer.
      </p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          Cancelar
        </Button>
        <Button variant="danger" busy={busy} onClick={() => void remove()}>
          Eliminar
        </Button>
      </div>
    </Dialog>
  );
}

interface Picked {
  file: File;
  previewUrl: string;
}

/**
 * Spec section 5: adding needs an image; the name is optional (empty means the
 * automatic one), price and sizes too. With 'Mejorar con IA' the photo goes
 * through generate-product-and-image without a model (it costs one image, and
 * says so); otherwise it is uploaded as it is. Name, price and sizes follow in
 * an update, whose failure is only a warning: the product exists already.
 */
function AddProductForm({ user, onDone }: { user: User; onDone: () => void }) {
  const queryClient = useQueryClient();
  const ids = { image: useId(), name: useId(), price: useId(), ai: useId() };
  const money = useStoreMoney();
  const canGenerate = user.credits >= CREDITS_PER_IMAGE;
  const [picked, setPicked] = useState<Picked | null>(null);
  const [name, setName] = useState("");
  const [price, setPrice] = useState("");
  const [sizes, setSizes] = useState<SizeDraft[]>([]);
  // Unticked: improving the photo spends credits, so it is the seller's choice.
  const [withAi, setWithAi] = useState(false);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const leaving = useUnsavedChanges(!!picked || !!name.trim() || !!price.trim() || sizes.length > 0);

  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.previewUrl) : undefined), [picked]);

  async function choose(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toast.error("Por favor selecciona un archivo de imagen válido.");
      return;
    }
    const { file: ready } = await compressImage(file, ADD_DIALOG_THRESHOLD);
    setPicked({ file: ready, previewUrl: URL.createObjectURL(ready) });
  }

  async function create(): Promise<Product | null> {
    if (withAi) {
      const answer = await unwrap(
        api.products["generate-product-and-image"].$post({ json: { image: await fileToDataUrl(picked!.file), includeModel: false } }),
        ADD_FAILED,
      );
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      return "product" in answer ? answer.product : null;
    }
    const [created] = await uploadProductImages([picked!.file]);
    return created ?? null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!picked) {
      toast.error(IMAGE_REQUIRED);
      return;
    }
    const problem = sizesProblem({ price, sizes, storeImageURLs: [] });
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    try {
      const product = await create();
      if (product) {
        try {
          await updateProduct(
            {
              id: product.id,
              name: name.trim() || product.name,
              price: adminPrice(price),
              sizes: sizesOf({ price, sizes, storeImageURLs: [] }),
            },
            UPDATE_FAILED,
          );
        } catch (err) {
          console.warn("the new product's name, price or sizes were not saved", err);
        }
      }
      toast.success("Producto agregado correctamente");
      leaving.saved();
      onDone();
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : ADD_FAILED);
    } finally {
      // The product may exist even when its image failed: the list shows what is there.
      void queryClient.invalidateQueries({ queryKey: productsQuery(user.id).queryKey });
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label="Agregar producto"
      className="grid gap-4 rounded-2xl border-2 border-brand-300 bg-white p-5 shadow-sm md:grid-cols-[12rem_1fr]"
    >
      {leaving.prompt}
      <div className="space-y-2">
        <p id={ids.image} className="text-sm font-medium text-slate-700">
          Imagen{" "}
          <span aria-hidden className="text-red-600">
            *
          </span>
        </p>
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          aria-describedby={ids.image}
          className="grid aspect-[4/5] w-full place-items-center overflow-hidden rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 text-sm text-slate-500 hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {picked ? <img src={picked.previewUrl} alt="Imagen elegida" className="size-full object-cover" /> : "Elegir imagen"}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-labelledby={ids.image}
          tabIndex={-1}
          className="sr-only"
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
        {picked && <p className="text-xs text-slate-500">{formatFileSize(picked.file.size)}</p>}
      </div>
      <div className="space-y-3">
        <div>
          <label htmlFor={ids.name} className="text-sm font-medium text-slate-700">
            Nombre (opcional)
          </label>
          <input
            id={ids.name}
            value={name}
            maxLength={120}
            placeholder="Si lo dejas vacío, le ponemos un nombre por ti"
            onChange={(e) => setName(e.target.value)}
            className={`mt-1 ${INPUT}`}
          />
        </div>
        <div>
          <label htmlFor={ids.price} className="text-sm font-medium text-slate-700">
            Precio ({money.currency}, opcional)
          </label>
          <PriceInput id={ids.price} value={price} onChange={setPrice} />
        </div>
        <SizesEditor productName={name || "el producto nuevo"} sizes={sizes} onChange={setSizes} />
        <label htmlFor={ids.ai} className="flex min-h-11 items-start gap-2 text-sm">
          <input
            id={ids.ai}
            type="checkbox"
            checked={withAi}
            disabled={!canGenerate}
            onChange={(e) => setWithAi(e.target.checked)}
            className="mt-0.5 size-4 accent-brand-700"
          />
          <span>
            Mejorar la foto con IA{" "}
            <span className="font-semibold" data-testid="ai-cost">
              (cuesta {imagesLabel(CREDITS_PER_IMAGE)})
            </span>
            <span className="block text-slate-500">La tienda muestra la foto mejorada.</span>
            {!canGenerate && <span className="block text-slate-500">No te quedan imágenes: se sube la foto tal cual.</span>}
          </span>
        </label>
        <div className="flex gap-2">
          <Button type="submit" busy={busy} className="flex-1">
            {busy ? "Agregando…" : "Agregar producto"}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onDone}>
            Cancelar
          </Button>
        </div>
      </div>
    </form>
  );
}
