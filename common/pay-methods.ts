/**
 * The ways a store takes money, one zod schema each and one discriminated
 * union (on `kind`) for the list a store saves, shared by the Worker (which
 * validates at the route edge) and the settings screen (which shows the same
 * Spanish messages in place). Every number is read by the parsers of
 * common/bank-account.ts (Argentina), common/pix.ts (Brazil) and
 * common/bank-ids.ts (the rest), so what is saved is normalised: CBU digits,
 * a Pix key as the BR Code carries it, "+51…" phones, "12.345.678-5" RUTs.
 *
 * Which kinds a country offers is in common/store-locale.ts (COUNTRY_LOCALES).
 */
import { z } from "zod";
import { parseAlias, parseCbu } from "./bank-account";
import {
  parseBrebKey,
  parseClabe,
  parseColombiaWallet,
  parseMpesaPaybill,
  parseMpesaTill,
  parseNuban,
  parsePeruWallet,
  parseRut,
} from "./bank-ids";
import { isMercadoPagoLink, MERCADOPAGO_LINK_INVALID } from "./mercado-pago-link";

/** An account holder's name, as banks show it before sending. */
export const HOLDER_MAX_LENGTH = 80;
import { CHILE_ACCOUNT_TYPE_NAMES, CHILE_ACCOUNT_TYPES } from "./chile-accounts";
import { PIX_KEY_TYPES, parsePixKey } from "./pix";
import { cleanText } from "./text";

export const PAY_METHOD_KINDS = [
  "cash",
  "mercadopago",
  "ar_transfer",
  "pix",
  "spei",
  "cl_transfer",
  "yape",
  "plin",
  "nequi",
  "daviplata",
  "breb",
  "mpesa_till",
  "mpesa_paybill",
  "ng_transfer",
  "bank_transfer",
] as const;
export type PayMethodKind = (typeof PAY_METHOD_KINDS)[number];

/** How the seller's settings name each way to pay (Spanish; shoppers read the catalogue's `pay.<kind>`). */
export const PAY_METHOD_NAMES: Record<PayMethodKind, string> = {
  cash: "Efectivo al retirar o al recibir",
  mercadopago: "Mercado Pago",
  ar_transfer: "Transferencia bancaria (CBU, CVU o alias)",
  pix: "Pix",
  spei: "Transferencia SPEI (CLABE)",
  cl_transfer: "Transferencia bancaria",
  yape: "Yape",
  plin: "Plin",
  nequi: "Nequi",
  daviplata: "Daviplata",
  breb: "Llave Bre-B",
  mpesa_till: "M-Pesa (Buy Goods, Till)",
  mpesa_paybill: "M-Pesa (Paybill)",
  ng_transfer: "Transferencia bancaria (NUBAN)",
  bank_transfer: "Transferencia bancaria",
};

export const HOLDER_REQUIRED = "Escribe el nombre del titular de la cuenta.";
export const BANK_REQUIRED = "Escribe el nombre de tu banco.";
export const ACCOUNT_REQUIRED = "Escribe el número de cuenta.";
export const TRANSFER_NEEDS_ACCOUNT = "Para transferencias escribe tu alias o tu CBU/CVU.";
export const PIX_NAME_REQUIRED = "Escribe el nombre de quien recibe el Pix, como lo muestra tu banco.";
export const PIX_CITY_REQUIRED = "Escribe tu ciudad: el código Pix la lleva.";
export const DUPLICATE_PAY_METHOD = "Cada forma de pago va una sola vez.";
export const PAY_METHOD_INVALID = "Esa forma de pago no es válida.";
export const ACCOUNT_MAX_LENGTH = 40;

/** A parser of common/ as a zod step: its value, or its Spanish reason as the issue. */
export const parsedBy = <T>(parse: (input: string) => T | { error: string }) =>
  z.string({ error: "El dato no es válido." }).transform((value, ctx) => {
    const result = parse(value);
    if (result && typeof result === "object" && "error" in result) {
      ctx.addIssue({ code: "custom", message: (result as { error: string }).error });
      return z.NEVER;
    }
    return result as T;
  });

/** One line of plain text a buyer reads: cleaned, required, within a length. */
const line = (max: number, required: string) =>
  z
    .string({ error: required })
    .transform((v) => cleanText(v))
    .pipe(z.string().min(1, required).max(max, `Puede tener hasta ${max} caracteres.`));

const holder = line(HOLDER_MAX_LENGTH, HOLDER_REQUIRED);
const bank = line(60, BANK_REQUIRED);
const account = line(ACCOUNT_MAX_LENGTH, ACCOUNT_REQUIRED);
/** Empty means "not given". */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    schema.nullish().transform((v) => v ?? null),
  );

export const cashSchema = z.object({ kind: z.literal("cash") });

export const mercadoPagoSchema = z.object({
  kind: z.literal("mercadopago"),
  link: z
    .string({ error: MERCADOPAGO_LINK_INVALID })
    .trim()
    .max(300, MERCADOPAGO_LINK_INVALID)
    .refine(isMercadoPagoLink, MERCADOPAGO_LINK_INVALID),
});

/** Argentina as today (common/checkout.ts TransferDetails): a CBU/CVU, an alias or both, and the holder. */
export const arTransferSchema = z
  .object({
    kind: z.literal("ar_transfer"),
    alias: optional(parsedBy(parseAlias).transform((r) => r.alias)),
    cbu: optional(parsedBy(parseCbu).transform((r) => r.cbu)),
    holder,
  })
  .refine((t) => t.alias || t.cbu, TRANSFER_NEEDS_ACCOUNT);

/** Brazil: a Pix key of the kind chosen, and the name and city the BR Code carries. */
export const pixSchema = z
  .object({
    kind: z.literal("pix"),
    keyType: z.enum(PIX_KEY_TYPES, { error: "Elige el tipo de llave Pix." }),
    key: z.string({ error: "Escribe tu llave Pix." }),
    name: line(HOLDER_MAX_LENGTH, PIX_NAME_REQUIRED),
    city: line(40, PIX_CITY_REQUIRED),
  })
  .transform((pix, ctx) => {
    const parsed = parsePixKey(pix.keyType, pix.key);
    if ("error" in parsed) {
      ctx.addIssue({ code: "custom", message: parsed.error, path: ["key"] });
      return z.NEVER;
    }
    return { ...pix, key: parsed.key };
  });

/** Mexico: SPEI to an 18-digit CLABE. */
export const speiSchema = z.object({
  kind: z.literal("spei"),
  clabe: parsedBy(parseClabe).transform((r) => r.clabe),
  bank: optional(bank),
  holder,
});

export { CHILE_ACCOUNT_TYPE_NAMES, CHILE_ACCOUNT_TYPES };

/** Chile: bank, account type and number, the holder and their RUT. */
export const clTransferSchema = z.object({
  kind: z.literal("cl_transfer"),
  bank,
  accountType: z.enum(CHILE_ACCOUNT_TYPES, { error: "Elige el tipo de cuenta." }),
  account,
  holder,
  rut: parsedBy(parseRut).transform((r) => r.rut),
});

const peruWallet = <K extends "yape" | "plin">(kind: K) =>
  z.object({ kind: z.literal(kind), phone: parsedBy(parsePeruWallet).transform((r) => r.phone), holder });
const colombiaWallet = <K extends "nequi" | "daviplata">(kind: K) =>
  z.object({ kind: z.literal(kind), phone: parsedBy(parseColombiaWallet).transform((r) => r.phone), holder });

export const yapeSchema = peruWallet("yape");
export const plinSchema = peruWallet("plin");
export const nequiSchema = colombiaWallet("nequi");
export const daviplataSchema = colombiaWallet("daviplata");

export const brebSchema = z.object({ kind: z.literal("breb"), key: parsedBy(parseBrebKey).transform((r) => r.key), holder });

/** Kenya: a Buy Goods till, with the name M-Pesa shows the payer. */
export const mpesaTillSchema = z.object({ kind: z.literal("mpesa_till"), till: parsedBy(parseMpesaTill).transform((r) => r.till), holder });

/** Kenya: a paybill and the account number shoppers type with it. */
export const mpesaPaybillSchema = z
  .object({ kind: z.literal("mpesa_paybill"), paybill: z.string(), account: z.string(), holder })
  .transform((m, ctx) => {
    const parsed = parseMpesaPaybill(m.paybill, m.account);
    if ("error" in parsed) {
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }
    return { ...m, ...parsed };
  });

/** Nigeria: a NUBAN checked against the CBN code of the bank chosen. */
export const ngTransferSchema = z
  .object({
    kind: z.literal("ng_transfer"),
    bankCode: z.string({ error: "Elige tu banco." }).regex(/^\d{3}(?:\d{2,3})?$/, "Elige tu banco."),
    bank,
    account: z.string({ error: ACCOUNT_REQUIRED }),
    holder,
  })
  .transform((t, ctx) => {
    const parsed = parseNuban(t.account, t.bankCode);
    if ("error" in parsed) {
      ctx.addIssue({ code: "custom", message: parsed.error, path: ["account"] });
      return z.NEVER;
    }
    return { ...t, account: parsed.account };
  });

/** Every other country: a bank transfer with the bank, the account as the bank writes it, and the holder. */
export const bankTransferSchema = z.object({ kind: z.literal("bank_transfer"), bank, account, holder });

/** One way to pay. The union is on `kind`, so a wrong field is reported against the method it belongs to. */
export const payMethodSchema = z.discriminatedUnion(
  "kind",
  [
    cashSchema,
    mercadoPagoSchema,
    arTransferSchema,
    pixSchema,
    speiSchema,
    clTransferSchema,
    yapeSchema,
    plinSchema,
    nequiSchema,
    daviplataSchema,
    brebSchema,
    mpesaTillSchema,
    mpesaPaybillSchema,
    ngTransferSchema,
    bankTransferSchema,
  ],
  { error: PAY_METHOD_INVALID },
);
export type PayMethod = z.output<typeof payMethodSchema>;
export type PayMethodInput = z.input<typeof payMethodSchema>;

export const MAX_PAY_METHODS = PAY_METHOD_KINDS.length;

/** What a store saves: each kind at most once, in the order the cart lists them. */
export const payMethodsSchema = z
  .array(payMethodSchema, { error: PAY_METHOD_INVALID })
  .max(MAX_PAY_METHODS, PAY_METHOD_INVALID)
  .refine((methods) => new Set(methods.map((m) => m.kind)).size === methods.length, DUPLICATE_PAY_METHOD);

/** Methods a country does not offer ("pix" in a Mexican store), for the route to refuse: "Pix no está disponible en México." */
export function payMethodsOutside(methods: readonly { kind: PayMethodKind }[], offered: readonly PayMethodKind[]): PayMethodKind[] {
  return methods.map((m) => m.kind).filter((kind) => !offered.includes(kind));
}

/**
 * The list today's Argentine settings (common/checkout.ts PaymentSettings) stand for, in the cart's order
 * (transfer, Mercado Pago, cash): a store that never saved the new list keeps offering exactly these.
 */
export function payMethodsFromLegacy(payments: {
  transfer: { alias: string | null; cbu: string | null; holder: string } | null;
  mercadoPago: { link: string } | null;
  cash: boolean;
}): PayMethod[] {
  const methods: PayMethod[] = [];
  if (payments.transfer) methods.push({ kind: "ar_transfer", ...payments.transfer });
  if (payments.mercadoPago) methods.push({ kind: "mercadopago", link: payments.mercadoPago.link });
  if (payments.cash) methods.push({ kind: "cash" });
  return methods;
}
