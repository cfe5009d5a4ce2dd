import { useId } from "react";
import { ALIAS_MAX_LENGTH, cbuKind, parseAlias, parseCbu } from "../../../common/bank-account";
import { isMercadoPagoLink, MERCADOPAGO_LINK_INVALID } from "../../../common/mercado-pago-link";
import { HOLDER_MAX_LENGTH } from "../../../common/pay-methods";
import type { CheckoutForm } from "./checkout-queries";
import { t } from "./texts";

type Payments = CheckoutForm["payments"];

const INPUT =
  "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600 aria-invalid:border-red-500";
const CHECK = "size-5 accent-brand-700";

/** Why a field of the form cannot be saved yet, read by the same rules as the Worker's. */
export function paymentProblems(payments: Payments): { alias?: string; cbu?: string; holder?: string; link?: string; account?: string } {
  const problems: ReturnType<typeof paymentProblems> = {};
  const { transfer, mercadoPago } = payments;
  if (transfer) {
    if (transfer.alias.trim()) {
      const alias = parseAlias(transfer.alias);
      if ("error" in alias) problems.alias = alias.error;
    }
    if (transfer.cbu.trim()) {
      const cbu = parseCbu(transfer.cbu);
      if ("error" in cbu) problems.cbu = cbu.error;
    }
    if (!transfer.alias.trim() && !transfer.cbu.trim()) problems.account = t("aliasOrCbu");
    if (!transfer.holder.trim()) problems.holder = t("holderRequired");
  }
  if (mercadoPago && !isMercadoPagoLink(mercadoPago.link)) problems.link = MERCADOPAGO_LINK_INVALID;
  return problems;
}

function Problem({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {text}
    </p>
  ) : null;
}

/**
 * What to point out while the seller types: a CBU once all of its digits are
 * there, an alias once it holds a character it cannot; after a try to save,
 * everything (a missing holder included).
 */
function shownProblems(value: Payments, tried: boolean) {
  const all = paymentProblems(value);
  if (tried) return all;
  const alias = value.transfer?.alias.trim() ?? "";
  const cbuDigits = (value.transfer?.cbu ?? "").replace(/\D/g, "").length;
  return {
    alias: /[^A-Za-z0-9.-]/.test(alias) || alias.length > ALIAS_MAX_LENGTH ? all.alias : undefined,
    cbu: cbuDigits >= 22 ? all.cbu : undefined,
  } as ReturnType<typeof paymentProblems>;
}

/** Transfer (alias, CBU/CVU, holder), a Mercado Pago link, cash: the ways the store takes money. */
export function PaymentFields({ value, onChange, tried }: { value: Payments; onChange: (next: Payments) => void; tried: boolean }) {
  const id = useId();
  const problems = shownProblems(value, tried);
  const transfer = value.transfer;
  const setTransfer = (next: Partial<NonNullable<Payments["transfer"]>>) => onChange({ ...value, transfer: { ...transfer!, ...next } });
  const cbu = transfer ? parseCbu(transfer.cbu) : null;
  return (
    <fieldset className="min-w-0 space-y-4">
      <legend className="text-base font-semibold">{t("howYouArePaid")}</legend>
      <div>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className={CHECK}
            checked={!!transfer}
            onChange={(e) => onChange({ ...value, transfer: e.target.checked ? { alias: "", cbu: "", holder: "" } : null })}
          />
          {t("payBankTransfer")}
        </label>
        {transfer && (
          <div className="mt-2 grid gap-3 pl-7 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-alias`} className="text-sm text-slate-700">
                Alias
              </label>
              <input
                id={`${id}-alias`}
                value={transfer.alias}
                maxLength={ALIAS_MAX_LENGTH + 4}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder={t("example", { example: "mi.tienda.mp" })}
                aria-invalid={problems.alias || problems.account ? true : undefined}
                aria-describedby={`${id}-alias-problem`}
                onChange={(e) => setTransfer({ alias: e.target.value })}
                className={INPUT}
              />
              <Problem id={`${id}-alias-problem`} text={problems.alias ?? problems.account} />
            </div>
            <div>
              <label htmlFor={`${id}-cbu`} className="text-sm text-slate-700">
                {t("cbuLabel")}
              </label>
              <input
                id={`${id}-cbu`}
                value={transfer.cbu}
                inputMode="numeric"
                autoComplete="off"
                placeholder={t("digitsCount", { count: 22 })}
                aria-invalid={problems.cbu ? true : undefined}
                aria-describedby={`${id}-cbu-problem`}
                onChange={(e) => setTransfer({ cbu: e.target.value })}
                className={INPUT}
              />
              <Problem id={`${id}-cbu-problem`} text={problems.cbu} />
              {cbu && "cbu" in cbu && <p className="mt-1 text-sm text-emerald-700">{t("cbuValid", { kind: cbuKind(cbu.cbu) })}</p>}
            </div>
            <div className="sm:col-span-2">
              <label htmlFor={`${id}-holder`} className="text-sm text-slate-700">
                {t("holderLabel")}
              </label>
              <input
                id={`${id}-holder`}
                value={transfer.holder}
                maxLength={HOLDER_MAX_LENGTH}
                autoComplete="name"
                placeholder={t("holderPlaceholder")}
                aria-invalid={problems.holder ? true : undefined}
                aria-describedby={`${id}-holder-problem`}
                onChange={(e) => setTransfer({ holder: e.target.value })}
                className={INPUT}
              />
              <Problem id={`${id}-holder-problem`} text={problems.holder} />
            </div>
          </div>
        )}
      </div>
      <div>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className={CHECK}
            checked={!!value.mercadoPago}
            onChange={(e) => onChange({ ...value, mercadoPago: e.target.checked ? { link: "" } : null })}
          />
          {t("mercadoPagoLink", { name: "Mercado Pago" })}
        </label>
        {value.mercadoPago && (
          <div className="mt-2 pl-7">
            <label htmlFor={`${id}-link`} className="text-sm text-slate-700">
              {t("yourPayLink")}
            </label>
            <input
              id={`${id}-link`}
              type="url"
              value={value.mercadoPago.link}
              placeholder="https://mpago.la/…"
              aria-invalid={problems.link ? true : undefined}
              aria-describedby={`${id}-link-problem`}
              onChange={(e) => onChange({ ...value, mercadoPago: { link: e.target.value } })}
              className={INPUT}
            />
            <Problem id={`${id}-link-problem`} text={problems.link} />
          </div>
        )}
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
        <input type="checkbox" className={CHECK} checked={value.cash} onChange={(e) => onChange({ ...value, cash: e.target.checked })} />
        {t("payCash")}
      </label>
    </fieldset>
  );
}
