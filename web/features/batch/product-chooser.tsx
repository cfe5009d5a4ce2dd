import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { MAX_BATCH_ITEMS } from "../../../common/batches";
import type { Product } from "../../../common/product";
import { ApiFailure } from "../../lib/api";
import { productsQuery } from "../../lib/queries";
import { Button } from "../../ui/button";
import { ProductImage } from "../../ui/product-image";
import { Spinner } from "../../ui/spinner";
import { refusedPhotos, tooManyPhotos, uploadPhotos } from "./photo-upload";
import { t } from "./texts";

const ACCEPT = "image/png,image/jpeg,image/webp";

interface Props {
  userId: string;
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** Photos uploaded here become new products (their names are drafted from the photo), each with its file's name. */
  onUploaded: (uploaded: { product: Product; fileName: string }[]) => void;
}

/** A photo being checked or sent: its own preview at once, from the phone's file. */
interface Sending {
  name: string;
  url: string;
}

/**
 * Step 1 of a batch: the seller's products to tick, and 'Subir fotos' for up
 * to 100 photos from the gallery, which become draft products (named after
 * the file until the batch names them from the photo) and come ticked.
 */
export function ProductChooser({ userId, selected, onChange, onUploaded }: Props) {
  const queryClient = useQueryClient();
  const products = useQuery(productsQuery(userId));
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [sending, setSending] = useState<Sending[]>([]);
  const previews = useRef<Sending[]>([]);
  previews.current = sending;
  // Previews still shown when the screen goes are let go with it.
  useEffect(() => () => forgetPreviews(previews.current), []);
  const withPhoto = (products.data ?? []).filter((p) => p.imageUrl);
  const chosen = new Set(selected);

  function toggle(id: string) {
    onChange(chosen.has(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  }

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    if (files.length === 0) return;
    setProblems([]);
    if (files.length + selected.length > MAX_BATCH_ITEMS) {
      setProblems([tooManyPhotos()]);
      return;
    }
    // Each photo shows at once, from the file itself, while it is checked and sent.
    const shown = files.map((file) => ({ name: file.name, url: URL.createObjectURL(file) }));
    setSending(shown);
    setProgress({ sent: 0, total: files.length });
    try {
      const refused = await refusedPhotos(files);
      if (refused.length > 0) {
        // Nothing is sent while one of them cannot be opened: the seller takes it out and tries again.
        setProblems(refused);
        return;
      }
      const created = await uploadPhotos(files, (sent, total) => setProgress({ sent, total }));
      onUploaded(created.map((product, i) => ({ product, fileName: files[i]!.name })));
      onChange([...selected, ...created.map((p) => p.id)]);
    } catch (err) {
      setProblems([err instanceof ApiFailure || err instanceof Error ? err.message : t("uploadFailed")]);
    } finally {
      setProgress(null);
      forgetPreviews(shown);
      setSending([]);
      void queryClient.invalidateQueries({ queryKey: productsQuery(userId).queryKey });
    }
  }

  return (
    <section aria-labelledby="choose-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="choose-title" className="text-lg font-semibold">
          {t("chooseTitle")}
        </h2>
        <Button variant="secondary" onClick={() => input.current?.click()} busy={progress !== null}>
          {t("uploadFromGallery")}
        </Button>
      </div>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        tabIndex={-1}
        aria-label={t("photosForBatch")}
        data-testid="batch-photos"
        onChange={(e) => void onFiles(e)}
      />
      <p className="text-sm text-slate-600">{t("uploadHint", { max: String(MAX_BATCH_ITEMS) })}</p>
      {progress && (
        <p role="status" className="flex items-center gap-2 text-sm text-brand-800">
          <Spinner className="size-4" /> {t("uploadingCount", { sent: String(progress.sent), total: String(progress.total) })}
        </p>
      )}
      {sending.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label={t("photosUploading")} data-testid="batch-sending">
          {sending.map((photo, i) => (
            <li key={photo.url} className="relative overflow-hidden rounded-xl border border-slate-200">
              <img src={photo.url} alt={photo.name} className="aspect-square w-full object-cover" />
              <span className="absolute bottom-1 left-1 rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-slate-800">
                {progress && i < progress.sent ? t("photoUploaded") : t("photoUploading")}
              </span>
            </li>
          ))}
        </ul>
      )}
      {problems.length > 0 && (
        <ul role="alert" className="space-y-1 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}

      {products.isPending && <p className="text-sm text-slate-600">{t("loadingProducts")}</p>}
      {withPhoto.length > 0 && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-medium text-slate-700" data-testid="batch-selected">
              {t("selectedCount", { count: selected.length })}
            </p>
            <div className="flex gap-2">
              <Button variant="ghost" onClick={() => onChange(withPhoto.slice(0, MAX_BATCH_ITEMS).map((p) => p.id))}>
                {t("chooseAll")}
              </Button>
              <Button variant="ghost" onClick={() => onChange([])} disabled={selected.length === 0}>
                {t("chooseNone")}
              </Button>
            </div>
          </div>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {withPhoto.map((product) => (
              <li key={product.id}>
                <label className="relative block cursor-pointer overflow-hidden rounded-xl border border-slate-200 has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
                  <input
                    type="checkbox"
                    checked={chosen.has(product.id)}
                    onChange={() => toggle(product.id)}
                    className="absolute top-1.5 left-1.5 size-6 accent-brand-700"
                  />
                  <ProductImage url={product.imageUrl} className="aspect-square w-full" />
                  <span className="line-clamp-1 block px-1.5 py-1 text-xs text-slate-800">{product.name}</span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function forgetPreviews(previews: readonly Sending[]) {
  for (const photo of previews) URL.revokeObjectURL(photo.url);
}
