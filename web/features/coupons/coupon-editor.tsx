import { useState } from "react";
import { COUPON_CODE_MAX_LENGTH, type CouponKind, MAX_COUPON_USES } from "../../../common/coupons";
import { formatPriceNumber, type StoreMoney } from "../../../common/store-money";
import { Button } from "../../ui/button";
import { FormError } from "../../ui/form-field";
import type { Coupon } from "./coupons-query";
import { t } from "./texts";

/** What the form sends: amounts as the seller typed them, read by the Worker in the store's money. */
export interface CouponDraft {
  code: string;
  kind: CouponKind;
  percent: number | null;
  amount: string | null;
  minimum: string | null;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  active: boolean;
}

const field = "block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base";
const label = "block text-sm font-semibold text-slate-800";

/** An instant as the date field shows it, in the seller's own day. */
const dayOf = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};
/** A chosen day as an instant: from its first moment, or until its last one. */
const instantOf = (day: string, end: boolean) => (day ? new Date(`${day}T${end ? "23:59:59.999" : "00:00:00"}`).toISOString() : null);

/**
 * The form of one coupon: its code, what it takes off (a percentage, an amount in the store's money, or the
 * delivery), an optional minimum, dates and a use limit. The Worker's refusal shows above the save button.
 */
export function CouponEditor({
  initial,
  money,
  busy,
  error,
  onSave,
  onCancel,
}: {
  initial: Coupon | null;
  money: StoreMoney;
  busy: boolean;
  error: string | null;
  onSave: (draft: CouponDraft) => void;
  onCancel: () => void;
}) {
  // An amount typed in another money is not shown as if it were in this one: the seller types it again.
  const sameMoney = initial !== null && !initial.otherMoney;
  const [code, setCode] = useState(initial?.code ?? "");
  const [kind, setKind] = useState<CouponKind>(initial?.kind ?? "percent");
  const [percent, setPercent] = useState(initial?.kind === "percent" ? String(initial.value) : "");
  const [amount, setAmount] = useState(initial?.kind === "amount" && sameMoney ? formatPriceNumber(initial.value, money) : "");
  const [minimum, setMinimum] = useState(initial?.minimum && sameMoney ? formatPriceNumber(initial.minimum, money) : "");
  const [starts, setStarts] = useState(dayOf(initial?.startsAt ?? null));
  const [ends, setEnds] = useState(dayOf(initial?.endsAt ?? null));
  const [maxUses, setMaxUses] = useState(initial?.maxUses ? String(initial.maxUses) : "");
  const kinds: [CouponKind, string][] = [
    ["percent", t("kindPercentOption")],
    ["amount", t("kindAmountOption")],
    ["free_shipping", t("kindFreeShippingOption")],
  ];

  return (
    <form
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
      aria-labelledby="coupon-editor-title"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({
          code,
          kind,
          percent: kind === "percent" && percent ? Number(percent) : null,
          amount: kind === "amount" ? amount : null,
          minimum: minimum.trim() ? minimum : null,
          startsAt: instantOf(starts, false),
          endsAt: instantOf(ends, true),
          maxUses: maxUses ? Number(maxUses) : null,
          active: initial?.active ?? true,
        });
      }}
    >
      <h2 id="coupon-editor-title" className="text-lg font-bold">
        {initial ? t("editorEditTitle", { code: initial.code }) : t("editorNewTitle")}
      </h2>
      <label className="block space-y-1">
        <span className={label}>{t("codeLabel")}</span>
        <input
          className={`${field} uppercase`}
          name="code"
          value={code}
          maxLength={COUPON_CODE_MAX_LENGTH * 2}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder={t("codePlaceholder")}
          onChange={(e) => setCode(e.target.value)}
        />
        <span className="block text-sm text-slate-600">{t("codeHint")}</span>
      </label>
      <fieldset className="space-y-1">
        <legend className={label}>{t("kindLegend")}</legend>
        <div className="flex flex-wrap gap-x-4">
          {kinds.map(([value, text]) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="kind" className="size-5" checked={kind === value} onChange={() => setKind(value)} />
              {text}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === "percent" && (
        <label className="block space-y-1">
          <span className={label}>{t("percentLabel")}</span>
          <input
            className={field}
            name="percent"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
          />
        </label>
      )}
      {kind === "amount" && (
        <label className="block space-y-1">
          <span className={label}>{t("amountLabel", { currency: money.currency })}</span>
          <input className={field} name="amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </label>
      )}
      <label className="block space-y-1">
        <span className={label}>{t("minimumLabel", { currency: money.currency })}</span>
        <input className={field} name="minimum" inputMode="decimal" value={minimum} onChange={(e) => setMinimum(e.target.value)} />
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block space-y-1">
          <span className={label}>{t("startsLabel")}</span>
          <input className={field} name="startsAt" type="date" value={starts} onChange={(e) => setStarts(e.target.value)} />
        </label>
        <label className="block space-y-1">
          <span className={label}>{t("endsLabel")}</span>
          <input className={field} name="endsAt" type="date" value={ends} onChange={(e) => setEnds(e.target.value)} />
        </label>
      </div>
      <label className="block space-y-1">
        <span className={label}>{t("maxUsesLabel")}</span>
        <input
          className={field}
          name="maxUses"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_COUPON_USES}
          value={maxUses}
          onChange={(e) => setMaxUses(e.target.value)}
        />
        <span className="block text-sm text-slate-600">{t("maxUsesHint")}</span>
      </label>
      {error && <FormError>{error}</FormError>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="min-h-11" busy={busy}>
          {t("saveButton")}
        </Button>
        <Button type="button" variant="ghost" className="min-h-11" onClick={onCancel}>
          {t("cancelButton")}
        </Button>
      </div>
    </form>
  );
}
