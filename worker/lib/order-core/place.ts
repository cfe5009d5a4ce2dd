/**
 * Placing an order: the one way an order row is made. Its lines, delivery and currency come from ONE snapshot of
 * the shop's money and prices: the shop's money version is read first, the cart and delivery are priced from the
 * shop's rows, and the insert runs in a batch whose first statement fails unless the version is still the one
 * read (worker/lib/shop-money.ts). A currency change in between rescaled the prices the order was priced from,
 * so the order is priced again from the new ones; after a few such losses it is refused in the store's
 * language and the shopper sends it again.
 * A discount code is checked against the same snapshot and its use claimed in the same batch (worker/lib/coupons.ts
 * claimCoupon): when its last use went to another order meanwhile, or the seller paused or changed it, the batch
 * fails and the order is priced again, which then explains the refusal in the store's language.
 */
import {
  type DeliveryQuote,
  type PaymentDetails,
  chosenPayMethod,
  orderTotal,
  paymentDetailsOf,
  quoteDelivery,
} from "../../../common/checkout";
import { CHOOSE_DELIVERY, CHOOSE_PAYMENT, CHOOSE_ZONE, NO_PICKUP, NO_SHIPPING } from "../../../common/checkout";
import { type MessageKey, shopText } from "../../../common/i18n";
import type { StatusStep } from "../../../common/order-status";
import type { PayChoice } from "../../../common/checkout";
import { parseBuyerPhone, phoneExample } from "../../../common/phone";
import type { ShopText } from "../../../common/shop-text";
import { storeCountry } from "../../../common/store";
import type { Delivery } from "../../../common/store-cart";
import { couponDeliveryCost, linesDiscount } from "../../../common/coupons";
import { formatPrice, storeMoney } from "../../../common/store-money";
import type { ShopDb } from "../../db/client";
import { orders } from "../../db/schema";
import { readCheckout } from "../checkout";
import { claimCoupon, couponProblem, findCoupon, isClaimRefused } from "../coupons";
import { ApiError, isShopMoving, ShopMovingError } from "../errors";
import { randomToken } from "../ids";
import { loadCartProducts, type OrderRow, PRODUCT_NOT_IN_STORE, priceCart } from "../orders";
import { isMoneyGuard, orderMoneySnapshot, sameShopVersion } from "../shop-money";
import { envioPostalCode } from "../delivery-address";
import { isCodeTaken, ORDER_CODE_LENGTH, shortCode } from "../short-codes";
import type { StoreRecord } from "../store-data";
import type { StoreLocaleSettings } from "../store-locale";

export const DELIVERY_REQUIRED = CHOOSE_DELIVERY;
export const PAYMENT_NOT_OFFERED = "Esta tienda no acepta ese medio de pago: elige otro.";
export const ZONE_NOT_OFFERED = "Esta tienda no tiene esa zona de envío: elige una de la lista.";
export const buyerWhatsappInvalid = (example: string | null) =>
  `Revisa tu número de WhatsApp: escríbelo con su código de área${example ? `, por ejemplo ${example}` : ""}. También puedes dejarlo vacío.`;

/** An order as the route validated it (worker/routes/orders.ts): what the cart asks for and who asks. */
export interface OrderRequest {
  lines: { productId: string; color: string | null; size: string | null; quantity: number }[];
  buyer?: {
    name: string;
    delivery: Delivery;
    note: string | null;
    whatsapp: string | null;
    zone?: string | null;
    payment?: PayChoice | null;
    address?: { street: string; locality: string; reference: string | null; postalCode?: string | null } | null;
  };
  /** The discount code as the shopper typed it; its terms are always read from the shop's rows. */
  coupon?: string | null;
}

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

/** The shopper's refusals of the cart and form, in the store's language (Argentina's read as they always have). */
const SHOPPER_ERRORS: [string, MessageKey][] = [
  [PRODUCT_NOT_IN_STORE, "order.notInStore"],
  [CHOOSE_ZONE, "checkout.chooseZone"],
  [NO_PICKUP, "checkout.noPickup"],
  [NO_SHIPPING, "checkout.noShipping"],
  [CHOOSE_PAYMENT, "checkout.choosePayment"],
  [PAYMENT_NOT_OFFERED, "order.paymentNotOffered"],
  [ZONE_NOT_OFFERED, "order.zoneNotOffered"],
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

/**
 * Everything an order costs and says, from the shop's rows: the lines' prices and stock, the delivery by the
 * store's zones and threshold, the way to pay among the store's, and the buyer's number read for the store's
 * country. Only the store's own zones and ways to pay are taken: a zone named to a store without zones, or a
 * way it does not list, is refused.
 */
async function priceOrder(shopDb: ShopDb, input: OrderRequest, store: StoreRecord, locale: StoreLocaleSettings, shop: ShopText) {
  const priced = await priceCartAndDelivery(shopDb, input, store, locale, shop);
  const typed = input.coupon?.trim();
  if (!typed) return { ...priced, coupon: null };
  const row = await findCoupon(shopDb, store.id, typed);
  const problem = couponProblem(
    row,
    { subtotal: priced.subtotal, currency: shop.money.currency, delivery: input.buyer?.delivery ?? null },
    Date.now(),
  );
  if (problem || !row) {
    const minimum = row?.minimum ? formatPrice(row.minimum, shop.money) : "";
    throw new ApiError(problem === "cart.couponUsedUp" ? 409 : 400, shop.t(problem ?? "cart.couponUnknown", { amount: minimum }));
  }
  const linesOff = linesDiscount(row, priced.subtotal);
  const cost = couponDeliveryCost(row, priced.quote?.cost ?? null);
  const shippingOff = (priced.quote?.cost ?? 0) - (cost ?? 0);
  return {
    ...priced,
    quote: priced.quote ? { ...priced.quote, cost } : null,
    coupon: { row, linesOff, discount: linesOff + shippingOff },
  };
}

async function priceCartAndDelivery(shopDb: ShopDb, input: OrderRequest, store: StoreRecord, locale: StoreLocaleSettings, shop: ShopText) {
  const byId = await loadCartProducts(
    shopDb,
    store.id,
    input.lines.map((l) => l.productId),
  );
  const { lines, subtotal } = priceCart(input.lines, byId, shop);
  const buyer = input.buyer;
  const checkout = await readCheckout(shopDb, store.id);
  // The store's own ways (store_pay_methods, or store_checkout's for a store that never saved the new list),
  // kept on the order with their details as they are now.
  const offered = locale.payMethods;
  if (!buyer) {
    // Only a store that asks for nothing (both ways, no zones, nothing to pay with listed) takes an order without choices.
    const { pickup, shipping } = checkout.delivery;
    if (offered.length || shipping.zones.length || !pickup.enabled || !shipping.enabled) throw new ApiError(400, DELIVERY_REQUIRED);
    return { lines, subtotal, quote: null, payment: null, phone: null, pickupAddress: null, postalCode: null };
  }
  const zone = buyer.zone ?? null;
  if (buyer.delivery === "envio" && zone?.trim() && !checkout.delivery.shipping.zones.length) throw new ApiError(400, ZONE_NOT_OFFERED);
  const quote: DeliveryQuote | { error: string } = quoteDelivery(
    checkout.delivery,
    buyer.delivery === "retiro" ? { kind: "retiro" } : { kind: "envio", zone },
    subtotal,
  );
  if ("error" in quote) throw new ApiError(400, quote.error);
  let payment: PaymentDetails | null = null;
  if (buyer.payment) {
    const method = chosenPayMethod(offered, buyer.payment);
    if (!method) throw new ApiError(400, PAYMENT_NOT_OFFERED);
    payment = paymentDetailsOf(method);
  } else if (offered.length) {
    throw new ApiError(400, CHOOSE_PAYMENT);
  }
  const phone = buyer.whatsapp ? buyerWhatsapp(buyer.whatsapp, store) : null;
  // The postal code by the store's country's rule (Brazil's CEP, Mexico's código postal), refused in the store's language.
  const postalCode = buyer.delivery === "envio" ? envioPostalCode(store, buyer.address?.postalCode, shop) : null;
  return {
    lines,
    subtotal,
    quote,
    payment,
    phone,
    postalCode,
    pickupAddress: quote.kind === "retiro" ? checkout.delivery.pickup.address : null,
  };
}

/** How many times an order priced from a snapshot a currency change replaced is priced again. */
const REPRICINGS = 4;

/**
 * Places the order in the shop's database (`shopDb`) and answers its row and the store's words in the money the
 * order was priced in. `locale` is the store's settings read from the account BEFORE this call (the snapshot
 * relies on that order: worker/lib/shop-money.ts orderMoneySnapshot).
 */
export async function placeOrder(
  shopDb: ShopDb,
  store: StoreRecord,
  locale: StoreLocaleSettings,
  input: OrderRequest,
): Promise<{ row: OrderRow; shop: ShopText }> {
  let shop = shopText(locale.locale, locale.money);
  for (let round = 0; round < REPRICINGS; round++) {
    const snapshot = await orderMoneySnapshot(shopDb, store.id, locale.currency);
    shop = shopText(locale.locale, storeMoney(snapshot.currency, locale.locale));
    let priced: Awaited<ReturnType<typeof priceOrder>>;
    try {
      priced = await priceOrder(shopDb, input, store, locale, shop);
    } catch (err) {
      throw err instanceof ApiError ? inStoreLanguage(err, shop, store) : err;
    }
    const { lines, subtotal, quote, payment, phone, pickupAddress, postalCode, coupon } = priced;
    const claim = coupon ? [claimCoupon(shopDb, coupon.row, Date.now())] : [];
    const history: StatusStep[] = [{ status: "nuevo", at: new Date().toISOString() }];
    const address = input.buyer?.delivery === "envio" ? input.buyer.address : null;
    // Codes are unique per seller; a clash with an earlier order just draws another.
    for (let draw = 0; ; draw++) {
      const insert = shopDb
        .insert(orders)
        .values({
          id: crypto.randomUUID(),
          sellerId: store.id,
          code: shortCode(ORDER_CODE_LENGTH),
          lines: JSON.stringify(lines),
          subtotal,
          total: orderTotal(subtotal - (coupon?.linesOff ?? 0), quote?.cost ?? null),
          buyerName: input.buyer?.name,
          delivery: input.buyer?.delivery,
          note: input.buyer?.note,
          buyerPhone: phone,
          deliveryZone: quote?.zone ?? null,
          deliveryCost: quote?.cost ?? null,
          pickupAddress,
          ...(address
            ? {
                deliveryStreet: address.street,
                deliveryLocality: address.locality,
                deliveryReference: address.reference,
                deliveryPostalCode: postalCode,
              }
            : {}),
          paymentMethod: payment?.method ?? null,
          paymentDetails: payment ? JSON.stringify(payment) : null,
          currency: snapshot.currency,
          locale: shop.locale,
          ...(coupon
            ? { couponId: coupon.row.id, couponCode: coupon.row.code, couponKind: coupon.row.kind, discount: coupon.discount }
            : {}),
          token: randomToken(),
          history: JSON.stringify(history),
        })
        .returning();
      try {
        const results = await shopDb.batch([sameShopVersion(shopDb, store.id, snapshot.version), ...claim, insert]);
        return { row: (results.at(-1) as OrderRow[])[0]!, shop };
      } catch (err) {
        // The shop is being moved: the shopper reads it in the store's language, not the seller's words.
        if (isShopMoving(err)) throw new ShopMovingError(shop.t("order.storeUpdating"));
        if (isMoneyGuard(err) || isClaimRefused(err)) break;
        if (draw >= 4 || !isCodeTaken(err, "orders.code")) throw err;
      }
    }
  }
  throw new ApiError(409, shop.t("order.pricesChanged"));
}
