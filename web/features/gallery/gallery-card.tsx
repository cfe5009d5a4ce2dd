import type { ReactNode } from "react";
import { responsiveImage } from "../../../common/image-renditions";
import { GRID_IMAGE_SIZES } from "../../ui/product-image";
import type { ImageVariant } from "../../../common/image-variants";
import type { GalleryImage } from "../../../common/product";
import { sellerLocale } from "../../i18n/language";
import { DownloadIcon, useDownload } from "../../ui/gallery-download-button";
import { Spinner } from "../../ui/spinner";
import { KeepAsStoreModelButton, keepAudienceOf } from "../../ui/store-model";
import { t } from "./texts";

export function galleryName(image: Pick<GalleryImage, "productName">): string {
  return image.productName?.trim() || t("unnamedProduct");
}

export function formatGalleryDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(sellerLocale(), {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
}

/** What an image shows, in the seller's language (the server's label is Spanish: common/image-variants.ts). */
export function variantName(variant: ImageVariant): string {
  const names: Record<ImageVariant, string> = {
    front: t("variantFront"),
    back: t("variantBack"),
    baby: t("variantBaby"),
    kid: t("variantKid"),
    girl: t("variantGirl"),
    adult: t("variantAdult"),
    outfit: t("variantOutfit"),
    personalized: t("variantPersonalized"),
    modified: t("variantModified"),
  };
  return names[variant] ?? variant;
}

/**
 * One generated image. The actions sit over the picture: always visible on
 * touch screens, revealed on hover or keyboard focus where there is a mouse.
 */
export function GalleryCard({
  image,
  onOpen,
  onModify,
  onDelete,
}: {
  image: GalleryImage;
  onOpen: () => void;
  /** Absent where this site cannot modify images: the card offers no wand. */
  onModify?: () => void;
  onDelete: () => void;
}) {
  const name = galleryName(image);
  const { busy, download } = useDownload();
  return (
    <li className="group relative overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="gallery-card">
      <button
        type="button"
        onClick={onOpen}
        aria-label={t("seeLarge", { name })}
        className="block w-full focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        {/* A small WebP for the grid; 'Descargar' still gives the full image. */}
        <img
          {...responsiveImage(image.imageUrl)}
          sizes={GRID_IMAGE_SIZES}
          width={1080}
          height={1350}
          alt={name}
          loading="lazy"
          decoding="async"
          className="aspect-[4/5] w-full bg-slate-100 object-cover"
        />
      </button>
      <div className="absolute top-2 right-2 flex gap-1.5 transition-opacity pointer-fine:opacity-0 pointer-fine:group-focus-within:opacity-100 pointer-fine:group-hover:opacity-100">
        <IconButton label={t("download", { name })} onClick={() => void download(image.imageUrl, image.productName)} busy={busy}>
          <DownloadIcon className="size-4" />
        </IconButton>
        {onModify && (
          <IconButton label={t("modify", { name })} onClick={onModify}>
            <WandIcon className="size-4" />
          </IconButton>
        )}
        <IconButton label={t("delete", { name })} onClick={onDelete} danger>
          <TrashIcon className="size-4" />
        </IconButton>
      </div>
      <div className="p-3">
        <p className="truncate text-sm font-semibold text-slate-900" title={name}>
          {name}
        </p>
        <p className="text-xs text-slate-600">
          <span className="font-medium text-brand-800" data-testid="gallery-kind">
            {variantName(image.variant)}
          </span>{" "}
          · <time dateTime={image.createdAt}>{formatGalleryDate(image.createdAt)}</time>
        </p>
        <KeepAsStoreModelButton imageId={image.imageId} audience={keepAudienceOf(image)} className="mt-2 w-full px-2 text-xs" />
      </div>
    </li>
  );
}

function IconButton({
  label,
  onClick,
  children,
  danger = false,
  busy = false,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  danger?: boolean;
  busy?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      disabled={busy}
      aria-busy={busy || undefined}
      className={`grid size-9 place-items-center rounded-full bg-white/95 shadow-md ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-70 ${
        danger
          ? "text-red-600 hover:bg-red-50 focus-visible:outline-red-600"
          : "text-slate-700 hover:bg-slate-50 focus-visible:outline-brand-600"
      }`}
    >
      {busy ? <Spinner className="size-4" /> : children}
    </button>
  );
}

/** The eight placeholders the spec shows while the gallery loads. */
export function GallerySkeletons({ count = 8 }: { count?: number }) {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        {t("loadingImages")}
      </p>
      <ul aria-hidden className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, the position is all that tells them apart
          <li key={i} data-testid="gallery-skeleton" className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            <div className="aspect-[4/5] animate-pulse bg-slate-200" />
            <div className="space-y-2 p-3">
              <div className="h-3.5 w-3/4 animate-pulse rounded bg-slate-200" />
              <div className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function WandIcon({ className = "size-5" }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth={1.8}>
      <path strokeLinecap="round" strokeLinejoin="round" d="m4 20 11-11m-2-2 2 2M15 4v2m4 3h2m-3.5-4.5L16 6m3 6 1.5 1.5M19 4.5 17.5 6" />
    </svg>
  );
}

export function TrashIcon({ className = "size-5" }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth={1.8}>
      <path strokeLinecap="round" strokeLinejoin="round" d="M4 7h16M10 11v6m4-6v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}
