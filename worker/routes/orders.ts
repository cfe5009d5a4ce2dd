import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import {
  BUYER_NAME_MAX_LENGTH,
  DELIVERY_OPTIONS,
  MAX_LINE_QUANTITY,
  ORDER_NOTE_MAX_LENGTH,
  NEXT_STATUSES,
  ORDER_STATUS_LABELS,
  orderMessage,
  whatsappUrl,
  type Buyer,
  type Order,
  type OrderLine,
  shortageText,
  type StockShortage,
} from "../../common/store-cart";
import { formatWhatsappNumber, parseWhatsappNumber, phoneExample } from "../../common/phone";
import { countryFromPhone, storeCountry } from "../../common/store";
import { cleanText } from "../../common/text";
import { database, type Db } from "../db/client";
import { ORDER_STATUSES, orders, products } from "../db/schema";
import type { Env } from "../env";
import { clientAddress } from "../lib/client-address";
import { ApiError } from "../lib/errors";
import { requireUser } from "../lib/sessions";
import { storeChanged } from "../lib/store-version";
import { attempt, release, type Subject } from "../lib/throttle";
import { validate } from "../lib/validation";
import { findStore, listedInStore, storeColumns, toStoreProduct, type StoreProductRecord } from "../pages/store-data";
import { chunks } from "./pricing";
import { KiB, limitBody, smallJson } from "../lib/body-limit";
import { countOrderSent, orderStatusChanged } from "../stats/count";

export const STORE_GONE = "Esta tienda no existe.";
export const EMPTY_CART = "Tu carrito está vacío.";
export const PRODUCT_NOT_IN_STORE = "Un producto del carrito ya no está disponible en esta tienda. Quítalo e intenta de nuevo.";
export const ORDER_NOT_FOUND = "Pedido no encontrado.";
export const BUYER_NAME_REQUIRED = "Escribe tu nombre para que la tienda sepa quién compra.";
export const DELIVERY_REQUIRED = "Elige envío a domicilio o retiro en el local.";
export const buyerWhatsappInvalid = (example: string | null) =>
  `Revisa tu número de WhatsApp: escríbelo con su código de área${example ? `, por ejemplo ${example}` : ""}. También puedes dejarlo vacío.`;

const orderPayload = z.object(
  {
    username: z.string({ error: STORE_GONE }).min(1, STORE_GONE).max(64),
    lines: z
      .array(
        z.object(
          {
            productId: z.string({ error: PRODUCT_NOT_IN_STORE }).min(1, PRODUCT_NOT_IN_STORE).max(64),
            size: z.string().max(40).nullable().default(null),
            quantity: z
              .number({ error: "La cantidad tiene que ser un número." })
              .int("La cantidad tiene que ser un número entero.")
              .min(1, "La cantidad mínima es 1.")
              .max(MAX_LINE_QUANTITY, `Puedes pedir hasta ${MAX_LINE_QUANTITY} unidades de cada producto.`),
          },
          { error: "El carrito no es válido." },
        ),
        { error: EMPTY_CART },
      )
      .min(1, EMPTY_CART)
      .max(50, "El carrito tiene demasiados productos: envía el pedido en partes."),
    // Optional only so a page still open with an older cart script can order; the cart asks for both.
    buyer: z
      .object(
        {
          name: z
            .string({ error: BUYER_NAME_REQUIRED })
            .transform((v) => cleanText(v))
            .pipe(
              z
                .string()
                .min(1, BUYER_NAME_REQUIRED)
                .max(BUYER_NAME_MAX_LENGTH, `Tu nombre no puede tener más de ${BUYER_NAME_MAX_LENGTH} caracteres.`),
            ),
          delivery: z.enum(DELIVERY_OPTIONS, { error: DELIVERY_REQUIRED }),
          note: z
            .string({ error: "La nota no es válida." })
            .transform((v) => cleanText(v, { multiline: true }))
            .pipe(z.string().max(ORDER_NOTE_MAX_LENGTH, `La nota no puede tener más de ${ORDER_NOTE_MAX_LENGTH} caracteres.`))
            .nullish()
            .transform((v) => v || null),
          // Optional: lets the seller answer from the order list straight into the buyer's chat.
          whatsapp: z
            .string({ error: buyerWhatsappInvalid(null) })
            .max(40, buyerWhatsappInvalid(null))
            .nullish()
            .transform((v) => v?.trim() || null),
        },
        { error: BUYER_NAME_REQUIRED },
      )
      .optional(),
  },
  { error: EMPTY_CART },
);

const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** Short and easy to read aloud or type (no 0/O, 1/I/L): it travels in the WhatsApp message. */
function orderCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

function buyerOf(row: typeof orders.$inferSelect): Buyer | null {
  return row.buyerName && row.delivery ? { name: row.buyerName, delivery: row.delivery, note: row.note } : null;
}

/**
 * The buyer's number as WhatsApp dials it, read like the seller's: in the store's country unless it starts
 * with another country's "+code" ("011 15 2345-6789" in an Argentine store is +54 9 11 2345 6789).
 */
export function buyerWhatsapp(typed: string, store: { phone: string; countryCode: string | null }): string {
  const home = storeCountry(store);
  const country = typed.startsWith("+") ? (countryFromPhone(typed) ?? home) : home;
  const parsed = parseWhatsappNumber(typed, country);
  if ("error" in parsed) throw new ApiError(400, buyerWhatsappInvalid(phoneExample(home)?.typed ?? null));
  return parsed.phone;
}

function toOrder(row: typeof orders.$inferSelect, shortages: StockShortage[] = []): Order {
  const digits = row.buyerPhone?.replace(/\D/g, "");
  return {
    id: row.id,
    code: row.code,
    lines: JSON.parse(row.lines) as OrderLine[],
    total: row.total,
    status: row.status,
    buyer: buyerOf(row),
    buyerWhatsapp: digits ? { digits, label: formatWhatsappNumber(row.buyerPhone) } : null,
    createdAt: row.createdAt.toISOString(),
    stockTaken: row.stockTakenAt !== null,
    shortages,
  };
}

/**
 * Prices the cart from D1, never from what the page showed: each product must
 * belong to this store, each size must exist, and no line may ask for more
 * units than the size has in stock. Repeated lines are merged first.
 */
export function priceCart(
  cart: { productId: string; size: string | null; quantity: number }[],
  byId: Map<string, StoreProductRecord>,
): { lines: OrderLine[]; total: number } {
  const merged: { productId: string; size: string | null; quantity: number }[] = [];
  for (const line of cart) {
    const size = line.size?.trim() || null;
    const same = merged.find((m) => m.productId === line.productId && m.size === size);
    if (same) same.quantity += line.quantity;
    else merged.push({ productId: line.productId, size, quantity: line.quantity });
  }
  const lines = merged.map((line): OrderLine => {
    const product = byId.get(line.productId);
    if (!product) throw new ApiError(400, PRODUCT_NOT_IN_STORE);
    if (product.sizes.length) {
      if (!line.size) throw new ApiError(400, `Elige un talle de ${product.name}.`);
      const size = product.sizes.find((s) => s.name === line.size);
      if (!size) throw new ApiError(400, `El talle ${line.size} no existe para ${product.name}.`);
      if (size.stock <= 0) throw new ApiError(409, `${product.name} (Talle: ${size.name}) no tiene stock.`);
      if (line.quantity > size.stock) {
        const units = size.stock === 1 ? "queda 1 unidad" : `quedan ${size.stock} unidades`;
        throw new ApiError(409, `De ${product.name} (Talle: ${size.name}) solo ${units}.`);
      }
    } else if (line.size) {
      throw new ApiError(400, `El talle ${line.size} no existe para ${product.name}.`);
    }
    if (line.quantity > MAX_LINE_QUANTITY) {
      throw new ApiError(400, `Puedes pedir hasta ${MAX_LINE_QUANTITY} unidades de cada producto.`);
    }
    return { productId: product.id, name: product.name, size: line.size, quantity: line.quantity, unitPrice: product.price };
  });
  const total = Math.round(lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0) * 100) / 100;
  return { lines, total };
}

async function loadCartProducts(db: Db, sellerId: string, ids: string[]) {
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

export const STOCK_SHORT_PREFIX = "No hay stock suficiente para confirmar este pedido:";

/**
 * The lines of each order the store cannot cover now: a size with less stock than
 * the order asks for, or a product or size that no longer exists. Read to explain
 * a refusal and to show it on the order's card before the seller tries; the
 * refusal itself comes from the database (see takeStock). Reads the seller's
 * products whether published or not: confirming takes stock from hidden ones too.
 */
async function shortagesOf(db: Db, sellerId: string, list: (typeof orders.$inferSelect)[]): Promise<Map<string, StockShortage[]>> {
  const linesOf = new Map(list.map((o) => [o.id, (JSON.parse(o.lines) as OrderLine[]).filter((line) => line.size !== null)]));
  const ids = [...new Set([...linesOf.values()].flatMap((lines) => lines.map((l) => l.productId)))];
  const sizesById = new Map<string, { name: string; stock: number }[]>();
  for (const part of chunks(ids, 90)) {
    const rows = await db
      .select({ id: products.id, sizes: products.sizes })
      .from(products)
      .where(and(eq(products.userId, sellerId), inArray(products.id, part)));
    for (const row of rows) sizesById.set(row.id, JSON.parse(row.sizes) as { name: string; stock: number }[]);
  }
  const result = new Map<string, StockShortage[]>();
  for (const [orderId, lines] of linesOf) {
    const short: StockShortage[] = [];
    for (const line of lines) {
      const size = sizesById.get(line.productId)?.find((s) => s.name === line.size);
      const left = Math.max(0, size?.stock ?? 0);
      if (!size || left < line.quantity) {
        short.push({ productId: line.productId, name: line.name, size: line.size!, asked: line.quantity, left, gone: !size });
      }
    }
    result.set(orderId, short);
  }
  return result;
}

async function shortages(db: Db, order: typeof orders.$inferSelect): Promise<StockShortage[]> {
  return (await shortagesOf(db, order.sellerId, [order])).get(order.id) ?? [];
}

/** The 409 of a refused confirmation: the message names what is short, `shortages` lets the card show it. */
function stockConflict(short: StockShortage[]): ApiError {
  const what = short.length ? short.map(shortageText).join("; ") : "otro pedido confirmado al mismo tiempo tomó ese stock";
  return new ApiError(409, `${STOCK_SHORT_PREFIX} ${what}. Ajusta el stock o cancela el pedido.`, { shortages: short });
}

const isStockBelowZero = (err: unknown) => {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (e.message.includes("stock_below_zero")) return true;
  return false;
};

/**
 * Takes an order's quantities off the sizes' stock. A size may not go below
 * zero: the products_stock_never_negative trigger (migration 0005) aborts the
 * whole batch, so an order is confirmed with all of its stock or not at all. Each
 * statement only applies while the order is still as it was read, with its
 * stock not yet taken, and the batch that runs them also marks it taken: D1 runs a batch as one
 * transaction, so a second confirmation (even a concurrent one) takes nothing.
 */
function takeStock(db: Db, order: typeof orders.$inferSelect) {
  const notYetTaken = sql`EXISTS (SELECT 1 FROM "orders" WHERE "orders"."id" = ${order.id} AND "orders"."status" = ${order.status} AND "orders"."stock_taken_at" IS NULL)`;
  return (JSON.parse(order.lines) as OrderLine[])
    .filter((line) => line.size !== null)
    .map((line) =>
      db
        .update(products)
        .set({
          sizes: sql`(
            SELECT json_group_array(json_object(
              'name', json_extract(e.value, '$.name'),
              'stock', CASE WHEN json_extract(e.value, '$.name') = ${line.size}
                THEN json_extract(e.value, '$.stock') - ${line.quantity}
                ELSE json_extract(e.value, '$.stock') END))
            FROM (SELECT value FROM json_each("products"."sizes") ORDER BY key) AS e
          )`,
        })
        .where(and(eq(products.id, line.productId), eq(products.userId, order.sellerId), notYetTaken)),
    );
}

/** Shoppers' orders (public, throttled) and the seller's order list and status changes. */
export const orderRoutes = new Hono<Env>()
  .post("/", limitBody(32 * KiB), validate("json", orderPayload), async (c) => {
    const db = database(c.env.DB);
    const visitor: Subject[] = [["orderAddress", clientAddress(c)]];
    // Counted before the order is made, so a parallel burst cannot all pass the limit together.
    await attempt(db, visitor);
    const input = c.req.valid("json");
    let priced: { store: NonNullable<Awaited<ReturnType<typeof findStore>>>; lines: OrderLine[]; total: number };
    let phone: string | null = null;
    try {
      const store = await findStore(db, input.username);
      if (!store) throw new ApiError(404, STORE_GONE);
      const byId = await loadCartProducts(
        db,
        store.id,
        input.lines.map((l) => l.productId),
      );
      priced = { store, ...priceCart(input.lines, byId) };
      if (input.buyer?.whatsapp) phone = buyerWhatsapp(input.buyer.whatsapp, store);
    } catch (err) {
      // A refused cart (no stock, a product gone) is not an order: the shopper may fix it and send again.
      await release(db, visitor);
      throw err;
    }
    const { store, lines, total } = priced;

    let row: typeof orders.$inferSelect | undefined;
    // Codes are unique per seller; a clash with an earlier order just draws another.
    for (let attempt = 0; !row; attempt++) {
      try {
        row = await db
          .insert(orders)
          .values({
            id: crypto.randomUUID(),
            sellerId: store.id,
            code: orderCode(),
            lines: JSON.stringify(lines),
            total,
            buyerName: input.buyer?.name,
            delivery: input.buyer?.delivery,
            note: input.buyer?.note,
            buyerPhone: phone,
          })
          .returning()
          .get();
      } catch (err) {
        if (attempt >= 4 || !String((err as Error)?.message ?? "").includes("UNIQUE")) throw err;
      }
    }
    const order = toOrder(row);
    countOrderSent(c, store.id, lines, total);
    const message = orderMessage({ storeName: store.name, code: order.code, lines, total, buyer: order.buyer });
    return c.json({ order, message, whatsappUrl: whatsappUrl(store.phone, message) }, 201);
  })
  .get("/", requireUser, async (c) => {
    const db = database(c.env.DB);
    const rows = await db
      .select()
      .from(orders)
      .where(eq(orders.sellerId, c.get("user").id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(200);
    // A new order that can no longer be confirmed says so on its card, until the seller adjusts stock or cancels it.
    const open = rows.filter((row) => row.status === "nuevo" && row.stockTakenAt === null);
    const short = open.length ? await shortagesOf(db, c.get("user").id, open) : new Map<string, StockShortage[]>();
    return c.json({ orders: rows.map((row) => toOrder(row, short.get(row.id))) }, 200);
  })
  .put(
    "/:id/status",
    smallJson(),
    requireUser,
    validate("param", z.object({ id: z.string().min(1).max(64) })),
    validate(
      "json",
      z.object({ status: z.enum(ORDER_STATUSES, { error: "Estado de pedido inválido." }) }, { error: "Estado de pedido inválido." }),
    ),
    async (c) => {
      const db = database(c.env.DB);
      const user = c.get("user");
      const where = and(eq(orders.id, c.req.valid("param").id), eq(orders.sellerId, user.id));
      const order = await db.select().from(orders).where(where).get();
      if (!order) throw new ApiError(404, ORDER_NOT_FOUND);
      const next = c.req.valid("json").status;
      if (next === order.status) return c.json({ order: toOrder(order) }, 200);
      if (!NEXT_STATUSES[order.status].includes(next)) {
        throw new ApiError(
          409,
          `Un pedido ${ORDER_STATUS_LABELS[order.status].toLowerCase()} no puede pasar a ${ORDER_STATUS_LABELS[next].toLowerCase()}.`,
        );
      }
      // Only from the status just read, so two tabs cannot both move it.
      const move = db
        .update(orders)
        .set(
          next === "confirmado" ? { status: next, stockTakenAt: sql`coalesce(${orders.stockTakenAt}, ${Date.now()})` } : { status: next },
        )
        .where(and(where, eq(orders.status, order.status)))
        .returning({ id: orders.id });
      // Whether this request is the one that moved it: two tabs moving the order at once both answer 200.
      let moved: boolean;
      if (next === "confirmado" && order.stockTakenAt === null) {
        // A quick, readable refusal; the trigger holds it when another confirmation takes the stock meanwhile.
        const short = await shortages(db, order);
        if (short.length) throw stockConflict(short);
        try {
          const results = await db.batch([storeChanged(db, user.id), ...takeStock(db, order), move]);
          moved = (results.at(-1) as { id: string }[]).length > 0;
        } catch (err) {
          if (!isStockBelowZero(err)) throw err;
          throw stockConflict(await shortages(db, order));
        }
      } else {
        moved = (await move).length > 0;
      }
      const updated = await db.select().from(orders).where(where).get();
      if (updated!.status !== next) throw new ApiError(409, "El pedido cambió mientras tanto. Recarga la lista.");
      if (moved) orderStatusChanged(c, updated!, next);
      return c.json({ order: toOrder(updated!) }, 200);
    },
  );
