/**
 * How a way to pay reads to the shopper once the order is placed, in the
 * store's language: the rows of the buyer's page ("Cómo pagar") and the lines
 * of the WhatsApp message and the seller's replies. For Argentina's ways these
 * are exactly today's (common/store-cart.ts paymentLines and the order page's
 * rows). A Pix way carries the order's "Pix copia e cola" for its total.
 */
import { cbuKind } from "./bank-account";
import type { MessageKey } from "./i18n/catalogues/es";
import { CHILE_ACCOUNT_TYPE_NAMES } from "./chile-accounts";
import type { PayMethod } from "./pay-methods";
import { buildBrCode } from "./pix";

export type Text = (key: MessageKey, values?: Record<string, string | number>) => string;

/** The order a Pix code asks to be paid: its total in the store's money, and its code as the txid. */
export interface PixOrder {
  total: number;
  code: string;
  currency: string;
}

/** The BR Code of a Pix way for an order; the amount only when the store sells in reais (centavos). */
export function pixCode(method: Extract<PayMethod, { kind: "pix" }>, order: PixOrder): string {
  return buildBrCode({
    key: method.key,
    name: method.name,
    city: method.city,
    amount: order.currency === "BRL" ? order.total : undefined,
    txid: order.code,
  });
}

/** The details a shopper pays with, as label and value, after the way's name ("Medio"); none for cash and links. */
export function payDetailRows(method: PayMethod, t: Text, order?: PixOrder): [string, string][] {
  const holder: [string, string] | null = "holder" in method ? [t("pay.holder"), method.holder] : null;
  const rows: ([string, string] | null)[] = (() => {
    switch (method.kind) {
      case "cash":
      case "mercadopago":
        return [];
      case "ar_transfer":
        return [method.alias ? [t("pay.alias"), method.alias] : null, method.cbu ? [cbuKind(method.cbu), method.cbu] : null, holder];
      case "pix":
        return [[t("pay.key"), method.key], [t("pay.holder"), method.name], order ? [t("pay.pixCode"), pixCode(method, order)] : null];
      case "spei":
        return [[t("pay.clabe"), method.clabe], method.bank ? [t("pay.bank"), method.bank] : null, holder];
      case "cl_transfer":
        return [
          [t("pay.bank"), method.bank],
          [t("pay.accountType"), CHILE_ACCOUNT_TYPE_NAMES[method.accountType]],
          [t("pay.account"), method.account],
          holder,
          [t("pay.rut"), method.rut],
        ];
      case "yape":
      case "plin":
      case "nequi":
      case "daviplata":
        return [[t("pay.phone"), method.phone], holder];
      case "breb":
        return [[t("pay.key"), method.key], holder];
      case "mpesa_till":
        return [[t("pay.till"), method.till], holder];
      case "mpesa_paybill":
        return [[t("pay.paybill"), method.paybill], [t("pay.paybillAccount"), method.account], holder];
      case "ng_transfer":
      case "bank_transfer":
        return [[t("pay.bank"), method.bank], [t("pay.account"), method.account], holder];
    }
  })();
  return rows.filter((row): row is [string, string] => row !== null);
}

/** The message's lines: "Pago: …", the details, and a Mercado Pago way's link. */
export function payMessageLines(method: PayMethod, t: Text, order?: PixOrder): string[] {
  return [
    t("pay.line", { method: t(`pay.${method.kind}`) }),
    ...payDetailRows(method, t, order).map(([label, value]) => `${label}: ${value}`),
    ...(method.kind === "mercadopago" ? [t("pay.linkLine", { link: method.link })] : []),
  ];
}
