import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { CHOOSE_PAYMENT } from "../../common/checkout";
import { type MessageKey, type Translator, translator } from "../../common/i18n";
import { ORDER_STATUSES } from "../../common/order-status";
import { PAY_CHOICES } from "../../common/pay-choices";
import {
  BUYER_NAME_MAX_LENGTH,
  DELIVERY_OPTIONS,
  MAX_LINE_QUANTITY,
  ORDER_NOTE_MAX_LENGTH,
  orderMessage,
  type StockShortage,
  whatsappUrl,
} from "../../common/store-cart";
import { ADDRESS_LOCALITY_MAX_LENGTH, ADDRESS_REFERENCE_MAX_LENGTH, ADDRESS_STREET_MAX_LENGTH } from "../../common/shopper-text";
import { cleanText } from "../../common/text";
import { database, shopDatabase } from "../db/client";
import { orders } from "../db/schema";
import type { Env } from "../env";
import { KiB, limitBody, smallJson } from "../lib/body-limit";
import { POSTAL_CODE_MAX_LENGTH } from "../lib/delivery-address";
import { clientAddress } from "../lib/client-address";
import { ApiError, isShopMoving } from "../lib/errors";
import { buyerWhatsappInvalid, DELIVERY_REQUIRED, PAYMENT_NOT_OFFERED, placeOrder, ZONE_NOT_OFFERED } from "../lib/order-core/place";
import { moveOrder, ORDER_NOT_FOUND, STOCK_SHORT_PREFIX } from "../lib/order-core/status";
import { ORDERS_LISTED, orderPath, PRODUCT_NOT_IN_STORE, shortagesOf, toOrder } from "../lib/orders";
import { shopperFacing } from "../lib/seller-language";
import { requireUser } from "../lib/sessions";
import { attempt, release, type Subject } from "../lib/throttle";
import { validate } from "../lib/validation";
import { findStore } from "../lib/store-data";
import { readStoreLocale } from "../lib/store-locale";
import { publicOrigin } from "../payments/checkout";
import { countOrderSent, orderStatusChanged } from "../stats/count";

export {
  buyerWhatsappInvalid,
  CHOOSE_PAYMENT,
  DELIVERY_REQUIRED,
  ORDER_NOT_FOUND,
  PAYMENT_NOT_OFFERED,
  PRODUCT_NOT_IN_STORE,
  STOCK_SHORT_PREFIX,
  ZONE_NOT_OFFERED,
};
export const STORE_GONE = "Esta tienda no existe.";
export const EMPTY_CART = "Tu carrito está vacío.";
export const BUYER_NAME_REQUIRED = "Escribe tu nombre para que la tienda sepa quién compra.";
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
      /** The discount code as typed: only the code travels, its terms are read from the shop's rows. */
      coupon: z
        .string({ error: t("cart.couponUnknown") })
        .max(80, t("cart.couponUnknown"))
        .nullish(),
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

/** Shoppers' orders (public, throttled) and the seller's order list and status changes. */
export const orderRoutes = new Hono<Env>()
  .post("/", shopperFacing, limitBody(32 * KiB), validate("json", orderAddressee), async (c) => {
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
    let placed: Awaited<ReturnType<typeof placeOrder>>;
    try {
      placed = await placeOrder(shopDb, store, locale, input);
    } catch (err) {
      // A refused cart (no stock, a product gone, a zone missing) is not an order: the shopper may fix it and send again.
      if (err instanceof ApiError || isShopMoving(err)) await release(db, visitor);
      throw err;
    }
    const { row, shop } = placed;
    const order = toOrder(row);
    countOrderSent(c, store.id, order.lines, order.total, order.currency);
    const orderUrl = `${publicOrigin(c.env, c.req.url)}${orderPath(row.token!)}`;
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
      const user = c.get("user");
      const next = c.req.valid("json").status;
      const { order, moved } = await moveOrder(database(c.env.DB), shopDatabase(c.env, user), user.id, c.req.valid("param").id, next);
      // Statistics count an order as confirmed, with what the seller receives (its total with delivery), here.
      if (moved) orderStatusChanged(c, order, next);
      return c.json({ order: toOrder(order) }, 200);
    },
  );
