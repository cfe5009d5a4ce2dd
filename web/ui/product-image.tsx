import { responsiveImage } from "../../common/image-renditions";
import { t } from "./texts";

/** The app's grids: two columns on phones, up to four on desktops. */
export const GRID_IMAGE_SIZES = "(min-width:1024px) 16rem, (min-width:640px) 33vw, 50vw";

/**
 * A product's photo, or the 'Sin imagen' placeholder in the same box. Stored
 * images come as WebP renditions (srcset) sized for the box; `eager` is for
 * the first card only, the rest load lazily.
 */
export function ProductImage({
  url,
  className = "",
  fit = "cover",
  sizes = GRID_IMAGE_SIZES,
  eager = false,
}: {
  url: string | null;
  className?: string;
  fit?: "cover" | "contain";
  sizes?: string;
  eager?: boolean;
}) {
  if (!url) {
    return (
      <span className={`grid place-items-center bg-slate-100 text-sm text-slate-500 ${className}`}>
        <span className="flex flex-col items-center gap-1">
          <svg aria-hidden viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="1.5">
            <path
              strokeLinecap="round"
              strokeLinejoin="round"
              d="m2.25 15.75 5.16-5.16a2.25 2.25 0 0 1 3.18 0l5.16 5.16m-1.5-1.5 1.41-1.41a2.25 2.25 0 0 1 3.18 0l2.91 2.91M3.75 21h16.5A1.5 1.5 0 0 0 21.75 19.5v-15A1.5 1.5 0 0 0 20.25 3H3.75A1.5 1.5 0 0 0 2.25 4.5v15A1.5 1.5 0 0 0 3.75 21Z"
            />
          </svg>
          {t("noImage")}
        </span>
      </span>
    );
  }
  const { src, srcSet } = responsiveImage(url);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      // The box's own aspect comes from the class; these only reserve it before the image arrives.
      width={1080}
      height={1350}
      alt=""
      {...(eager ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
      decoding="async"
      className={`bg-slate-100 ${fit === "cover" ? "object-cover" : "object-contain"} ${className}`}
    />
  );
}
