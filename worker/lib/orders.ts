/**
 * Orders as D1 keeps them and as the seller, the buyer's page and the
 * messages read them: pricing a cart from D1, the Order shape, and which
 * lines the stock can no longer cover.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { PaymentDetails } from "../../common/checkout";
import { localVariantLabel, type ShopText } from "../../common/shop-text";
import { linesSubtotal } from "../../common/checkout";
import type { StatusStep } from "../../common/order-status";
import { formatWhatsappNumber } from "../../common/phone";
import { MAX_LINE_QUANTITY, type Buyer, type Order, type OrderLine, type StockShortage } from "../../common/store-cart";
import { stockLeft } from "../../common/variants";
import type { Db } from "../db/client";
import { type orders, products, productStock } from "../db/schema";
import { listedInStore, storeColumns, toStoreProduct, type StoreProductRecord } from "./store-data";
import { chunks } from "./chunks";
import { ApiError } from "./errors";
import { NO_COLOR, NO_SIZE, stockedLines } from "./stock";

export type OrderRow = typeof orders.$inferSelect;

export const PRODUCT_NOT_IN_STORE = "Un producto del carrito ya no está disponible en esta tienda. Quítalo e intenta de nuevo.";

/** How many of a seller's latest orders the orders screen lists (the archival never moves these). */
export const ORDERS_LISTED = 200;

/** The buyer's page of an order, as a path. */
export const orderPath = (token: string) => `/pedido/${token}`;

/** The lines as saved; orders from before colours have no `color`. */
export const orderLines = (row: Pick<OrderRow, "lines">) =>
  (JSON.parse(row.lines) as OrderLine[]).map((line) => ({ ...line, color: line.color ?? null }));

function buyerOf(row: OrderRow): Buyer | null {
  return row.buyerName && row.delivery ? { name: row.buyerName, delivery: row.delivery, note: row.note } : null;
}

export function toOrder(row: OrderRow, shortages: StockShortage[] = []): Order {
  const digits = row.buyerPhone?.replace(/\D/g, "");
  return {
    id: row.id,
    code: row.code,
    lines: orderLines(row),
    subtotal: row.subtotal ?? row.total,
    total: row.total,
    buyer: buyerOf(row),
    buyerWhatsapp: digits ? { digits, label: formatWhatsappNumber(row.buyerPhone) } : null,
    delivery: row.delivery
      ? {
          kind: row.delivery,
          zone: row.deliveryZone,
          cost: row.deliveryCost,
          pickupAddress: row.pickupAddress,
          address:
            row.deliveryStreet && row.deliveryLocality
              ? {
                  street: row.deliveryStreet,
                  locality: row.deliveryLocality,
                  reference: row.deliveryReference,
                  // Only where one was given: the orders of countries without codes read as before.
                  ...(row.deliveryPostalCode ? { postalCode: row.deliveryPostalCode } : {}),
                }
              : null,
        }
      : null,
    payment: row.paymentDetails ? (JSON.parse(row.paymentDetails) as PaymentDetails) : null,
    // Only on orders with a code, so every other order reads exactly as before.
    ...(row.couponCode && row.couponKind ? { coupon: { code: row.couponCode, kind: row.couponKind, discount: row.discount ?? 0 } } : {}),
    currency: row.currency ?? "ARS",
    status: row.status,
    history: JSON.parse(row.history) as StatusStep[],
    link: orderPath(row.token ?? ""),
    createdAt: row.createdAt.toISOString(),
    stockTaken: row.stockTakenAt !== null,
    shortages,
  };
}

type CartInput = { productId: string; color: string | null; size: string | null; quantity: number };

/**
 * Prices the cart from D1, never from what the page showed: each product must
 * belong to this store, each colour and size must exist, and no line may ask
 * for more units than that combination has. Repeated lines are merged first.
 * Its refusals are the shopper's, so they read in the store's language and words.
 */
export function priceCart(
  cart: CartInput[],
  byId: Map<string, StoreProductRecord>,
  shop: ShopText,
): { lines: OrderLine[]; subtotal: number } {
  const merged: CartInput[] = [];
  for (const line of cart) {
    const color = line.color?.trim() || null;
    const size = line.size?.trim() || null;
    const same = merged.find((m) => m.productId === line.productId && m.color === color && m.size === size);
    if (same) same.quantity += line.quantity;
    else merged.push({ productId: line.productId, color, size, quantity: line.quantity });
  }
  const t = shop.t;
  const lines = merged.map((line): OrderLine => {
    const product = byId.get(line.productId);
    if (!product) throw new ApiError(400, t("order.notInStore"));
    if (product.colors.length && !line.color) throw new ApiError(400, t("order.chooseColor", { product: product.name }));
    if (line.color && !product.colors.some((c) => c.name === line.color)) {
      throw new ApiError(400, t("order.noSuchColor", { color: line.color, product: product.name }));
    }
    const left = stockLeft(product, line.color, line.size);
    const what = localVariantLabel(shop, product.name, line.color, line.size);
    if (left === null) {
      const named = localVariantLabel(shop, product.name, line.color, null);
      if (!line.size) throw new ApiError(400, t("order.chooseSize", { product: named }));
      throw new ApiError(400, t("order.noSuchSize", { size: line.size, product: named }));
    }
    if (left <= 0) throw new ApiError(409, t("order.noStock", { product: what }));
    if (line.quantity > left) throw new ApiError(409, t("order.fewLeft", { product: what, left }));
    if (line.quantity > MAX_LINE_QUANTITY) throw new ApiError(400, t("order.quantityMax", { max: MAX_LINE_QUANTITY }));
    return {
      productId: product.id,
      name: product.name,
      color: line.color,
      size: line.size,
      quantity: line.quantity,
      unitPrice: product.price,
      code: product.code,
    };
  });
  return { lines, subtotal: linesSubtotal(lines) };
}

/** The store's listed products named in a cart, with their colours and stock. */
export async function loadCartProducts(db: Db, sellerId: string, ids: string[]) {
  const byId = new Map<string, StoreProductRecord>();
  for (const part of chunks([...new Set(ids)], 90)) {
    const rows = await db
      .select(storeColumns)
      .from(products)
      .where(and(listedInStore(sellerId), inArray(products.id, part)));
    for (const row of rows) byId.set(row.id, toStoreProduct(row));
  }
  return byId;
}

/**
 * The lines of each order the store cannot cover now: a colour and size with
 * less stock than the order asks for, or one that no longer exists. Read to
 * explain a refusal and to show it on the order's card before the seller
 * tries; the refusal itself comes from the database (worker/lib/stock.ts).
 * Reads the seller's products whether published or not: confirming takes
 * stock from hidden ones too.
 */
export async function shortagesOf(db: Db, sellerId: string, list: OrderRow[]): Promise<Map<string, StockShortage[]>> {
  const linesOf = new Map(list.map((o) => [o.id, stockedLines(orderLines(o))]));
  const ids = [...new Set([...linesOf.values()].flatMap((lines) => lines.map((l) => l.productId)))];
  const left = new Map<string, number>();
  const key = (productId: string, color: string, size: string) => JSON.stringify([productId, color, size]);
  for (const part of chunks(ids, 90)) {
    const rows = await db
      .select({ productId: productStock.productId, color: productStock.color, size: productStock.size, stock: productStock.stock })
      .from(productStock)
      .innerJoin(products, eq(products.id, productStock.productId))
      .where(and(eq(products.userId, sellerId), inArray(productStock.productId, part)));
    for (const row of rows) left.set(key(row.productId, row.color, row.size), row.stock);
  }
  const result = new Map<string, StockShortage[]>();
  for (const [orderId, lines] of linesOf) {
    const short: StockShortage[] = [];
    for (const line of lines) {
      const stock = left.get(key(line.productId, line.color ?? NO_COLOR, line.size ?? NO_SIZE));
      // A sizeless product without a row does not count its units: nothing can run short.
      if (line.size === null && stock === undefined) continue;
      if (stock === undefined || stock < line.quantity) {
        short.push({
          productId: line.productId,
          name: line.name,
          color: line.color,
          size: line.size ?? NO_SIZE,
          asked: line.quantity,
          left: Math.max(0, stock ?? 0),
          gone: stock === undefined,
        });
      }
    }
    result.set(orderId, short);
  }
  return result;
}
