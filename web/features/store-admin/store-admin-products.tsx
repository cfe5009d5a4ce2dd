import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { CREDITS_PER_IMAGE, imagesFromCredits } from "../../../common/credits";
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
import { useSellerExamples } from "./seller-examples";
import { t } from "./texts";

/** Spec section 9: the admin's image dialog shows up to five thumbnails. */
const ADMIN_THUMBNAILS = 5;

const INPUT = "w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600";

/** The store's products in the admin: edit (one at a time), delete, and add. */
export function StoreAdminProducts({ user }: { user: User }) {
  const { sizes } = useSellerExamples();
  const products = useQuery(productsQuery(user.id));
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Product | null>(null);

  useEffect(() => {
    if (products.isError) toast.error(t("loadFailed"));
  }, [products.isError]);

  return (
    <section aria-labelledby="admin-products-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-products-title" className="text-lg font-semibold">
          {t("storeProductsTitle")}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link
            to="/guias-de-talles"
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            {t("sizeGuides", { sizes })}
          </Link>
          {!adding && (
            <Button onClick={() => setAdding(true)}>
              <PlusIcon />
              {t("addProduct")}
            </Button>
          )}
        </div>
      </div>
      {adding && <AddProductForm user={user} onDone={() => setAdding(false)} />}
      {products.isPending && (
        <p role="status" className="flex items-center gap-2 py-6 text-slate-600">
          <Spinner className="size-5 text-brand-600" />
          {t("loadingStore")}
        </p>
      )}
      {products.isError && (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">{t("loadFailed")}</p>
          <Button variant="secondary" className="mt-4" busy={products.isFetching} onClick={() => void products.refetch()}>
            {t("retry")}
          </Button>
        </div>
      )}
      {products.isSuccess && products.data.length === 0 && !adding && (
        <p className="rounded-2xl border-2 border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t("noProductsYet")}</p>
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
          {isPriceSet(product.price) ? formatPrice(product.price!, money) : t("noPrice")}
        </p>
        <StockSummary product={product} />
        <PublishControl product={product} userId={userId} />
        <div className="flex gap-2 pt-2">
          <Button variant="secondary" className="flex-1 px-3 py-1.5" onClick={onEdit}>
            {t("edit")}
          </Button>
          <button
            type="button"
            onClick={onDelete}
            aria-label={t("deleteNamed", { name: product.name })}
            className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
          >
            {t("delete")}
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
  const { sizes } = useSellerExamples();
  if (product.colors.length > 0) {
    return (
      <ul aria-label={t("stockByColour")} className="space-y-1 text-sm">
        {product.colors.map((color) => (
          <li key={color.name} data-testid="color-stock">
            <span className="font-medium">{color.name}:</span>{" "}
            {color.sizes.length === 0
              ? t("oneSize", { sizes })
              : color.sizes.map((s, i) => (
                  <span key={s.name} className={s.stock > 0 ? "" : "text-red-700"}>
                    {i > 0 && " · "}
                    {s.name} {s.stock}
                    {s.stock <= 0 && ` ${t("soldOutMark")}`}
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
        {product.stock > 0 ? t("unitStock", { stock: product.stock }) : t("outOfStockSoldOut")}
      </p>
    );
  }
  return (
    <ul aria-label={t("sizesList", { sizes })} className="flex flex-wrap gap-1">
      {product.sizes.map((s) => (
        <li key={s.name} className={sizeChip(s.stock)}>
          {s.name}: {s.stock > 0 ? s.stock : t("outOfStock")}
        </li>
      ))}
    </ul>
  );
}

/** 'Editar' opens the product's editor over the list, where the seller is: nothing jumps. */
function EditProductDialog({ userId, product, onClose }: { userId: string; product: Product | null; onClose: () => void }) {
  return (
    <Dialog open={!!product} onClose={onClose} title={product ? t("editNamed", { name: product.name }) : t("editProduct")}>
      {product && <ProductEditor userId={userId} product={product} onDone={onClose} />}
    </Dialog>
  );
}

function ProductEditor({ userId, product, onDone }: { userId: string; product: Product; onDone: () => void }) {
  const queryClient = useQueryClient();
  const ids = { name: useId(), price: useId() };
  const [name, setName] = useState(product.name);
  const money = useStoreMoney();
  const examples = useSellerExamples();
  const [draft, setDraft] = useState<ProductDraft>(() => draftOf(product, money));
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const leaving = useUnsavedChanges(name.trim() !== product.name || isDirty(product, { ...draft, name: undefined }, money));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      toast.error(t("nameRequired"));
      return;
    }
    const problem = sizesProblem(draft, examples.sizes);
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
        t("updateFailed"),
      );
      await cacheAnswer(queryClient, productsQuery(userId).queryKey, (list) => list?.map((p) => (p.id === updated.id ? updated : p)));
      // New stock may settle (or cause) an order's conflict: its card reads it from the list.
      void queryClient.invalidateQueries({ queryKey: ordersQuery.queryKey });
      toast.success(t("productUpdated"));
      leaving.saved();
      onDone();
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : t("updateFailed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t("editNamed", { name: product.name })} className="space-y-3">
      {leaving.prompt}
      <StoreCarousel images={draft.storeImageURLs} name={product.name} className="aspect-[4/5] rounded-xl" />
      <Button variant="secondary" className="w-full px-3 py-1.5" onClick={() => setPicking(true)}>
        {t("storeImagesCount", { count: draft.storeImageURLs.length })}
      </Button>
      <div>
        <label htmlFor={ids.name} className="text-sm font-medium text-slate-700">
          {t("nameLabel")}
        </label>
        <input id={ids.name} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} className={`mt-1 ${INPUT}`} />
      </div>
      <div>
        <label htmlFor={ids.price} className="text-sm font-medium text-slate-700">
          {t("priceLabel", { currency: money.currency })}
        </label>
        <PriceInput id={ids.price} value={draft.price} onChange={(price) => setDraft({ ...draft, price })} />
      </div>
      <VariantsEditor productName={product.name} draft={draft} onChange={(variants) => setDraft({ ...draft, ...variants })} />
      <div className="flex gap-2">
        <Button type="submit" busy={busy} className="flex-1">
          {t("save")}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onDone} className="flex-1">
          {t("cancel")}
        </Button>
      </div>
      <StoreImagePicker
        product={picking ? product : null}
        initial={draft.storeImageURLs}
        onClose={() => setPicking(false)}
        onConfirm={(urls) => setDraft((d) => ({ ...d, storeImageURLs: urls }))}
        confirmedMessage={t("adminSelectionSaved")}
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
      await unwrap(api.products.delete[":id"].$delete({ param: { id: product.id } }), t("deleteFailed"));
      await cacheAnswer(queryClient, productsQuery(userId).queryKey, (list) => list?.filter((p) => p.id !== product.id));
      void queryClient.invalidateQueries({ queryKey: ["gallery"] });
      toast.success(t("productDeleted"));
      onClose();
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : t("deleteFailed"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={!!product} onClose={onClose} title={t("deleteTitle")}>
      <p className="text-slate-700">
        <strong>{product?.name}</strong> {t("deleteText")}
      </p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          {t("cancel")}
        </Button>
        <Button variant="danger" busy={busy} onClick={() => void remove()}>
          {t("delete")}
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
  const examples = useSellerExamples();
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
      toast.error(t("logoNotAnImage"));
      return;
    }
    const { file: ready } = await compressImage(file, ADD_DIALOG_THRESHOLD);
    setPicked({ file: ready, previewUrl: URL.createObjectURL(ready) });
  }

  async function create(): Promise<Product | null> {
    if (withAi) {
      const answer = await unwrap(
        api.products["generate-product-and-image"].$post({ json: { image: await fileToDataUrl(picked!.file), includeModel: false } }),
        t("addFailed"),
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
      toast.error(t("imageRequired"));
      return;
    }
    const problem = sizesProblem({ price, sizes, storeImageURLs: [] }, examples.sizes);
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
            t("updateFailed"),
          );
        } catch (err) {
          console.warn("the new product's name, price or sizes were not saved", err);
        }
      }
      toast.success(t("productAdded"));
      leaving.saved();
      onDone();
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : t("addFailed"));
    } finally {
      // The product may exist even when its image failed: the list shows what is there.
      void queryClient.invalidateQueries({ queryKey: productsQuery(user.id).queryKey });
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label={t("addProduct")}
      className="grid gap-4 rounded-2xl border-2 border-brand-300 bg-white p-5 shadow-sm md:grid-cols-[12rem_1fr]"
    >
      {leaving.prompt}
      <div className="space-y-2">
        <p id={ids.image} className="text-sm font-medium text-slate-700">
          {t("imageLabel")}{" "}
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
          {picked ? <img src={picked.previewUrl} alt={t("chosenImageAlt")} className="size-full object-cover" /> : t("chooseImage")}
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
            {t("nameOptional")}
          </label>
          <input
            id={ids.name}
            value={name}
            maxLength={120}
            placeholder={t("namePlaceholder")}
            onChange={(e) => setName(e.target.value)}
            className={`mt-1 ${INPUT}`}
          />
        </div>
        <div>
          <label htmlFor={ids.price} className="text-sm font-medium text-slate-700">
            {t("priceOptionalLabel", { currency: money.currency })}
          </label>
          <PriceInput id={ids.price} value={price} onChange={setPrice} />
        </div>
        <SizesEditor productName={name || t("newProductName")} sizes={sizes} onChange={setSizes} />
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
            {t("improveWithAi")}{" "}
            <span className="font-semibold" data-testid="ai-cost">
              {t("aiCost", { count: imagesFromCredits(CREDITS_PER_IMAGE) })}
            </span>
            <span className="block text-slate-500">{t("aiShowsImproved")}</span>
            {!canGenerate && <span className="block text-slate-500">{t("noImagesLeft")}</span>}
          </span>
        </label>
        <div className="flex gap-2">
          <Button type="submit" busy={busy} className="flex-1">
            {busy ? t("adding") : t("addProduct")}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onDone}>
            {t("cancel")}
          </Button>
        </div>
      </div>
    </form>
  );
}
