import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import toast from "react-hot-toast";
import type { GalleryImage } from "../../../common/product";
import { GalleryCard, galleryName, GallerySkeletons, TrashIcon, WandIcon, formatGalleryDate, variantName } from "./gallery-card";
import { DownloadButton } from "../../ui/gallery-download-button";
import { JobActivity } from "../../ui/job-activity";
import { ModifyImageDialog } from "./gallery-modify-dialog";
import { ModifyNotOffered, useModifyOffer } from "../../ui/modify-instruction";
import { BeforeAfter, hasOriginal } from "./before-after";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { api, ApiFailure, unwrap } from "../../lib/api";
import type { GenerationResult } from "../../lib/generation";
import { galleryQuery } from "../../lib/queries";
import { useSession } from "../../lib/session";
import { cacheAnswer } from "../../lib/cache-answer";
import { VARIANT_LABELS } from "../../../common/image-variants";
import { t } from "./texts";

/** /images: every image the seller generated, with preview, download, modify and delete. */
export function ImagesScreen() {
  const { user } = useSession();
  if (!user) return null;
  return <Gallery userId={user.id} />;
}

function Gallery({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const gallery = useQuery(galleryQuery(userId));
  const key = galleryQuery(userId).queryKey;
  const [preview, setPreview] = useState<GalleryImage | null>(null);
  const [modifying, setModifying] = useState<GalleryImage | null>(null);
  const modifyOffer = useModifyOffer();
  const [deleting, setDeleting] = useState<GalleryImage | null>(null);

  const removeFromList = (imageId: string) => cacheAnswer(queryClient, key, (list) => list?.filter((i) => i.imageId !== imageId));

  const remove = useMutation({
    mutationFn: (imageId: string) => unwrap(api.products.images[":id"].$delete({ param: { id: imageId } }), t("deleteFailed")),
    onSuccess: (_, imageId) => {
      removeFromList(imageId);
      // An image a modification stood in front of comes back in its place.
      void queryClient.invalidateQueries({ queryKey: key });
      setDeleting(null);
      toast.success(t("deleted"));
      // A product's newest image and the store's choices may have pointed at it.
      void queryClient.invalidateQueries({ queryKey: ["products"] });
      void queryClient.invalidateQueries({ queryKey: ["product-images"] });
      // A store model kept from it went with it.
      void queryClient.invalidateQueries({ queryKey: ["store-models"] });
    },
    onError: (err, imageId) => {
      // Already gone on the server (another tab): the list just catches up.
      if (err instanceof ApiFailure && err.status === 404) removeFromList(imageId);
      setDeleting(null);
      toast.error(t("deleteFailed"));
    },
  });

  /** 'Restaurar original': the original takes the modification's place again (the modification stays stored). */
  const restore = useMutation({
    mutationFn: async (image: GalleryImage) =>
      (await unwrap(api.products.images[":id"]["restore-original"].$post({ param: { id: image.imageId } }), t("restoreFailed"))).image,
    onSuccess: async (restored, modified) => {
      await cacheAnswer(queryClient, key, (list) => list?.map((i) => (i.imageId === modified.imageId ? restored : i)));
      setPreview(restored);
      toast.success(t("restored"));
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (err) => toast.error(err instanceof Error && err.message ? err.message : t("restoreFailed")),
  });

  /**
   * Spec section 4: the modified image takes the old one's place in the list.
   * The generation hook also refetches the gallery, which would list both, so
   * that refetch is cancelled and the swap written instead.
   */
  async function onModified(before: GalleryImage, result: GenerationResult) {
    await queryClient.cancelQueries({ queryKey: key });
    // The server now lists the modification in the original's place and keeps the original linked to it.
    const after: GalleryImage = {
      ...before,
      imageId: result.imageId,
      imageUrl: result.imageUrl,
      variant: "modified",
      variantLabel: VARIANT_LABELS.modified,
      createdAt: new Date().toISOString(),
      original: { imageId: before.imageId, imageUrl: before.imageUrl },
    };
    await cacheAnswer(queryClient, key, (list) =>
      list?.filter((i) => i.imageId !== result.imageId).map((i) => (i.imageId === before.imageId ? after : i)),
    );
    setModifying(after);
    setPreview((p) => (p?.imageId === before.imageId ? after : p));
  }

  const images = gallery.data;

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">{t("title")}</h1>
          {images && images.length > 0 && <p className="mt-1 text-sm text-slate-600">{t("imageCount", { count: images.length })}</p>}
        </div>
      </header>

      <JobActivity />

      {gallery.isPending && <GallerySkeletons />}

      {gallery.isError && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900"
        >
          <p>{gallery.error instanceof Error && gallery.error.message ? gallery.error.message : t("loadFailed")}</p>
          <Button variant="secondary" onClick={() => void gallery.refetch()} busy={gallery.isFetching}>
            {t("retry")}
          </Button>
        </div>
      )}

      {images && images.length === 0 && (
        <div className="rounded-2xl border-2 border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold">{t("emptyTitle")}</p>
          <p className="mt-1 text-slate-600">{t("emptyHint")}</p>
          <Link
            to="/home"
            className="mt-4 inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {t("goToProducts")}
          </Link>
        </div>
      )}

      {images && images.length > 0 && (
        <ul aria-label={t("listLabel")} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5">
          {images.map((image) => (
            <GalleryCard
              key={image.imageId}
              image={image}
              onOpen={() => setPreview(image)}
              onModify={modifyOffer.available ? () => setModifying(image) : undefined}
              onDelete={() => setDeleting(image)}
            />
          ))}
        </ul>
      )}

      <PreviewDialog
        image={preview}
        onClose={() => setPreview(null)}
        onModify={(image) => {
          setPreview(null);
          setModifying(image);
        }}
        onDelete={(image) => {
          setPreview(null);
          setDeleting(image);
        }}
        onRestore={(image) => restore.mutate(image)}
        restoring={restore.isPending}
      />

      <ModifyImageDialog
        image={modifying}
        onClose={() => setModifying(null)}
        onModified={(before, result) => void onModified(before, result)}
      />

      <Dialog open={!!deleting} onClose={() => !remove.isPending && setDeleting(null)} title={t("deleteTitle")}>
        <p className="text-sm text-slate-600">{t("deleteBody")}</p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setDeleting(null)} disabled={remove.isPending}>
            {t("cancel")}
          </Button>
          <Button variant="danger" busy={remove.isPending} onClick={() => deleting && remove.mutate(deleting.imageId)}>
            {t("deleteButton")}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function PreviewDialog({
  image,
  onClose,
  onModify,
  onDelete,
  onRestore,
  restoring,
}: {
  image: GalleryImage | null;
  onClose: () => void;
  onModify: (image: GalleryImage) => void;
  onDelete: (image: GalleryImage) => void;
  onRestore: (image: GalleryImage) => void;
  restoring: boolean;
}) {
  const modify = useModifyOffer();
  return (
    <Dialog open={!!image} onClose={onClose} title={image ? galleryName(image) : ""} className="sm:max-w-3xl">
      {image && (
        <div className="space-y-4">
          {hasOriginal(image) ? (
            <BeforeAfter image={image} name={galleryName(image)} />
          ) : (
            <img
              src={image.imageUrl}
              alt={t("imageOf", { name: galleryName(image) })}
              className="mx-auto max-h-[70vh] w-full rounded-xl bg-slate-100 object-contain"
            />
          )}
          {!modify.available && <ModifyNotOffered reason={modify.reason} />}
          <p className="text-sm text-slate-500">
            {variantName(image.variant)} · {t("createdOn")} <time dateTime={image.createdAt}>{formatGalleryDate(image.createdAt)}</time>
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => onDelete(image)} className="text-red-700">
              <TrashIcon />
              {t("deleteButton")}
            </Button>
            {hasOriginal(image) && (
              <Button variant="secondary" busy={restoring} onClick={() => onRestore(image)}>
                {t("restoreOriginal")}
              </Button>
            )}
            {modify.available && (
              <Button variant="secondary" onClick={() => onModify(image)}>
                <WandIcon />
                {t("modifyShort")}
              </Button>
            )}
            <DownloadButton url={image.imageUrl} productName={image.productName} variant="primary" />
          </div>
        </div>
      )}
    </Dialog>
  );
}
