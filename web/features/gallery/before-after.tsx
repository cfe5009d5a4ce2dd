import type { GalleryImage } from "../../../common/product";
import { t } from "./texts";

/** A modification next to the image it was made from ('Antes' / 'Después'). */
export function BeforeAfter({ image, name }: { image: GalleryImage & { original: NonNullable<GalleryImage["original"]> }; name: string }) {
  return (
    <div className="grid grid-cols-2 gap-2" data-testid="before-after">
      {[
        { label: t("before"), url: image.original.imageUrl },
        { label: t("after"), url: image.imageUrl },
      ].map((side) => (
        <figure key={side.label} className="space-y-1">
          <img
            src={side.url}
            alt={`${name}, ${side.label.toLowerCase()}`}
            className="aspect-[4/5] w-full rounded-xl bg-slate-100 object-contain"
          />
          <figcaption className="text-center text-sm font-semibold text-slate-700">{side.label}</figcaption>
        </figure>
      ))}
    </div>
  );
}

export function hasOriginal(image: GalleryImage): image is GalleryImage & { original: NonNullable<GalleryImage["original"]> } {
  return image.original !== null;
}
