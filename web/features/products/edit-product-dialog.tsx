import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import toast from "react-hot-toast";
import type { Product } from "../../../common/product";
import { api, unwrap } from "../../lib/api";
import { compressImage, EDIT_DIALOG_THRESHOLD, fileToDataUrl, formatFileSize } from "../../lib/compress";
import { productsQuery } from "../../lib/queries";
import { createProduct } from "../../lib/upload";
import { ProductImage } from "../../ui/product-image";
import { Spinner } from "../../ui/spinner";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { cacheAnswer } from "../../lib/cache-answer";
import { t } from "./texts";
const ACCEPT = "image/png,image/jpeg,image/webp";

/**
 * Spec section 4, "Product list": after an update the matching item takes the
 * new name, and its image only if the server answered one.
 */
export function withUpdatedProduct(list: Product[] | undefined, updated: Product): Product[] | undefined {
  return list?.map((p) =>
    p.id !== updated.id
      ? p
      : {
          ...p,
          name: updated.name,
          ...(updated.imageUrl
            ? { imageUrl: updated.imageUrl, imageURL: updated.imageURL, originalImageUrl: updated.originalImageUrl }
            : {}),
        },
  );
}

/** After a delete the item leaves the list. */
export function withoutProduct(list: Product[] | undefined, id: string): Product[] | undefined {
  return list?.filter((p) => p.id !== id);
}

interface Props {
  /** null with mode "add": 'Agregar Nuevo Producto'. */
  product: Product | null;
  mode?: "edit" | "add";
  userId: string;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * 'Editar Producto': rename, replace the photo, or delete the product.
 * 'Agregar Nuevo Producto' (mode "add"): a product from a name and a photo, as it is, no AI and no credits.
 */
export function EditProductDialog({ product, mode = "edit", userId, open, onClose, onDeleted }: Props) {
  const adding = mode === "add";
  return (
    <Dialog open={open && (adding || !!product)} onClose={onClose} title={adding ? t("addNewTitle") : t("editTitle")}>
      {adding ? (
        <EditForm product={null} userId={userId} onClose={onClose} onDeleted={onDeleted} />
      ) : (
        product && <EditForm product={product} userId={userId} onClose={onClose} onDeleted={onDeleted} />
      )}
    </Dialog>
  );
}

interface Picked {
  file: File;
  originalSize: number;
  compressed: boolean;
  previewUrl: string;
}

function EditForm({ product, userId, onClose, onDeleted }: Omit<Props, "open" | "product" | "mode"> & { product: Product | null }) {
  const queryClient = useQueryClient();
  const listKey = productsQuery(userId).queryKey;
  const [name, setName] = useState(product?.name ?? "");
  const [nameError, setNameError] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [compressing, setCompressing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // After 'No, conservar' focus goes back to 'Eliminar Producto', which the confirmation replaced.
  const [keptAfterConfirm, setKeptAfterConfirm] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), nameError: useId(), image: useId(), imageError: useId(), confirm: useId() };

  // Object URLs hold the file in memory until revoked.
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.previewUrl) : undefined), [picked]);

  const update = useMutation({
    mutationFn: async () => {
      const imageBase64 = picked ? await fileToDataUrl(picked.file) : undefined;
      return (await unwrap(api.products.update.$put({ json: { id: product!.id, name: name.trim(), imageBase64 } }), t("updateFallback")))
        .product;
    },
    onSuccess: async (updated) => {
      await cacheAnswer(queryClient, listKey, (list) => withUpdatedProduct(list, updated));
      toast.success(t("updated"));
      onClose();
    },
    onError: (err) => toast.error(err.message || t("updateFallback")),
  });

  // One request: the photo and the typed name together, so a failure leaves no half-made product.
  const create = useMutation({
    mutationFn: () => createProduct(picked!.file, name.trim()),
    onSuccess: async (created) => {
      const added = { ...created, createdAt: new Date().toISOString(), createdBy: userId };
      await cacheAnswer(queryClient, listKey, (list) => (list ? [...list, added] : list));
      toast.success(t("added"));
      onClose();
    },
    onError: (err) => toast.error(err.message || t("createFallback")),
  });

  const remove = useMutation({
    mutationFn: () => unwrap(api.products.delete[":id"].$delete({ param: { id: product!.id } }), t("deleteFallback")),
    onSuccess: async () => {
      await cacheAnswer(queryClient, listKey, (list) => withoutProduct(list, product!.id));
      // Its generated images went with it.
      void queryClient.invalidateQueries({ queryKey: ["gallery"] });
      void queryClient.invalidateQueries({ queryKey: ["store-models"] });
      queryClient.removeQueries({ queryKey: ["product-images", product!.id] });
      toast.success(t("deleted"));
      onDeleted();
    },
    onError: (err) => toast.error(err.message || t("deleteFallback")),
  });

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!ACCEPT.split(",").includes(file.type)) {
      toast.error(t("chooseImageType"));
      return;
    }
    setCompressing(true);
    try {
      const result = await compressImage(file, EDIT_DIALOG_THRESHOLD);
      setPicked({ ...result, originalSize: file.size, previewUrl: URL.createObjectURL(result.file) });
      setImageError(null);
    } finally {
      setCompressing(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const noName = !name.trim();
    const noImage = !product && !picked;
    if (noName) setNameError(t("nameRequired"));
    if (noImage) setImageError(t("imageRequired"));
    if (noName || noImage) return;
    if (product) update.mutate();
    else create.mutate();
  }

  const saving = update.isPending || create.isPending;
  const busy = saving || remove.isPending;
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div>
        <label htmlFor={ids.name} className="text-sm font-medium text-slate-700">
          {t("name")}
        </label>
        <input
          id={ids.name}
          value={name}
          required
          maxLength={120}
          autoComplete="off"
          aria-invalid={!!nameError}
          aria-describedby={nameError ? ids.nameError : undefined}
          onChange={(e) => {
            setName(e.target.value);
            if (nameError && e.target.value.trim()) setNameError(null);
          }}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 focus-visible:outline-2 focus-visible:outline-brand-600 aria-invalid:border-red-500"
        />
        {nameError && (
          <p id={ids.nameError} role="alert" className="mt-1 text-sm text-red-700">
            {nameError}
          </p>
        )}
      </div>

      <div>
        <p id={ids.image} className="text-sm font-medium text-slate-700">
          {t("image")}
        </p>
        <div className="mt-2 flex items-center gap-4">
          <ProductImage
            url={picked?.previewUrl ?? product?.imageUrl ?? null}
            fit="contain"
            className="size-28 shrink-0 rounded-xl border border-slate-200"
          />
          <div className="min-w-0 space-y-2 text-sm">
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPT}
              aria-labelledby={ids.image}
              aria-describedby={imageError ? ids.imageError : undefined}
              tabIndex={-1}
              className="sr-only"
              onChange={(e) => void choose(e)}
            />
            <Button variant="secondary" disabled={compressing || busy} onClick={() => fileInput.current?.click()}>
              {compressing && <Spinner className="size-4" />}
              {compressing ? t("compressing") : product?.imageUrl || picked ? t("changeImage") : t("chooseImage")}
            </Button>
            {imageError && (
              <p id={ids.imageError} role="alert" className="text-red-700">
                {imageError}
              </p>
            )}
            {picked && (
              <p className="break-words text-slate-600" data-testid="picked-image">
                {picked.file.name} · {formatFileSize(picked.file.size)}
                {picked.compressed && (
                  <span className="ml-1 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">
                    {t("compressedBefore", { size: formatFileSize(picked.originalSize) })}
                  </span>
                )}
              </p>
            )}
          </div>
        </div>
      </div>

      {confirmingDelete ? (
        <fieldset aria-labelledby={ids.confirm} className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4">
          <p id={ids.confirm} className="text-sm text-red-900">
            <strong className="block">{t("deleteConfirmTitle")}</strong>
            {t("deleteConfirmText")}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              disabled={remove.isPending}
              onClick={() => {
                setConfirmingDelete(false);
                setKeptAfterConfirm(true);
              }}
            >
              {t("deleteKeep")}
            </Button>
            <Button autoFocus variant="danger" busy={remove.isPending} onClick={() => remove.mutate()}>
              {t("deleteYes")}
            </Button>
          </div>
        </fieldset>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row-reverse sm:flex-wrap">
          <Button type="submit" busy={saving} disabled={compressing || remove.isPending} className="sm:flex-1">
            {product ? t("updateProduct") : t("addProductButton")}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onClose} className="sm:flex-1">
            {t("cancel")}
          </Button>
          {product && (
            <button
              type="button"
              // biome-ignore lint/a11y/noAutofocus: after 'No, conservar' focus returns to the button that asked
              autoFocus={keptAfterConfirm}
              disabled={busy}
              onClick={() => setConfirmingDelete(true)}
              className="rounded-lg px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60 sm:w-full"
            >
              {t("deleteProduct")}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
