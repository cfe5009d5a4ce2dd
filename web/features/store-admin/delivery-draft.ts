import type { DeliverySettings } from "../../../common/checkout";
import { formatPriceField } from "../../../common/price";
import type { StoreMoney } from "../../../common/store-money";
import type { CheckoutForm } from "./checkout-queries";

/** Saved delivery settings as the form edits and sends them: costs as the seller types them in the store's money ("3.500", "18,40"). */
export function deliveryDraft({ pickup, shipping }: DeliverySettings, money: StoreMoney): CheckoutForm["delivery"] {
  return {
    pickup: { enabled: pickup.enabled, address: pickup.address ?? "" },
    shipping: {
      enabled: shipping.enabled,
      zones: shipping.zones.map((z) => ({ name: z.name, cost: z.cost === 0 ? "0" : formatPriceField(z.cost, money) })),
      freeFrom: shipping.freeFrom === null ? "" : formatPriceField(shipping.freeFrom, money),
    },
  };
}
