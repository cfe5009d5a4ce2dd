/**
 * The catalogue import's write: each product of the file whose handle the seller has updates that product
 * (name, price, description, category, published, stock), every other one is made new, all in one batch with
 * the store-money guard (the prices were read in the store's money) and the product cap, or nothing is.
 */
import { and, eq } from "drizzle-orm";
import type { Db, ShopDb } from "../../db/client";
import { products } from "../../db/schema";
import type { CatalogueProduct } from "../catalogue-csv";
import { randomId } from "../ids";
import { writeAcross } from "../shop-writes";
import { replaceVariants } from "../stock";
import { moneyGuarded, moneyGuards, type MoneyGuardedSeller as Seller } from "../store-money-change";
import { storeChanged } from "../store-version";
import { insertProduct, MAX_PRODUCTS_PER_SELLER, PRODUCT_CAP_REACHED, withinProductCap, writingNewProducts } from "./create";
import { ensureHandles } from "./handles";
import { ApiError } from "../errors";

/** The statements that set a product's colours and stock to the file's, keeping each colour's picture where the colour stays. */
function stockWrites(shopDb: Db, productId: string, p: CatalogueProduct, savedColors: { name: string; imageKey: string | null }[]) {
  const colorNames = [...new Set(p.stock.map((s) => s.color))].filter(Boolean);
  const sizesOf = (color: string) => p.stock.filter((s) => s.color === color && s.size).map((s) => ({ name: s.size, stock: s.stock }));
  const units = colorNames.length ? undefined : p.stock.find((s) => !s.color && !s.size);
  return replaceVariants(
    shopDb,
    productId,
    colorNames.length ? [] : sizesOf(""),
    colorNames.map((name) => ({ name, imageKey: savedColors.find((c) => c.name === name)?.imageKey ?? null, sizes: sizesOf(name) })),
    units ? units.stock : null,
  );
}

/** Imports the products the file holds (read by readCatalogueCsv); answers how many were made and how many updated. */
export async function importCatalogue(
  db: Db,
  shopDb: ShopDb,
  seller: Seller,
  read: CatalogueProduct[],
): Promise<{ created: number; updated: number }> {
  await ensureHandles(shopDb, seller.id);
  return moneyGuarded(
    writingNewProducts(async () => {
      const mine = await shopDb
        .select({ id: products.id, handle: products.handle, colors: products.colors })
        .from(products)
        .where(eq(products.userId, seller.id));
      const byHandle = new Map(mine.map((p) => [p.handle, p]));
      const created = read.filter((p) => !byHandle.has(p.handle)).length;
      // Said before the write for its clear reason; the guard in the batch is what holds under imports fired together.
      if (mine.length + created > MAX_PRODUCTS_PER_SELLER) throw new ApiError(409, PRODUCT_CAP_REACHED);
      const shop = read.flatMap((p) => {
        const fields = { name: p.name, price: p.price || null, published: p.published, description: p.description, category: p.category };
        const existing = byHandle.get(p.handle);
        if (existing) {
          return [
            shopDb
              .update(products)
              .set(fields)
              .where(and(eq(products.id, existing.id), eq(products.userId, seller.id))),
            ...stockWrites(shopDb, existing.id, p, JSON.parse(existing.colors)),
          ];
        }
        const id = randomId();
        return [
          insertProduct(shopDb, { id, userId: seller.id, ...fields, ...(p.handle ? { handle: p.handle } : {}) }),
          ...(p.stock.length ? stockWrites(shopDb, id, p, []) : []),
        ];
      });
      await writeAcross(db, shopDb, {
        ...moneyGuards(db, shopDb, seller),
        shop: [...shop, withinProductCap(shopDb, seller.id)],
        after: [storeChanged(db, seller.id)],
      });
      return { created, updated: read.length - created };
    }),
  );
}
