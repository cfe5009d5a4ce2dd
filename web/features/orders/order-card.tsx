import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { shopText } from "../../../common/i18n";
import { nextStatuses, type OrderStatus } from "../../../common/order-status";
import type { ShopText } from "../../../common/shop-text";
import { addressText, couponLine, deliveryLine, lineCodeSuffix, orderReplyUrl, type Order } from "../../../common/store-cart";
import type { SizesWord } from "../../../common/store-locale";
import { ARS_MONEY, formatAmount, storeMoney } from "../../../common/store-money";
import { sellerLocale } from "../../i18n/language";
import { Button } from "../../ui/button";
import { currencyName } from "./currency-name";
import { actionLabel, deliveryLabel, lineLabel, paymentName, shortageLine, statusLabel } from "./order-labels";
import { t } from "./texts";

export const STATUS_STYLES: Record<OrderStatus, string> = {
  nuevo: "bg-amber-100 text-amber-900",
  confirmado: "bg-sky-100 text-sky-900",
  pagado: "bg-indigo-100 text-indigo-900",
  enviado: "bg-violet-100 text-violet-900",
  listo: "bg-violet-100 text-violet-900",
  entregado: "bg-emerald-100 text-emerald-900",
  cancelado: "bg-slate-200 text-slate-700",
};

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat(sellerLocale(), { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));

interface Props {
  order: Order;
  /** The order the seller just moved: marked and brought into view. */
  followed?: boolean;
  storeName: string;
  /** The store's word for sizes, for its Spanish-reading seller ("talle" in Argentina). */
  sizesWord: SizesWord;
  /** The store's language and number format (its money is not the order's); Argentina's if the list could not answer it. */
  shop: ShopText | null;
  /** The move being saved for this order, if any. */
  moving: OrderStatus | null;
  disabled: boolean;
  onMove: (next: OrderStatus) => void;
  onCancel: () => void;
}

/** One order: who, what, how much, its status, and the seller's next steps, the reply by WhatsApp first. */
const ARGENTINA = shopText("es-AR", ARS_MONEY);

export function OrderCard({ order, followed = false, storeName, sizesWord, shop: storeShop, moving, disabled, onMove, onCancel }: Props) {
  // Every amount in the order's own currency, written in the store's number format as the buyer's page writes
  // it: the store may sell in another currency now. Orders from before they kept a currency were in pesos.
  const currency = order.currency ?? "ARS";
  const storeWords = storeShop ?? ARGENTINA;
  const shop = { ...storeWords, money: storeMoney(currency, storeWords.locale) };
  const price = (minor: number) => formatAmount(minor, currency, storeWords.locale);
  const card = useRef<HTMLElement>(null);
  // After a move the list may have switched to the order's new status: bring it into view there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each move of the followed order (a new status) scrolls to it again.
  useEffect(() => {
    if (followed) card.current?.scrollIntoView({ block: "nearest" });
  }, [followed, order.status]);
  return (
    <article
      ref={card}
      aria-label={t("orderLabel", { code: order.code })}
      className={`rounded-2xl border bg-white p-4 shadow-sm sm:p-5 ${followed ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"}`}
      data-testid="order"
      data-followed={followed || undefined}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">
          {t("orderLabel", { code: order.code })} <span className="font-normal text-slate-500">· {formatDate(order.createdAt)}</span>
        </h2>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[order.status]}`} data-testid="order-status">
          {statusLabel(order.status)}
        </span>
      </div>
      {order.buyer && (
        <div className="mt-1 text-sm text-slate-800" data-testid="order-buyer">
          <p>
            <span className="font-semibold">{order.buyer.name}</span> · {deliveryLabel(order.buyer.delivery)}
            {order.delivery?.zone ? ` (${order.delivery.zone})` : ""}
            {order.payment ? ` · ${paymentName(order.payment)}` : ""}
          </p>
          {order.delivery?.address && (
            <p data-testid="order-address">
              {t("addressLabel")}: <span className="font-semibold">{addressText(order.delivery.address)}</span>
              {order.delivery.address.reference && (
                <span className="text-slate-600">
                  {" "}
                  · {t("referenceLabel")}: {order.delivery.address.reference}
                </span>
              )}
            </p>
          )}
          {order.buyerWhatsapp && <p className="text-slate-600">WhatsApp {order.buyerWhatsapp.label}</p>}
          {order.buyer.note && <p className="mt-0.5 whitespace-pre-line text-slate-600">{t("note", { note: order.buyer.note })}</p>}
        </div>
      )}
      <ul className="mt-2 space-y-0.5 text-sm text-slate-700">
        {order.lines.map((line) => (
          <li key={`${line.productId}-${line.color ?? ""}-${line.size ?? ""}`}>
            {line.quantity} × {lineLabel(line.name, line.color, line.size, sizesWord)}
            {line.unitPrice > 0 ? ` — ${t("unitPrice", { price: price(line.unitPrice) })}` : ""}
            {lineCodeSuffix(line)}
          </li>
        ))}
      </ul>
      {order.coupon && (
        <p className="mt-1 text-sm text-slate-700" data-testid="order-coupon">
          {couponLine(order.coupon, shop)}
        </p>
      )}
      {order.delivery && <p className="mt-1 text-sm text-slate-700">{deliveryLine(order.delivery, shop)}</p>}
      <p className="mt-2 font-semibold">
        {t("total", { price: price(order.total) })}
        {order.delivery?.kind === "envio" && order.delivery.cost === null ? t("plusDelivery") : ""}
      </p>
      {/* "$" alone is the peso of several countries: an order in a money the store no longer sells in names it. */}
      {storeShop && storeShop.money.currency !== currency && (
        <p className="text-xs text-slate-600" data-testid="order-currency">
          {t("otherCurrency", { name: currencyName(currency), currency })}
        </p>
      )}
      {order.status === "nuevo" && order.shortages.length > 0 && <StockConflict order={order} sizesWord={sizesWord} />}
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={orderReplyUrl(order, storeName, window.location.origin, shop)}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          {t("replyWhatsapp")}
          <span className="sr-only">
            {order.buyerWhatsapp ? t("replyTo", { name: order.buyer?.name ?? t("yourCustomerLower") }) : ""}
            {t("opensNewTab")}
          </span>
        </a>
        {nextStatuses({ status: order.status, delivery: order.buyer?.delivery ?? null }).map((next) => (
          <Button
            key={next}
            variant={next === "cancelado" ? "ghost" : next === "confirmado" ? "primary" : "secondary"}
            className={next === "cancelado" ? "text-red-700" : ""}
            busy={moving === next}
            disabled={disabled}
            onClick={() => (next === "cancelado" ? onCancel() : onMove(next))}
          >
            {actionLabel(next)}
          </Button>
        ))}
      </div>
      <p className="mt-2 text-sm">
        <a
          href={order.link}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
        >
          {t("seeOrderPage")}
        </a>{" "}
        <span className="text-slate-500">{t("seeOrderPageHint")}</span>
      </p>
      {!order.buyerWhatsapp && (
        <p className="mt-2 text-xs text-slate-500">{t("noNumber", { name: order.buyer?.name ?? t("yourCustomer") })}</p>
      )}
    </article>
  );
}

/**
 * Why a new order cannot be confirmed: each product and size that is short, asked against left, and
 * the seller's two ways out. It comes from the order list itself, so it stays until the stock covers
 * the order again or the order is cancelled, and it is there after a reload.
 */
function StockConflict({ order, sizesWord }: { order: Order; sizesWord: SizesWord }) {
  const one = order.shortages.length === 1;
  return (
    <div role="alert" data-testid="order-conflict" className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">{t("conflictTitle")}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {order.shortages.map((s) => (
          <li key={`${s.productId}-${s.color ?? ""}-${s.size}`}>{shortageLine(s, sizesWord)}</li>
        ))}
      </ul>
      <p className="mt-2">
        {one ? t("conflictHintOne") : t("conflictHintMany")}{" "}
        <Link to="/product-pricing" className="font-semibold underline underline-offset-2">
          {t("conflictPricingLink")}
        </Link>{" "}
        {t("conflictHintEnd")}
      </p>
    </div>
  );
}
