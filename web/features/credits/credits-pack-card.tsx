import { imagesLabel } from "../../../common/credits";
import { chargeFor, formatMoney, type Money, type Pack, type PaymentRoute } from "../../../common/packs";
import { NOT_AVAILABLE_IN_COUNTRY } from "../../../common/payments";
import { Button } from "../../ui/button";

interface PackCardProps {
  pack: Pack;
  price: Money;
  route: PaymentRoute;
  savings: number;
  /** "US$ 0.088 por imagen"'s price, as charged. */
  perImage: string;
  available: boolean;
  selected: boolean;
  busy: boolean;
  onSelect: () => void;
  onPay: () => void;
}

/** One pack of the /credits grid: a radio to choose it, and 'Pagar' inside the chosen one. */
export function PackCard({ pack, price, route, savings, perImage, available, selected, busy, onSelect, onPay }: PackCardProps) {
  const charged = chargeFor(pack, route);
  const showCharge = charged.currency !== price.currency;
  const frame = !available
    ? "border-slate-200 bg-slate-50 opacity-70"
    : selected
      ? "border-brand-600 bg-brand-50 ring-2 ring-brand-600"
      : "border-slate-200 bg-white hover:border-brand-500";
  return (
    <li className={`relative flex flex-col rounded-2xl border p-5 transition ${frame}`} data-testid={`pack-${pack.id}`}>
      {pack.featured && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white">
          Más elegido
        </span>
      )}
      <label className={`flex flex-1 flex-col gap-2 ${available ? "cursor-pointer" : "cursor-not-allowed"}`}>
        <input
          type="radio"
          name="pack"
          value={pack.id}
          checked={selected}
          disabled={!available}
          onChange={onSelect}
          className="sr-only"
          aria-label={`${imagesLabel(pack.credits)} por ${formatMoney(price)}`}
        />
        <span className="text-2xl font-bold">{imagesLabel(pack.credits)}</span>
        <span className="text-sm text-slate-600" data-testid="pack-per-image">
          {perImage} por imagen
        </span>
        <span className="mt-2 text-3xl font-extrabold text-slate-900" data-testid="pack-price">
          {formatMoney(price)}
        </span>
        {showCharge && <span className="text-xs text-slate-500">Se cobra {formatMoney(charged)}</span>}
        {savings > 0 && (
          <span className="self-start rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
            Ahorras {savings}%
          </span>
        )}
        {!available && <span className="text-sm font-semibold text-slate-600">{NOT_AVAILABLE_IN_COUNTRY}</span>}
      </label>
      {selected && available && (
        <Button className="mt-4 w-full" busy={busy} onClick={onPay}>
          {busy ? "Procesando..." : "Pagar"}
        </Button>
      )}
    </li>
  );
}
