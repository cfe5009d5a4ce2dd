import { PAYMENT_METHODS, type PayChoice } from "./checkout";
import { PAY_METHOD_KINDS } from "./pay-methods";

/**
 * Every name an order's way to pay goes by (common/checkout.ts payChoice): Argentina's 'transferencia',
 * 'mercadopago' and 'efectivo' as orders always kept them, and every other kind by its own name.
 */
export const PAY_CHOICES = [
  ...PAYMENT_METHODS,
  ...PAY_METHOD_KINDS.filter((k) => k !== "ar_transfer" && k !== "cash" && k !== "mercadopago"),
] as [PayChoice, ...PayChoice[]];
