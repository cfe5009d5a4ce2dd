import { useId } from "react";
import { MAX_ZONES, PICKUP_ADDRESS_MAX_LENGTH, ZONE_NAME_MAX_LENGTH } from "../../../common/checkout";
import { Button } from "../../ui/button";
import { PlusIcon } from "../../ui/icons";
import type { CheckoutForm } from "./checkout-queries";
import { PriceInput } from "./price-input";
import { useSellerExamples } from "./seller-examples";
import { t } from "./texts";

type Delivery = CheckoutForm["delivery"];

const INPUT = "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600";
const CHECK = "size-5 accent-brand-700";

/** Retiro (with where) and envío (zones with their cost, and the free-delivery threshold). */
export function DeliveryFields({ value, onChange }: { value: Delivery; onChange: (next: Delivery) => void }) {
  const id = useId();
  const examples = useSellerExamples();
  const { pickup, shipping } = value;
  const setPickup = (next: Partial<Delivery["pickup"]>) => onChange({ ...value, pickup: { ...pickup, ...next } });
  const setShipping = (next: Partial<Delivery["shipping"]>) => onChange({ ...value, shipping: { ...shipping, ...next } });
  const setZone = (i: number, next: Partial<Delivery["shipping"]["zones"][number]>) =>
    setShipping({ zones: shipping.zones.map((z, k) => (k === i ? { ...z, ...next } : z)) });
  return (
    <fieldset className="min-w-0 space-y-4">
      <legend className="text-base font-semibold">{t("deliveryLegend")}</legend>
      <div>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input type="checkbox" className={CHECK} checked={pickup.enabled} onChange={(e) => setPickup({ enabled: e.target.checked })} />
          {t("pickupLabel")}
        </label>
        {pickup.enabled && (
          <div className="mt-2 pl-7">
            <label htmlFor={`${id}-address`} className="text-sm text-slate-700">
              {t("pickupAddressLabel")}
            </label>
            <input
              id={`${id}-address`}
              value={pickup.address ?? ""}
              maxLength={PICKUP_ADDRESS_MAX_LENGTH}
              placeholder={t("addressExample", { address: examples.address })}
              onChange={(e) => setPickup({ address: e.target.value })}
              className={INPUT}
            />
            <p className="mt-1 text-xs text-slate-500">{t("pickupAddressHint")}</p>
          </div>
        )}
      </div>
      <div>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className={CHECK}
            checked={shipping.enabled}
            onChange={(e) => setShipping({ enabled: e.target.checked })}
          />
          {t("shippingLabel")}
        </label>
        {shipping.enabled && (
          <div className="mt-2 space-y-3 pl-7">
            {shipping.zones.length === 0 && <p className="text-sm text-slate-600">{t("noZones")}</p>}
            <ul className="space-y-3">
              {shipping.zones.map((zone, i) => (
                // Zones have no id of their own; their place in the list is who they are while editing.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={i} className="grid grid-cols-[1fr_auto] items-start gap-2 sm:grid-cols-[1fr_9rem_auto]">
                  <div>
                    <label htmlFor={`${id}-zone-${i}`} className="text-sm text-slate-700">
                      {t("zoneNumber", { number: i + 1 })}
                    </label>
                    <input
                      id={`${id}-zone-${i}`}
                      value={zone.name}
                      maxLength={ZONE_NAME_MAX_LENGTH}
                      placeholder={t("zonesExample", { zones: examples.zones })}
                      onChange={(e) => setZone(i, { name: e.target.value })}
                      className={INPUT}
                    />
                  </div>
                  <div className="col-span-2 row-start-2 sm:col-span-1 sm:row-start-auto">
                    <label htmlFor={`${id}-cost-${i}`} className="text-sm text-slate-700">
                      {t("shippingCost")}
                    </label>
                    <PriceInput id={`${id}-cost-${i}`} value={zone.cost} onChange={(cost) => setZone(i, { cost })} />
                  </div>
                  <button
                    type="button"
                    onClick={() => setShipping({ zones: shipping.zones.filter((_, k) => k !== i) })}
                    aria-label={t("removeZone", { zone: zone.name || i + 1 })}
                    className="mt-6 rounded-md p-2 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-red-600"
                  >
                    <svg aria-hidden viewBox="0 0 20 20" className="size-5" fill="currentColor">
                      <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                    </svg>
                  </button>
                </li>
              ))}
            </ul>
            {shipping.zones.length < MAX_ZONES && (
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                onClick={() => setShipping({ zones: [...shipping.zones, { name: "", cost: "" }] })}
              >
                <PlusIcon />
                {t("addZone")}
              </Button>
            )}
            <div>
              <label htmlFor={`${id}-free`} className="text-sm text-slate-700">
                {t("freeFrom")}
              </label>
              <PriceInput id={`${id}-free`} value={shipping.freeFrom} onChange={(freeFrom) => setShipping({ freeFrom })} />
            </div>
          </div>
        )}
      </div>
    </fieldset>
  );
}
