/**
 * What the seller fills in for each way to pay of the store's country, and
 * the check of each draft by the same zod schema the Worker saves with
 * (common/pay-methods.ts), its Spanish reason put at the field it is about.
 */
import { MPESA_PAYBILL_INVALID, parseMpesaPaybill, parseNuban } from "../../../common/bank-ids";
import { HOLDER_MAX_LENGTH } from "../../../common/pay-methods";
import {
  CHILE_ACCOUNT_TYPE_NAMES,
  CHILE_ACCOUNT_TYPES,
  type PayMethod,
  type PayMethodKind,
  payMethodSchema,
} from "../../../common/pay-methods";
import { PIX_KEY_LABELS, PIX_KEY_TYPES, type PixKeyType, parsePixKey } from "../../../common/pix";
import { t } from "./texts";

export interface FieldSpec {
  name: string;
  label: string;
  placeholder?: string;
  inputMode?: "numeric" | "tel" | "email" | "url";
  maxLength?: number;
  /** A choice instead of a text. */
  options?: readonly { value: string; label: string }[];
  /** What a chosen option also fills in (a Nigerian bank's name beside its code). */
  alsoSets?: (value: string) => Record<string, string>;
}

/** A way to pay as the form edits it: its kind and each field as typed. */
export type PayMethodDraft = { kind: PayMethodKind } & Record<string, string>;

/**
 * Nigeria's main deposit money banks, and the microfinance and payment service banks most sellers are paid
 * through (Moniepoint, Kuda, OPay, PalmPay), with their CBN codes: the NUBAN check digit is computed with the
 * code, so the seller picks the bank instead of typing a code. Heritage Bank is not here: the CBN revoked its
 * licence on 2024-06-03.
 */
export const NIGERIAN_BANKS = [
  { code: "044", name: "Access Bank" },
  { code: "023", name: "Citibank Nigeria" },
  { code: "050", name: "Ecobank Nigeria" },
  { code: "070", name: "Fidelity Bank" },
  { code: "011", name: "First Bank of Nigeria" },
  { code: "214", name: "First City Monument Bank (FCMB)" },
  { code: "058", name: "Guaranty Trust Bank (GTBank)" },
  { code: "082", name: "Keystone Bank" },
  { code: "50211", name: "Kuda" },
  { code: "50515", name: "Moniepoint" },
  { code: "999992", name: "OPay" },
  { code: "999991", name: "PalmPay" },
  { code: "076", name: "Polaris Bank" },
  { code: "221", name: "Stanbic IBTC Bank" },
  { code: "068", name: "Standard Chartered Bank" },
  { code: "232", name: "Sterling Bank" },
  { code: "032", name: "Union Bank of Nigeria" },
  { code: "033", name: "United Bank for Africa (UBA)" },
  { code: "215", name: "Unity Bank" },
  { code: "035", name: "Wema Bank" },
  { code: "057", name: "Zenith Bank" },
] as const;

/** A way to pay's name as the seller's screens call it (common/pay-methods.ts PAY_METHOD_NAMES, in the seller's language). */
export function payMethodName(kind: PayMethodKind): string {
  const names: Record<PayMethodKind, string> = {
    cash: t("payCash"),
    mercadopago: "Mercado Pago",
    ar_transfer: t("payArTransfer"),
    pix: "Pix",
    spei: t("paySpei"),
    cl_transfer: t("payBankTransfer"),
    yape: "Yape",
    plin: "Plin",
    nequi: "Nequi",
    daviplata: "Daviplata",
    breb: t("payBreb"),
    mpesa_till: "M-Pesa (Buy Goods, Till)",
    mpesa_paybill: "M-Pesa (Paybill)",
    ng_transfer: t("payNgTransfer"),
    bank_transfer: t("payBankTransfer"),
  };
  return names[kind];
}

const pixKeyLabels = (): Record<PixKeyType, string> => ({ ...PIX_KEY_LABELS, phone: t("pixKeyPhone"), random: t("pixKeyRandom") });

/**
 * Each way to pay's fields, labels in the seller's language; `bank` is the bank a generic bank field shows as
 * its example (the store's country's own, common/store-locale.ts).
 */
function fieldsTable(bank: string): Record<PayMethodKind, FieldSpec[]> {
  const holder: FieldSpec = { name: "holder", label: t("holderLabel"), placeholder: t("holderPlaceholder"), maxLength: HOLDER_MAX_LENGTH };
  const phone = (placeholder: string): FieldSpec => ({ name: "phone", label: t("accountPhone"), placeholder, inputMode: "tel" });
  const example = (value: string) => t("example", { example: value });
  return {
    cash: [],
    mercadopago: [{ name: "link", label: t("yourPayLink"), placeholder: "https://mpago.la/…", inputMode: "url" }],
    ar_transfer: [
      { name: "alias", label: "Alias", placeholder: example("mi.tienda.mp") },
      { name: "cbu", label: t("cbuLabel"), placeholder: t("digitsCount", { count: 22 }), inputMode: "numeric" },
      holder,
    ],
    pix: [
      {
        name: "keyType",
        label: t("pixKeyType"),
        options: PIX_KEY_TYPES.map((value) => ({ value, label: pixKeyLabels()[value] })),
      },
      { name: "key", label: t("pixKey"), placeholder: t("pixKeyPlaceholder") },
      { name: "name", label: t("pixName"), placeholder: t("pixNamePlaceholder"), maxLength: HOLDER_MAX_LENGTH },
      { name: "city", label: t("city"), placeholder: example("São Paulo"), maxLength: 40 },
    ],
    spei: [
      { name: "clabe", label: "CLABE", placeholder: t("digitsCount", { count: 18 }), inputMode: "numeric" },
      { name: "bank", label: t("bankOptional"), placeholder: example("BBVA") },
      holder,
    ],
    cl_transfer: [
      { name: "bank", label: t("bank"), placeholder: example("BancoEstado") },
      {
        name: "accountType",
        label: t("accountType"),
        options: CHILE_ACCOUNT_TYPES.map((value) => ({ value, label: CHILE_ACCOUNT_TYPE_NAMES[value] })),
      },
      { name: "account", label: t("accountNumber"), inputMode: "numeric" },
      holder,
      { name: "rut", label: t("holderRut"), placeholder: example("12.345.678-5") },
    ],
    yape: [phone(example("912 345 678")), holder],
    plin: [phone(example("912 345 678")), holder],
    nequi: [phone(example("300 123 4567")), holder],
    daviplata: [phone(example("300 123 4567")), holder],
    breb: [{ name: "key", label: t("brebKey"), placeholder: t("brebKeyPlaceholder") }, holder],
    mpesa_till: [{ name: "till", label: t("tillNumber"), placeholder: t("fiveToSevenDigits"), inputMode: "numeric" }, holder],
    mpesa_paybill: [
      { name: "paybill", label: t("paybillNumber"), placeholder: t("fiveToSevenDigits"), inputMode: "numeric" },
      { name: "account", label: t("accountNumber"), placeholder: t("paybillAccountPlaceholder") },
      holder,
    ],
    ng_transfer: [
      {
        name: "bankCode",
        label: t("bank"),
        options: NIGERIAN_BANKS.map((b) => ({ value: b.code, label: b.name })),
        alsoSets: (code) => ({ bank: NIGERIAN_BANKS.find((b) => b.code === code)?.name ?? "" }),
      },
      { name: "account", label: t("nubanNumber"), placeholder: t("digitsCount", { count: 10 }), inputMode: "numeric" },
      holder,
    ],
    bank_transfer: [
      { name: "bank", label: t("bank"), placeholder: example(bank) },
      { name: "account", label: t("accountNumber"), placeholder: t("accountPlaceholder") },
      holder,
    ],
  };
}

/** The fields a way to pay asks for, in the order the form shows them. */
export function payMethodFields(kind: PayMethodKind, bank = "Banco Nacional"): FieldSpec[] {
  return fieldsTable(bank)[kind];
}

/** A new draft of a kind: every field empty, each choice on its first option. */
export function newPayMethodDraft(kind: PayMethodKind): PayMethodDraft {
  const draft: PayMethodDraft = { kind };
  for (const field of payMethodFields(kind)) {
    draft[field.name] = field.options?.[0]?.value ?? "";
    if (field.options && field.alsoSets) Object.assign(draft, field.alsoSets(draft[field.name]!));
  }
  return draft;
}

/** A saved way to pay as the form edits it (null fields as ""). */
export function payMethodDraft(method: PayMethod): PayMethodDraft {
  const draft = newPayMethodDraft(method.kind);
  for (const [name, value] of Object.entries(method)) draft[name] = value === null || value === undefined ? "" : String(value);
  return draft;
}

/** The field an issue without a path belongs to (a paybill's pair, a transfer without its account). */
function fieldOfIssue(kind: PayMethodKind, message: string): string {
  if (kind === "mpesa_paybill") return message === MPESA_PAYBILL_INVALID ? "paybill" : "account";
  if (kind === "ar_transfer") return "alias";
  return payMethodFields(kind).find((f) => !f.options)?.name ?? "kind";
}

/**
 * The checks the schema makes on the whole method (a Pix key of its kind, a paybill with its account, a
 * NUBAN with its bank), which zod runs only once every field passed: made here too, so every field's reason
 * shows at once, not one after another.
 */
const WHOLE_CHECKS: Partial<Record<PayMethodKind, (d: PayMethodDraft) => [string, { error: string } | object]>> = {
  pix: (d) => ["key", parsePixKey(d.keyType as PixKeyType, d.key ?? "")],
  mpesa_paybill: (d) => {
    const read = parseMpesaPaybill(d.paybill ?? "", d.account ?? "");
    return ["error" in read && read.error === MPESA_PAYBILL_INVALID ? "paybill" : "account", read];
  },
  ng_transfer: (d) => ["account", parseNuban(d.account ?? "", d.bankCode ?? "")],
};

/** Why each field of a draft cannot be saved, by field name: the schema's own Spanish messages, one per field. */
export function payMethodProblems(draft: PayMethodDraft): Record<string, string> {
  const result = payMethodSchema.safeParse(draft);
  if (result.success) return {};
  const problems: Record<string, string> = {};
  const whole = WHOLE_CHECKS[draft.kind]?.(draft);
  if (whole && "error" in whole[1]) problems[whole[0]] = (whole[1] as { error: string }).error;
  const names = new Set(payMethodFields(draft.kind).map((f) => f.name));
  for (const issue of result.error.issues) {
    const first = issue.path[0];
    const field = typeof first === "string" && names.has(first) ? first : fieldOfIssue(draft.kind, issue.message);
    problems[field] ??= issue.message;
  }
  return problems;
}
