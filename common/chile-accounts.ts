/**
 * Chile's account types, by the name its banks give them. Apart from
 * common/pay-methods.ts (zod) so the shopper's texts (common/pay-details.ts)
 * read them without carrying the schemas into the cart script.
 */
export const CHILE_ACCOUNT_TYPES = ["corriente", "vista", "ahorro", "rut"] as const;
export const CHILE_ACCOUNT_TYPE_NAMES: Record<(typeof CHILE_ACCOUNT_TYPES)[number], string> = {
  corriente: "Cuenta corriente",
  vista: "Cuenta vista",
  ahorro: "Cuenta de ahorro",
  rut: "CuentaRUT",
};
