import { queryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { PublicProduct } from "../../../common/store";
import { formatPrice } from "../../../common/store-money";
import { useStoreMoney } from "../../lib/store-money";
import type { User } from "../../../common/user";
import { api, unwrap } from "../../lib/api";
import { publicStoreLink } from "../../lib/store-link";
import { Spinner } from "../../ui/spinner";
import { t } from "./texts";

/** Sizes the preview lists before summing up the rest as '+N' (spec section 9). */
export const PREVIEW_SIZES = 3;

export function sizesSummary(sizes: { name: string }[]): { shown: string[]; more: number } {
  return { shown: sizes.slice(0, PREVIEW_SIZES).map((s) => s.name), more: Math.max(0, sizes.length - PREVIEW_SIZES) };
}

/** The public store's own data (GET /api/auth/store/:username): exactly what shoppers see, drafts left out by the Worker. */
const publicStoreQuery = (username: string) =>
  queryOptions({
    queryKey: ["public-store", username],
    queryFn: () => unwrap(api.auth.store[":username"].$get({ param: { username } }), t("productsLoadFailed")),
  });

/** Step 1 of /pay-mi-tienda: the store as shoppers see it right now, with the seller's published products. */
export function StorePreview({ user }: { user: User }) {
  const store = useQuery({ ...publicStoreQuery(user.username ?? ""), enabled: !!user.username });
  const link = user.username ? publicStoreLink(user.username) : null;
  const products = store.data?.products;
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-50">
      <div className="border-b border-slate-200 bg-white px-5 py-4">
        <p className="text-lg font-bold" data-testid="preview-store-name">
          {user.name || t("yourStoreFallback")}
        </p>
        {/* The real public link, the one the admin shows and shoppers open (not the spec's nonexistent my.{host}). */}
        {link && (
          <a
            href={new URL(link.url).pathname}
            target="_blank"
            rel="noopener"
            className="text-sm break-all text-brand-700 underline underline-offset-2"
            data-testid="preview-store-link"
          >
            {link.label}
            <span className="sr-only"> {t("opensInNewTab")}</span>
          </a>
        )}
      </div>
      <div className="p-4">
        {store.isPending && user.username && (
          <div className="grid place-items-center py-10 text-brand-600">
            <Spinner />
          </div>
        )}
        {store.isError && <p className="py-6 text-center text-sm text-red-700">{t("productsLoadFailed")}</p>}
        {(!user.username || (products && products.length === 0)) && (
          <p className="py-6 text-center text-sm text-slate-600" data-testid="preview-empty">
            {t("previewEmpty")}
          </p>
        )}
        {products && products.length > 0 && (
          <ul aria-label={t("previewList")} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {products.map((product) => (
              <PreviewCard key={product.id} product={product} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function PreviewCard({ product }: { product: PublicProduct }) {
  const money = useStoreMoney();
  const images = product.images;
  const [index, setIndex] = useState(0);
  const { shown, more } = sizesSummary(product.sizes);
  const current = images[index % Math.max(1, images.length)];
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className="relative aspect-[4/5] bg-slate-100">
        {current ? (
          <img src={current} alt={product.name} className="size-full object-cover" loading="lazy" />
        ) : (
          <span className="grid size-full place-items-center text-xs text-slate-500">{t("noImage")}</span>
        )}
        {images.length > 1 && (
          <>
            <button
              type="button"
              aria-label={t("previousImage")}
              onClick={() => setIndex((i) => (i - 1 + images.length) % images.length)}
              className="absolute top-1/2 left-1 -translate-y-1/2 rounded-full bg-white/90 px-2 py-1 text-sm shadow"
            >
              ‹
            </button>
            <button
              type="button"
              aria-label={t("nextImage")}
              onClick={() => setIndex((i) => (i + 1) % images.length)}
              className="absolute top-1/2 right-1 -translate-y-1/2 rounded-full bg-white/90 px-2 py-1 text-sm shadow"
            >
              ›
            </button>
          </>
        )}
      </div>
      <div className="space-y-1 p-3">
        <p className="truncate text-sm font-semibold">{product.name}</p>
        <p className="text-sm text-slate-700">{formatPrice(product.price, money)}</p>
        {shown.length > 0 && (
          <p className="flex flex-wrap gap-1 text-xs">
            {shown.map((size) => (
              <span key={size} className="rounded border border-slate-300 px-1.5 py-0.5">
                {size}
              </span>
            ))}
            {more > 0 && <span className="px-1 py-0.5 text-slate-500">+{more}</span>}
          </p>
        )}
      </div>
    </li>
  );
}
