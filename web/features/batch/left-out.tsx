import type { Product } from "../../../common/product";
import { ProductImage } from "../../ui/product-image";
import { t } from "./texts";

interface Props {
  /** The products that do not fit in what the balance covers, in the order they were chosen. */
  ids: readonly string[];
  products: readonly Product[];
  /** The file each photo uploaded here came from: what the seller knows it by before it has a name. */
  fileNames: ReadonlyMap<string, string>;
}

/**
 * When the balance covers fewer pictures than chosen, the last ones chosen are left out: which ones, with
 * their photos, and what the seller can do about them.
 */
export function LeftOut({ ids, products, fileNames }: Props) {
  if (ids.length === 0) return null;
  const byId = new Map(products.map((product) => [product.id, product]));
  const one = ids.length === 1;
  return (
    <div className="space-y-2" data-testid="batch-left-out">
      <p className="font-semibold">{one ? t("leftOutOne") : t("leftOutMany", { count: String(ids.length) })}</p>
      <ul className="flex flex-wrap gap-2">
        {ids.map((id) => {
          const product = byId.get(id);
          const label = fileNames.get(id) ?? product?.name ?? t("product");
          return (
            <li key={id} className="flex w-40 items-center gap-2 rounded-lg bg-white/80 p-1.5">
              <ProductImage url={product?.imageUrl ?? null} className="aspect-square w-12 shrink-0 rounded-md" sizes="3rem" />
              <span className="line-clamp-2 text-xs break-all">{t("quotedName", { name: label })}</span>
            </li>
          );
        })}
      </ul>
      <p>{one ? t("leftOutWhatOne") : t("leftOutWhatMany")}</p>
    </div>
  );
}
