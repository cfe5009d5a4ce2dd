/**
 * Who buys and how, in the cart above its total: the shopper's name, envío
 * (to one of the store's zones, when it has them) or retiro, how they pay
 * among the store's ways, an optional WhatsApp and note. Name, choices and
 * number are remembered for the next order. `read` answers what the order
 * sends, or the Spanish reason it is not complete yet; `delivery` what the
 * total is priced with while the shopper chooses.
 */
import type { DeliveryChoice, PayChoice, ShopperCheckout } from "../../common/checkout";
import type { MessageKey } from "../../common/i18n/catalogues/es";
import type { PayMethodKind } from "../../common/pay-methods";
import type { ShopText } from "../../common/shop-text";
import { formatPrice } from "../../common/store-money";
import { el } from "./dom";

export interface BuyerInput {
  name: string;
  delivery: "envio" | "retiro";
  zone: string | null;
  payment: PayChoice | null;
  note: string;
  whatsapp: string;
}

const BUYER_KEY = "vidriera:comprador";

function radios<V extends string>(name: string, legend: string, options: { value: V; label: string }[]) {
  const box = el("fieldset", "how");
  box.append(el("legend", "", legend));
  const inputs = options.map(({ value, label: text }) => {
    const label = el("label", "opt");
    const radio = el("input");
    radio.type = "radio";
    radio.name = name;
    radio.value = value;
    label.append(radio, text);
    box.append(label);
    return radio;
  });
  return { box, inputs };
}

/** The catalogue's name of a way to pay as the cart sends it ('transferencia' is Argentina's transfer). */
const payName = (choice: PayChoice): MessageKey =>
  `pay.${(choice === "transferencia" ? "ar_transfer" : choice === "efectivo" ? "cash" : choice) satisfies PayMethodKind}`;

export function buyerForm(foot: HTMLElement, checkout: ShopperCheckout, shop: ShopText, onChange: () => void) {
  const { t } = shop;
  const { pickup, shipping } = checkout.delivery;
  const box = el("div", "buyer");
  const name = el("input");
  name.id = "buyer-name";
  name.autocomplete = "name";
  name.maxLength = 80;
  name.required = true;
  const nameLabel = el("label", "", t("buyer.name"));
  nameLabel.htmlFor = name.id;

  const ways = [
    ...(shipping.enabled ? [{ value: "envio" as const, label: t("delivery.shipping") }] : []),
    ...(pickup.enabled ? [{ value: "retiro" as const, label: t("delivery.pickup") }] : []),
  ];
  const how = radios("buyer-delivery", t("buyer.how"), ways);
  // With one way only, it is already chosen.
  if (how.inputs.length === 1) how.inputs[0]!.checked = true;

  const zone = el("select");
  zone.id = "buyer-zone";
  zone.append(
    new Option(t("buyer.chooseZone"), ""),
    ...shipping.zones.map(
      (z) =>
        new Option(t("buyer.zoneOption", { zone: z.name, cost: z.cost ? formatPrice(z.cost, shop.money) : t("buyer.zoneFree") }), z.name),
    ),
  );
  const zoneLabel = el("label", "", t("buyer.zone"));
  zoneLabel.htmlFor = zone.id;
  const zoneBox = el("div", "zone");
  zoneBox.append(zoneLabel, zone);

  const pay = radios(
    "buyer-payment",
    t("buyer.pay"),
    checkout.payments.map((value) => ({ value, label: t(payName(value)) })),
  );
  if (pay.inputs.length === 1) pay.inputs[0]!.checked = true;

  const phone = el("input");
  phone.id = "buyer-whatsapp";
  phone.type = "tel";
  phone.autocomplete = "tel";
  phone.maxLength = 40;
  const phoneLabel = el("label", "", `${t("buyer.whatsapp")} `);
  phoneLabel.htmlFor = phone.id;
  phoneLabel.append(el("span", "hint", t("buyer.whatsappHint")));
  const note = el("textarea");
  note.id = "buyer-note";
  note.maxLength = 300;
  note.rows = 2;
  note.placeholder = t("buyer.notePlaceholder");
  const noteLabel = el("label", "", t("buyer.note"));
  noteLabel.htmlFor = note.id;

  box.append(nameLabel, name, how.box, zoneBox, ...(pay.inputs.length ? [pay.box] : []), phoneLabel, phone, noteLabel, note);
  foot.insertBefore(box, foot.firstChild);

  const kind = () => how.inputs.find((r) => r.checked)?.value as "envio" | "retiro" | undefined;
  const refresh = () => {
    zoneBox.hidden = kind() !== "envio" || !shipping.zones.length;
    onChange();
  };
  how.box.addEventListener("change", refresh);
  zone.addEventListener("change", refresh);

  try {
    const saved = JSON.parse(localStorage.getItem(BUYER_KEY) || "{}") as Partial<
      Record<"name" | "delivery" | "whatsapp" | "zone" | "payment", string>
    >;
    name.value = saved.name ?? "";
    phone.value = saved.whatsapp ?? "";
    for (const radio of how.inputs) if (radio.value === saved.delivery) radio.checked = true;
    if (shipping.zones.some((z) => z.name === saved.zone)) zone.value = saved.zone!;
    for (const radio of pay.inputs) if (radio.value === saved.payment) radio.checked = true;
  } catch {
    // Nothing remembered.
  }
  zoneBox.hidden = kind() !== "envio" || !shipping.zones.length;

  return {
    /** The way chosen so far, for the total; null until envío or retiro is chosen. */
    delivery(): DeliveryChoice | null {
      const chosen = kind();
      if (!chosen) return null;
      return chosen === "retiro" ? { kind: "retiro" } : { kind: "envio", zone: zone.value || null };
    },
    read(): BuyerInput | string {
      const delivery = kind();
      const payment = (pay.inputs.find((r) => r.checked)?.value as PayChoice | undefined) ?? null;
      if (!name.value.trim()) {
        name.focus();
        return t("buyer.nameRequired");
      }
      if (!delivery) {
        how.inputs[0]?.focus();
        return t("checkout.chooseDelivery");
      }
      if (delivery === "envio" && shipping.zones.length && !zone.value) {
        zone.focus();
        return t("checkout.chooseZone");
      }
      if (pay.inputs.length && !payment) {
        pay.inputs[0]!.focus();
        return t("checkout.choosePayment");
      }
      const remembered = { name: name.value.trim(), delivery, whatsapp: phone.value.trim(), zone: zone.value, payment };
      try {
        localStorage.setItem(BUYER_KEY, JSON.stringify(remembered));
      } catch {
        // Storage may be off.
      }
      return {
        name: name.value,
        delivery,
        zone: delivery === "envio" ? zone.value || null : null,
        payment,
        note: note.value,
        whatsapp: phone.value,
      };
    },
  };
}
