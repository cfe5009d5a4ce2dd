import { useState } from "react";
import { ProductImage } from "../../ui/product-image";
import { t } from "./texts";

/** A product's store images, one at a time, with previous/next when there is more than one. */
export function StoreCarousel({ images, name, className = "aspect-[4/5]" }: { images: string[]; name: string; className?: string }) {
  const [index, setIndex] = useState(0);
  const current = Math.min(index, Math.max(0, images.length - 1));
  const step = (delta: number) => setIndex((current + delta + images.length) % images.length);
  return (
    <div className={`relative overflow-hidden bg-slate-100 ${className}`}>
      <ProductImage url={images[current] ?? null} className="size-full" />
      {images.length > 1 && (
        <>
          <button
            type="button"
            onClick={() => step(-1)}
            aria-label={t("previousImageOf", { name })}
            className="absolute top-1/2 left-2 grid size-8 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-lg text-slate-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            ‹
          </button>
          <button
            type="button"
            onClick={() => step(1)}
            aria-label={t("nextImageOf", { name })}
            className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-lg text-slate-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            ›
          </button>
          <span className="absolute right-2 bottom-2 rounded-full bg-slate-900/70 px-2 py-0.5 text-xs text-white" aria-live="polite">
            {current + 1}/{images.length}
          </span>
        </>
      )}
    </div>
  );
}
