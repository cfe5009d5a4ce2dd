import type { PackClaim } from "../../../common/price-claims";
import { Button } from "../../ui/button";
import { t } from "./texts";

interface PackCardProps {
  /**
   * The pack's claims for the seller (common/price-claims.ts): the same functions the server prices by, with
   * its words in the seller's language (./credit-labels.ts packTexts).
   */
  claim: PackClaim;
  available: boolean;
  selected: boolean;
  busy: boolean;
  onSelect: () => void;
  onPay: () => void;
}

/**
 * One pack of the /credits grid: a radio to choose it, and 'Pagar' inside the chosen one. Charged in
 * another money than the seller's, the big price is the estimate in theirs and the charge is said below.
 */
export function PackCard({ claim, available, selected, busy, onSelect, onPay }: PackCardProps) {
  const shown = claim.estimate ?? claim.price;
  const frame = !available
    ? "border-slate-200 bg-slate-50 opacity-70"
    : selected
      ? "border-brand-600 bg-brand-50 ring-2 ring-brand-600"
      : "border-slate-200 bg-white hover:border-brand-500";
  return (
    <li className={`relative flex flex-col rounded-2xl border p-5 transition ${frame}`} data-testid={`pack-${claim.id}`}>
      {claim.featured && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white">
          {t("featured")}
        </span>
      )}
      <label className={`flex flex-1 flex-col gap-2 ${available ? "cursor-pointer" : "cursor-not-allowed"}`}>
        <input
          type="radio"
          name="pack"
          value={claim.id}
          checked={selected}
          disabled={!available}
          onChange={onSelect}
          className="sr-only"
          aria-label={
            claim.estimate
              ? t("packAriaEstimate", { title: claim.title, estimate: claim.estimate, price: claim.price })
              : t("packAria", { title: claim.title, price: claim.price })
          }
        />
        <span className="text-2xl font-bold">{claim.title}</span>
        <span className="text-sm text-slate-600" data-testid="pack-per-image">
          {claim.perImage}
        </span>
        <span className="mt-2 text-3xl font-extrabold text-slate-900" data-testid="pack-price">
          {shown}
        </span>
        {claim.estimate && (
          <span className="text-xs text-slate-600" data-testid="pack-charge">
            {t("packCharge", { price: claim.price })}
          </span>
        )}
        {claim.savingsText && (
          <span className="self-start rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
            {claim.savingsText}
          </span>
        )}
        {!available && <span className="text-sm font-semibold text-slate-600">{t("notAvailable")}</span>}
      </label>
      {selected && available && (
        <Button className="mt-4 w-full" busy={busy} onClick={onPay}>
          {busy ? t("processing") : t("pay")}
        </Button>
      )}
    </li>
  );
}
