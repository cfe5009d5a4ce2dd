import { and, desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import {
  CHOOSE_DELIVERY,
  CHOOSE_PAYMENT,
  CHOOSE_ZONE,
  chosenPayMethod,
  NO_PICKUP,
  NO_SHIPPING,
  orderTotal,
  paymentDetailsOf,
  quoteDelivery,
  type DeliveryQuote,
  type PaymentDetails,
} from "../../common/checkout";
import { type MessageKey, shopText, type Translator, translator } from "../../common/i18n";
import type { ShopText } from "../../common/shop-text";
import { moveProblem, ORDER_STATUSES, type StatusStep } from "../../common/order-status";
import { PAY_CHOICES } from "../../common/pay-choices";
import { parseBuyerPhone, phoneExample } from "../../common/phone";
import { storeCountry } from "../../common/store";
import {
  BUYER_NAME_MAX_LENGTH,
  DELIVERY_OPTIONS,
  MAX_LINE_QUANTITY,
  ORDER_NOTE_MAX_LENGTH,
  orderMessage,
  shortageText,
  type StockShortage,
  whatsappUrl,
} from "../../common/store-cart";
import { ADDRESS_LOCALITY_MAX_LENGTH, ADDRESS_REFERENCE_MAX_LENGTH, ADDRESS_STREET_MAX_LENGTH } from "../../common/shopper-text";
import { cleanText } from "../../common/text";
import { database, type Db, shopDatabase } from "../db/client";
import { writeAcross } from "../lib/shop-writes";
import { orders } from "../db/schema";
import type { Env } from "../env";
import { KiB, limitBody, smallJson } from "../lib/body-limit";
import { readCheckout } from "../lib/checkout";
import { envioPostalCode, POSTAL_CODE_MAX_LENGTH } from "../lib/delivery-address";
import { clientAddress } from "../lib/client-address";
import { ApiError } from "../lib/errors";
import { randomToken } from "../lib/ids";
import { isCodeTaken, ORDER_CODE_LENGTH, shortCode } from "../lib/short-codes";
import {
  loadCartProducts,
  orderLines,
  ORDERS_LISTED,
  orderPath,
  priceCart,
  PRODUCT_NOT_IN_STORE,
  shortagesOf,
  toOrder,
  type OrderRow,
} from "../lib/orders";
import { requireUser } from "../lib/sessions";
import { isStockBelowZero, returnStock, takeStock } from "../lib/stock";
import { storeChanged } from "../lib/store-version";
import { attempt, release, type Subject } from "../lib/throttle";
import { validate } from "../lib/validation";
import { findStore, type StoreRecord } from "../lib/store-data";
import { readStoreLocale, type StoreLocaleSettings } from "../lib/store-locale";
import { publicOrigin } from "../payments/checkout";
import { countOrderSent, orderStatusChanged } from "../stats/count";

export { CHOOSE_PAYMENT, PRODUCT_NOT_IN_STORE };
export const STORE_GONE = "Esta tienda no existe.";
export const EMPTY_CART = "Tu carrito está vacío.";
export const ORDER_NOT_FOUND = "Pedido no encontrado.";
export const BUYER_NAME_REQUIRED = "Escribe tu nombre para que la tienda sepa quién compra.";
export const DELIVERY_REQUIRED = CHOOSE_DELIVERY;
export const PAYMENT_NOT_OFFERED = "Esta tienda no acepta ese medio de pago: elige otro.";
export const buyerWhatsappInvalid = (example: string | null) =>
  `Revisa tu número de WhatsApp: escríbelo con su código de área${example ? `, por ejemplo ${example}` : ""}. También puedes dejarlo vacío.`;

type T = Translator["t"];

/** One line of an address as typed: cleaned like every typed text, then held to its length. */
const addressPart = (t: T, max: number, tooLong: MessageKey) =>
  z
    .string({ error: t("order.addressInvalid") })
    .max(max * 2, t(tooLong, { max }))
    .transform((v) => cleanText(v))
    .pipe(z.string().max(max, t(tooLong, { max })));

/** Where an envío goes; its street and locality are required for envío (checked with the delivery below). */
const deliveryAddress = (t: T) =>
  z
    .object(
      {
        street: addressPart(t, ADDRESS_STREET_MAX_LENGTH, "order.streetTooLong"),
        locality: addressPart(t, ADDRESS_LOCALITY_MAX_LENGTH, "order.localityTooLong"),
        reference: addressPart(t, ADDRESS_REFERENCE_MAX_LENGTH, "order.referenceTooLong")
          .nullish()
          .transform((v) => v || null),
        // Held to the store's country's rule once the store is known (worker/lib/delivery-address.ts).
        postalCode: z
          .string({ error: t("order.addressInvalid") })
          .max(POSTAL_CODE_MAX_LENGTH, t("order.addressInvalid"))
          .nullish(),
      },
      { error: t("order.addressInvalid") },
    )
    .nullish();

/**
 * An order as the cart sends it, its refusals in the store's language (`t`): the shopper reads them under the
 * form. A request for no known store reads them in today's Spanish (es-AR).
 */
const orderPayloadIn = (t: T) =>
  z.object(
    {
      username: z
        .string({ error: t("order.storeGone") })
        .min(1, t("order.storeGone"))
        .max(64),
      lines: z
        .array(
          z.object(
            {
              productId: z
                .string({ error: t("order.notInStore") })
                .min(1, t("order.notInStore"))
                .max(64),
              color: z.string().max(60).nullable().default(null),
              size: z.string().max(40).nullable().default(null),
              quantity: z
                .number({ error: t("order.quantityNumber") })
                .int(t("order.quantityInteger"))
                .min(1, t("order.quantityMin"))
                .max(MAX_LINE_QUANTITY, t("order.quantityMax", { max: MAX_LINE_QUANTITY })),
            },
            { error: t("order.cartInvalid") },
          ),
          { error: t("order.emptyCart") },
        )
        .min(1, t("order.emptyCart"))
        .max(50, t("order.tooManyLines")),
      // Optional only so a page still open with an older cart script can order; the cart asks for all of it.
      buyer: z
        .object(
          {
            name: z
              .string({ error: t("buyer.nameRequired") })
              .transform((v) => cleanText(v))
              .pipe(
                z
                  .string()
                  .min(1, t("buyer.nameRequired"))
                  .max(BUYER_NAME_MAX_LENGTH, t("order.nameTooLong", { max: BUYER_NAME_MAX_LENGTH })),
              ),
            delivery: z.enum(DELIVERY_OPTIONS, { error: t("checkout.chooseDelivery") }),
            note: z
              .string({ error: t("order.noteInvalid") })
              .transform((v) => cleanText(v, { multiline: true }))
              .pipe(z.string().max(ORDER_NOTE_MAX_LENGTH, t("order.noteTooLong", { max: ORDER_NOTE_MAX_LENGTH })))
              .nullish()
              .transform((v) => v || null),
            // Optional: lets the seller answer from the order list straight into the buyer's chat.
            whatsapp: z
              .string({ error: t("buyer.whatsappInvalidPlain") })
              .max(40, t("buyer.whatsappInvalidPlain"))
              .nullish()
              .transform((v) => v?.trim() || null),
            /** The store's zone for envío: required when the store has zones (without zones the cost is agreed). */
            zone: z
              .string({ error: t("checkout.chooseZone") })
              .max(80)
              .nullable()
              .optional(),
            /**
             * One of the ways the store lists, as the cart names it (common/checkout.ts payChoice: Argentina's
             * 'transferencia', 'efectivo', 'mercadopago', else the way's kind): required when it lists any.
             */
            payment: z
              .enum(PAY_CHOICES, { error: t("checkout.choosePayment") })
              .nullable()
              .optional(),
            address: deliveryAddress(t),
          },
          { error: t("buyer.nameRequired") },
        )
        // Envío needs to know where: the street and number and the locality (a reference is optional); retiro needs none.
        .superRefine((buyer, ctx) => {
          if (buyer.delivery !== "envio") return;
          if (!buyer.address?.street) {
            ctx.addIssue({ code: "custom", message: t("buyer.streetRequired"), path: ["address", "street"] });
          } else if (!buyer.address.locality) {
            ctx.addIssue({ code: "custom", message: t("buyer.localityRequired"), path: ["address", "locality"] });
          }
        })
        .optional(),
    },
    { error: t("order.emptyCart") },
  );

type OrderPayload = ReturnType<typeof orderPayloadIn>;
const payloads = new Map<string, OrderPayload>();

/** The order's schema in a locale's words, made once per locale. */
function orderPayload(locale: string): OrderPayload {
  let schema = payloads.get(locale);
  if (!schema) {
    schema = orderPayloadIn(translator(locale).t);
    payloads.set(locale, schema);
  }
  return schema;
}

/** Where the request says the order goes: only the store's name is read before the store's language is known. */
const orderAddressee = z.looseObject({ username: z.unknown() }, { error: EMPTY_CART });

/** The language of the requests for no store (and of the seller's app): today's Spanish. */
const NO_STORE_LOCALE = "es-AR";

/**
 * The buyer's number as WhatsApp dials it, read like the seller's: in the store's country unless it starts
 * with another country's "+code" ("011 15 2345-6789" in an Argentine store is +54 9 11 2345 6789), and in
 * Argentina a local "15 2345 6789" takes the seller's area code (common/phone.ts, parseBuyerPhone).
 */
export function buyerWhatsapp(typed: string, store: { phone: string; countryCode: string | null }): string {
  const home = storeCountry(store);
  const parsed = parseBuyerPhone(typed, home, store.phone);
  if ("error" in parsed) throw new ApiError(400, buyerWhatsappInvalid(phoneExample(home)?.typed ?? null));
  return parsed.phone;
}

export const STOCK_SHORT_PREFIX = "No hay stock suficiente para confirmar este pedido:";

/** The 409 of a refused confirmation: the message names what is short, `shortages` lets the card show it. */
function stockConflict(short: StockShortage[]): ApiError {
  const what = short.length ? short.map(shortageText).join("; ") : "otro pedido confirmado al mismo tiempo tomó ese stock";
  return new ApiError(409, `${STOCK_SHORT_PREFIX} ${what}. Ajusta el stock o cancela el pedido.`, { shortages: short });
}

async function shortages(db: Db, order: OrderRow): Promise<StockShortage[]> {
  return (await shortagesOf(db, order.sellerId, [order])).get(order.id) ?? [];
}

type Input = z.infer<OrderPayload>;

/**
 * Everything an order costs and says, from D1 alone: the lines' prices and
 * stock, the delivery by the store's zones and threshold, the way to pay
 * among the store's, and the buyer's number read for the store's country.
 */
async function priceOrder(db: Db, input: Input, store: StoreRecord, locale: StoreLocaleSettings) {
  // `db` is the store's own database (shopDatabase): products, stock and store settings.
  const shop = shopText(locale.locale, locale.money);
  try {
    return await priceInStore(db, input, store, locale, shop);
  } catch (err) {
    throw err instanceof ApiError ? inStoreLanguage(err, shop, store) : err;
  }
}

/** The shopper's refusals of the cart and form, in the store's language (Argentina's read as they always have). */
const SHOPPER_ERRORS: [string, MessageKey][] = [
  [PRODUCT_NOT_IN_STORE, "order.notInStore"],
  [CHOOSE_ZONE, "checkout.chooseZone"],
  [NO_PICKUP, "checkout.noPickup"],
  [NO_SHIPPING, "checkout.noShipping"],
  [CHOOSE_PAYMENT, "checkout.choosePayment"],
  [PAYMENT_NOT_OFFERED, "order.paymentNotOffered"],
];

function inStoreLanguage(err: ApiError, shop: ShopText, store: StoreRecord): ApiError {
  const key = SHOPPER_ERRORS.find(([spanish]) => spanish === err.message)?.[1];
  if (key) return new ApiError(err.status, shop.t(key));
  if (err.message.startsWith(buyerWhatsappInvalid(null).split(":")[0]!)) {
    const example = phoneExample(storeCountry(store))?.typed;
    return new ApiError(err.status, example ? shop.t("buyer.whatsappInvalid", { example }) : shop.t("buyer.whatsappInvalidPlain"));
  }
  return err;
}

async function priceInStore(db: Db, input: Input, store: StoreRecord, locale: StoreLocaleSettings, shop: ShopText) {
  const byId = await loadCartProducts(
    db,
    store.id,
    input.lines.map((l) => l.productId),
  );
  const { lines, subtotal } = priceCart(input.lines, byId, shop);
  const buyer = input.buyer;
  let quote: DeliveryQuote | null = null;
  let payment: PaymentDetails | null = null;
  let phone: string | null = null;
  // The store's settings hold on every path, an older cart script's too: a store with zones needs one
  // for envío, a store that lists ways to pay needs one of them.
  const checkout = await readCheckout(db, store.id);
  // The store's own ways (store_pay_methods, or store_checkout's for a store that never saved the new list),
  // kept on the order with their details as they are now.
  const offered = locale.payMethods;
  if (!buyer) {
    // Only a store that asks for nothing (both ways, no zones, nothing to pay with listed) takes an order without choices.
    const { pickup, shipping } = checkout.delivery;
    if (offered.length || shipping.zones.length || !pickup.enabled || !shipping.enabled) throw new ApiError(400, DELIVERY_REQUIRED);
  }
  if (buyer) {
    const priced = quoteDelivery(
      checkout.delivery,
      buyer.delivery === "retiro" ? { kind: "retiro" } : { kind: "envio", zone: buyer.zone ?? null },
      subtotal,
    );
    if ("error" in priced) throw new ApiError(400, priced.error);
    quote = priced;
    if (buyer.payment) {
      const method = chosenPayMethod(offered, buyer.payment);
      if (!method) throw new ApiError(400, PAYMENT_NOT_OFFERED);
      payment = paymentDetailsOf(method);
    } else if (offered.length) {
      throw new ApiError(400, CHOOSE_PAYMENT);
    }
    if (buyer.whatsapp) phone = buyerWhatsapp(buyer.whatsapp, store);
    const postalCode = buyer.delivery === "envio" ? envioPostalCode(store, buyer.address?.postalCode, shop) : null;
    return {
      postalCode,
      store,
      shop,
      lines,
      subtotal,
      quote,
      payment,
      phone,
      pickupAddress: quote.kind === "retiro" ? checkout.delivery.pickup.address : null,
    };
  }
  return { store, shop, lines, subtotal, quote, payment, phone, pickupAddress: null, postalCode: null };
}

/** Shoppers' orders (public, throttled) and the seller's order list and status changes. */
export const orderRoutes = new Hono<Env>()
  .post("/", limitBody(32 * KiB), validate("json", orderAddressee), async (c) => {
    const db = database(c.env.DB);
    // The store first, so the shopper reads every refusal of the form in the store's language.
    const { username } = c.req.valid("json");
    const store = typeof username === "string" && username.length <= 64 ? await findStore(db, username) : null;
    // The store's products, settings and orders live in its shop's database; the store and the throttle in the global one.
    const shopDb = store ? shopDatabase(c.env, store) : null;
    const locale = store && shopDb ? await readStoreLocale(db, store.id, shopDb) : null;
    const parsed = orderPayload(locale?.locale ?? NO_STORE_LOCALE).safeParse(c.req.valid("json"));
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? EMPTY_CART);
    if (!store || !locale || !shopDb) throw new ApiError(404, STORE_GONE);
    const input = parsed.data;
    const visitor: Subject[] = [["orderAddress", clientAddress(c)]];
    // Counted before the order is made, so a parallel burst cannot all pass the limit together.
    await attempt(db, visitor);
    let priced: Awaited<ReturnType<typeof priceOrder>>;
    try {
      priced = await priceOrder(shopDb, input, store, locale);
    } catch (err) {
      // A refused cart (no stock, a product gone, a zone missing) is not an order: the shopper may fix it and send again.
      await release(db, visitor);
      throw err;
    }
    const { shop, lines, subtotal, quote, payment, phone, pickupAddress, postalCode } = priced;
    const token = randomToken();
    const history: StatusStep[] = [{ status: "nuevo", at: new Date().toISOString() }];

    let row: OrderRow | undefined;
    // Codes are unique per seller; a clash with an earlier order just draws another.
    for (let attempt = 0; !row; attempt++) {
      try {
        row = await shopDb
          .insert(orders)
          .values({
            id: crypto.randomUUID(),
            sellerId: store.id,
            code: shortCode(ORDER_CODE_LENGTH),
            lines: JSON.stringify(lines),
            subtotal,
            total: orderTotal(subtotal, quote?.cost ?? null),
            buyerName: input.buyer?.name,
            delivery: input.buyer?.delivery,
            note: input.buyer?.note,
            buyerPhone: phone,
            deliveryZone: quote?.zone ?? null,
            deliveryCost: quote?.cost ?? null,
            pickupAddress,
            ...(input.buyer?.delivery === "envio" && input.buyer.address
              ? {
                  deliveryStreet: input.buyer.address.street,
                  deliveryLocality: input.buyer.address.locality,
                  deliveryReference: input.buyer.address.reference,
                  deliveryPostalCode: postalCode,
                }
              : {}),
            paymentMethod: payment?.method ?? null,
            paymentDetails: payment ? JSON.stringify(payment) : null,
            currency: shop.money.currency,
            locale: shop.locale,
            token,
            history: JSON.stringify(history),
          })
          .returning()
          .get();
      } catch (err) {
        if (attempt >= 4 || !isCodeTaken(err, "orders.code")) throw err;
      }
    }
    const order = toOrder(row);
    countOrderSent(c, store.id, lines, order.total);
    const orderUrl = `${publicOrigin(c.env, c.req.url)}${orderPath(token)}`;
    const message = orderMessage({ storeName: store.name, ...order, link: orderUrl }, shop);
    return c.json({ order, message, whatsappUrl: whatsappUrl(store.phone, message), orderUrl }, 201);
  })
  .get("/", requireUser, async (c) => {
    const db = database(c.env.DB);
    const shopDb = shopDatabase(c.env, c.get("user"));
    const rows = await shopDb
      .select()
      .from(orders)
      .where(eq(orders.sellerId, c.get("user").id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_LISTED);
    // A new order that can no longer be confirmed says so on its card, until the seller adjusts stock or cancels it.
    const open = rows.filter((row) => row.status === "nuevo" && row.stockTakenAt === null);
    const short = open.length ? await shortagesOf(shopDb, c.get("user").id, open) : new Map<string, StockShortage[]>();
    // The store's locale and money, for the cards' prices and the replies the seller sends in the store's language.
    const locale = (await readStoreLocale(db, c.get("user").id, shopDb))!;
    return c.json(
      { orders: rows.map((row) => toOrder(row, short.get(row.id))), store: { locale: locale.locale, money: locale.money } },
      200,
    );
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
      // The order and the stock in the shop's database; only the store's version in the global one.
      const shopDb = shopDatabase(c.env, user);
      const where = and(eq(orders.id, c.req.valid("param").id), eq(orders.sellerId, user.id));
      const order = await shopDb.select().from(orders).where(where).get();
      if (!order) throw new ApiError(404, ORDER_NOT_FOUND);
      const next = c.req.valid("json").status;
      if (next === order.status) return c.json({ order: toOrder(order) }, 200);
      const problem = moveProblem(order, next);
      if (problem) throw new ApiError(409, problem);

      const now = Date.now();
      const step = JSON.stringify({ status: next, at: new Date(now).toISOString() } satisfies StatusStep);
      const stock = { id: order.id, sellerId: order.sellerId, status: order.status, lines: orderLines(order) };
      const takes = next === "confirmado" && order.stockTakenAt === null;
      const gives = next === "cancelado" && order.stockTakenAt !== null && order.stockReturnedAt === null;
      // Only from the status just read, so two tabs cannot both move it (nor take or give stock twice).
      const move = shopDb
        .update(orders)
        .set({
          status: next,
          history: sql`json_insert(${orders.history}, '$[#]', json(${step}))`,
          ...(takes ? { stockTakenAt: sql`coalesce(${orders.stockTakenAt}, ${now})` } : {}),
          ...(gives ? { stockReturnedAt: sql`coalesce(${orders.stockReturnedAt}, ${now})` } : {}),
        })
        .where(and(where, eq(orders.status, order.status)))
        .returning({ id: orders.id });
      // Whether this request is the one that moved it: two tabs moving the order at once both answer 200.
      let moved: boolean;
      // The order's move and its stock are one batch in the shop's database (all or nothing: a line that would
      // go below zero fails it); the store's version follows it (worker/lib/shop-writes.ts).
      const bumped = [storeChanged(db, user.id)];
      if (takes) {
        // A quick, readable refusal; the CHECK holds it when another confirmation takes the stock meanwhile.
        const short = await shortages(shopDb, order);
        if (short.length) throw stockConflict(short);
        try {
          const results = await writeAcross(db, shopDb, { shop: [...takeStock(shopDb, stock), move], after: bumped });
          moved = (results.shop.at(-1) as { id: string }[]).length > 0;
        } catch (err) {
          if (!isStockBelowZero(err)) throw err;
          throw stockConflict(await shortages(shopDb, order));
        }
      } else if (gives) {
        const results = await writeAcross(db, shopDb, { shop: [...returnStock(shopDb, stock), move], after: bumped });
        moved = (results.shop.at(-1) as { id: string }[]).length > 0;
      } else {
        moved = (await move).length > 0;
      }
      const updated = await shopDb.select().from(orders).where(where).get();
      if (updated!.status !== next) throw new ApiError(409, "El pedido cambió mientras tanto. Recarga la lista.");
      // Statistics count an order as confirmed, with what the seller receives (its total with delivery), here.
      if (moved) orderStatusChanged(c, updated!, next);
      return c.json({ order: toOrder(updated!) }, 200);
    },
  );
