import { useQuery } from "@tanstack/react-query";
import { responsiveImage } from "../../../common/image-renditions";
import { GRID_IMAGE_SIZES } from "../../ui/product-image";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { MAX_STORE_IMAGES } from "../../../common/store";
import { productImagesQuery } from "../../lib/queries";
import { Spinner } from "../../ui/spinner";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { rich } from "./rich-text";
import { t } from "./texts";

interface Props {
  /** The product being edited; null closes the dialog. */
  product: { id: string; name: string } | null;
  /** What the store shows now (or the original photo when nothing was chosen). */
  initial: string[];
  onClose: () => void;
  onConfirm: (urls: string[]) => void;
  /** The toast after confirming (the pricing page and the admin word it differently). */
  confirmedMessage: string;
  /** The admin shows at most five thumbnails. */
  limit?: number;
}

/**
 * Spec section 4, "Image modal": the product's images with checkmarks, the
 * original marked 'Original', at least one chosen. Confirming only changes
 * the screen's draft; the page saves it. The first chosen image is the cover.
 */
export function StoreImagePicker({ product, initial, onClose, onConfirm, confirmedMessage, limit }: Props) {
  // Kept for 300 ms after closing, so the content does not vanish while the dialog closes.
  const [shown, setShown] = useState(product);
  useEffect(() => {
    if (product) {
      setShown(product);
      return;
    }
    const timer = setTimeout(() => setShown(null), 300);
    return () => clearTimeout(timer);
  }, [product]);

  return (
    <Dialog open={!!product} onClose={onClose} title={t("pickerTitle")} className="sm:max-w-2xl">
      {shown && (
        <PickerBody
          key={shown.id}
          product={shown}
          initial={initial}
          onClose={onClose}
          onConfirm={onConfirm}
          confirmedMessage={confirmedMessage}
          limit={limit}
        />
      )}
    </Dialog>
  );
}

function PickerBody({
  product,
  initial,
  onClose,
  onConfirm,
  confirmedMessage,
  limit,
}: Omit<Props, "product"> & { product: { id: string; name: string } }) {
  const images = useQuery(productImagesQuery(product.id));
  const [selected, setSelected] = useState<string[]>(initial);

  useEffect(() => {
    if (images.isError) toast.error(images.error.message || t("imagesLoadFailed"));
  }, [images.isError, images.error]);

  const all = images.data ?? [];
  const visible = limit ? [...all.slice(0, limit), ...all.slice(limit).filter((img) => selected.includes(img.url))] : all;

  function toggle(url: string) {
    setSelected((current) => {
      if (current.includes(url)) return current.filter((u) => u !== url);
      if (current.length >= MAX_STORE_IMAGES) {
        toast.error(t("maxImages", { count: MAX_STORE_IMAGES }));
        return current;
      }
      return [...current, url];
    });
  }

  function confirm() {
    if (selected.length === 0) {
      toast.error(t("atLeastOneImage"));
      return;
    }
    onConfirm(selected);
    toast.success(confirmedMessage);
    onClose();
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{rich((values) => t("pickerIntro", values), { name: <strong>{product.name}</strong> })}</p>
      {images.isPending && (
        <p role="status" className="flex items-center gap-2 py-8 text-slate-600">
          <Spinner className="size-5 text-brand-600" />
          {t("imagesLoading")}
        </p>
      )}
      {images.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {images.error.message}
        </p>
      )}
      {images.isSuccess && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {visible.map((image) => {
            const order = selected.indexOf(image.url);
            const isOriginal = image.id === "-1";
            return (
              <li key={image.id}>
                <button
                  type="button"
                  aria-pressed={order >= 0}
                  aria-label={`${isOriginal ? t("original") : t("generatedImage")}${order >= 0 ? t("chosenOrder", { order: order + 1 }) : ""}`}
                  onClick={() => toggle(image.url)}
                  className={`relative block w-full overflow-hidden rounded-xl border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                    order >= 0 ? "border-brand-600 ring-2 ring-brand-200" : "border-slate-200 hover:border-slate-400"
                  }`}
                >
                  <img
                    {...responsiveImage(image.url)}
                    sizes={GRID_IMAGE_SIZES}
                    width={1080}
                    height={1350}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/5] w-full bg-slate-100 object-cover"
                  />
                  {isOriginal && (
                    <span className="absolute top-2 left-2 rounded-full bg-slate-900/80 px-2 py-0.5 text-xs font-semibold text-white">
                      {t("original")}
                    </span>
                  )}
                  {order >= 0 && (
                    <span
                      aria-hidden
                      className="absolute top-2 right-2 grid size-7 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white"
                    >
                      ✓{order + 1 > 1 ? order + 1 : ""}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t("cancel")}
        </Button>
        <Button onClick={confirm} disabled={!images.isSuccess}>
          {t("confirmSelection")}
        </Button>
      </div>
    </div>
  );
}
