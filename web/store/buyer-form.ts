/**
 * Who buys and how, in the cart below its lines: envío (one choice per zone
 * of the store, so one tap picks the way and the zone) or retiro first, the
 * address when it is envío (with the postal code the store's country asks
 * for), the shopper's name, how they pay among the store's ways, an optional
 * WhatsApp and note. Choosing the way puts the cursor in the first field left
 * to write, and the keyboard's Enter (its 'Next' key on a phone) goes from one
 * text field to the next, so the form is typed, not tapped through.
 * Everything but the note is remembered for the next order, on this phone
 * only. `read` answers what the order sends, or the reason (in the store's
 * language) it is not complete yet; `delivery` what the total is priced with
 * while the shopper chooses.
 */
import type { DeliveryChoice, PayChoice, ShopperCheckout } from "../../common/checkout";
import type { MessageKey } from "../../common/i18n/catalogues/es";
import type { PayMethodKind } from "../../common/pay-methods";
import { checkPostalCode, postalCodeRule } from "../../common/postal-codes";
import type { ShopText } from "../../common/shop-text";
import { ADDRESS_LOCALITY_MAX_LENGTH, ADDRESS_REFERENCE_MAX_LENGTH, ADDRESS_STREET_MAX_LENGTH } from "../../common/shopper-text";
import type { DeliveryAddress } from "../../common/store-cart";
import { formatPrice } from "../../common/store-money";
import { el } from "./dom";

export interface BuyerInput {
  name: string;
  delivery: "envio" | "retiro";
  zone: string | null;
  payment: PayChoice | null;
  address: DeliveryAddress | null;
  note: string;
  whatsapp: string;
}

const BUYER_KEY = "vidriera:comprador";

/** Room for a code typed with spaces or dashes ("C1425 ABC", "01310-100"); the rule reads it compacted. */
const POSTAL_CODE_TYPED_MAX = 16;

type Remembered = Partial<
  Record<"name" | "delivery" | "whatsapp" | "zone" | "payment" | "street" | "locality" | "postalCode" | "reference", string>
>;

function radios(name: string, legend: string, options: { value: string; label: string; hint?: string; zone?: string }[]) {
  const box = el("fieldset", "how");
  box.append(el("legend", "", legend));
  const inputs = options.map(({ value, label: text, hint, zone }) => {
    const label = el("label", "opt");
    const radio = el("input");
    radio.type = "radio";
    radio.name = name;
    radio.value = value;
    if (zone !== undefined) radio.dataset.zone = zone;
    label.append(radio, text);
    if (hint) label.append(el("span", "hint", hint));
    box.append(label);
    return radio;
  });
  return { box, inputs };
}

function field(id: string, label: string, input: HTMLInputElement | HTMLTextAreaElement, max: number) {
  input.id = id;
  input.maxLength = max;
  const caption = el("label", "", label);
  caption.htmlFor = id;
  return [caption, input] as const;
}

function textInput(autocomplete: AutoFill, placeholder = "") {
  const input = el("input");
  input.autocomplete = autocomplete;
  input.enterKeyHint = "next";
  if (placeholder) input.placeholder = placeholder;
  return input;
}

/** The catalogue's name of a way to pay as the cart sends it ('transferencia' is Argentina's transfer). */
const payName = (choice: PayChoice): MessageKey =>
  `pay.${(choice === "transferencia" ? "ar_transfer" : choice === "efectivo" ? "cash" : choice) satisfies PayMethodKind}`;

export function buyerForm(form: HTMLElement, checkout: ShopperCheckout, shop: ShopText, onChange: () => void) {
  const { t } = shop;
  const { pickup, shipping } = checkout.delivery;
  const box = el("div", "buyer");
  const name = textInput("name");
  name.required = true;

  const ways = [
    ...(!shipping.enabled
      ? []
      : shipping.zones.length
        ? shipping.zones.map((z) => ({
            value: "envio",
            zone: z.name,
            label: t("delivery.shippingToZone", { zone: z.name }),
            hint: z.cost ? formatPrice(z.cost, shop.money) : t("buyer.zoneFree"),
          }))
        : [{ value: "envio", zone: "", label: t("delivery.shipping") }]),
    ...(pickup.enabled ? [{ value: "retiro", zone: "", label: t("delivery.pickup") }] : []),
  ];
  const how = radios("buyer-delivery", t("buyer.how"), ways);
  // With one way only, it is already chosen.
  if (how.inputs.length === 1) how.inputs[0]!.checked = true;

  const street = textInput("address-line1", t("buyer.addressStreetExample"));
  const locality = textInput("address-level2", t("buyer.addressLocalityExample"));
  const reference = textInput("address-line2", t("buyer.addressReferenceExample"));
  street.required = true;
  locality.required = true;
  // The store's country's postal code: Brazil's CEP, Mexico's código postal; none where none is used.
  const postal = postalCodeRule(checkout.country);
  const postalCode = textInput("postal-code", postal?.example);
  postalCode.inputMode = checkout.country === "AR" ? "text" : "numeric";
  postalCode.required = postal?.required ?? false;
  const address = el("fieldset", "address");
  address.append(
    el("legend", "", t("buyer.addressLegend")),
    ...field("buyer-street", t("buyer.addressStreet"), street, ADDRESS_STREET_MAX_LENGTH),
    ...field("buyer-locality", t("buyer.addressLocality"), locality, ADDRESS_LOCALITY_MAX_LENGTH),
    ...(postal
      ? field("buyer-postal-code", t(postal.required ? "buyer.postalCode" : "buyer.postalCodeOptional"), postalCode, POSTAL_CODE_TYPED_MAX)
      : []),
    ...field("buyer-reference", t("buyer.addressReference"), reference, ADDRESS_REFERENCE_MAX_LENGTH),
  );

  const pay = radios(
    "buyer-payment",
    t("buyer.pay"),
    checkout.payments.map((value) => ({ value, label: t(payName(value)) })),
  );
  if (pay.inputs.length === 1) pay.inputs[0]!.checked = true;

  const phone = textInput("tel");
  phone.type = "tel";
  const [phoneLabel] = field("buyer-whatsapp", `${t("buyer.whatsapp")} `, phone, 40);
  phoneLabel.append(el("span", "hint", t("buyer.whatsappHint")));
  const note = el("textarea");
  note.rows = 2;
  note.placeholder = t("buyer.notePlaceholder");

  box.append(
    how.box,
    address,
    ...field("buyer-name", t("buyer.name"), name, 80),
    ...(pay.inputs.length ? [pay.box] : []),
    phoneLabel,
    phone,
    ...field("buyer-note", t("buyer.note"), note, 300),
  );
  form.insertBefore(box, form.firstChild);

  const chosen = () => how.inputs.find((r) => r.checked);
  const kind = () => chosen()?.value as "envio" | "retiro" | undefined;
  const refresh = () => {
    address.hidden = kind() !== "envio";
    onChange();
  };
  how.box.addEventListener("change", () => {
    refresh();
    // The way chosen, the next step is typing: the cursor goes to the first field still to write (the street for
    // envío, else the name), so no tap is spent finding it.
    const next = [street, locality, ...(postal?.required ? [postalCode] : []), name].find((f) => f.offsetParent && !f.value.trim());
    next?.focus();
  });

  // Enter, or a phone keyboard's 'Next', moves on to the next text field instead of doing nothing.
  box.addEventListener("keydown", (event) => {
    const from = event.target as HTMLElement;
    if (event.key !== "Enter" || !(from instanceof HTMLInputElement) || from.type === "radio") return;
    event.preventDefault();
    const fields = [...box.querySelectorAll<HTMLElement>("input:not([type=radio]),textarea")].filter((f) => f.offsetParent);
    fields[fields.indexOf(from) + 1]?.focus();
  });

  try {
    const saved = JSON.parse(localStorage.getItem(BUYER_KEY) || "{}") as Remembered;
    name.value = saved.name ?? "";
    phone.value = saved.whatsapp ?? "";
    street.value = saved.street ?? "";
    locality.value = saved.locality ?? "";
    postalCode.value = saved.postalCode ?? "";
    reference.value = saved.reference ?? "";
    for (const radio of how.inputs) {
      if (radio.value === saved.delivery && (radio.value === "retiro" || radio.dataset.zone === (saved.zone ?? ""))) radio.checked = true;
    }
    for (const radio of pay.inputs) if (radio.value === saved.payment) radio.checked = true;
  } catch {
    // Nothing remembered.
  }
  address.hidden = kind() !== "envio";

  return {
    /** The way chosen so far, for the total; null until envío or retiro is chosen. */
    delivery(): DeliveryChoice | null {
      const radio = chosen();
      if (!radio) return null;
      return radio.value === "retiro" ? { kind: "retiro" } : { kind: "envio", zone: radio.dataset.zone || null };
    },
    read(): BuyerInput | string {
      const delivery = kind();
      const zone = delivery === "envio" ? chosen()!.dataset.zone || null : null;
      const payment = (pay.inputs.find((r) => r.checked)?.value as PayChoice | undefined) ?? null;
      // Asked in the form's order: the way, the address, then the name.
      if (!delivery) {
        how.inputs[0]?.focus();
        return t("checkout.chooseDelivery");
      }
      if (delivery === "envio" && !street.value.trim()) {
        street.focus();
        return t("buyer.streetRequired");
      }
      if (delivery === "envio" && !locality.value.trim()) {
        locality.focus();
        return t("buyer.localityRequired");
      }
      const code = delivery === "envio" ? checkPostalCode(checkout.country, postalCode.value) : { code: null };
      if ("problem" in code) {
        postalCode.focus();
        return code.problem === "required" ? t("buyer.postalCodeRequired") : t("buyer.postalCodeInvalid", { example: code.example });
      }
      if (code.code) postalCode.value = code.code;
      if (!name.value.trim()) {
        name.focus();
        return t("buyer.nameRequired");
      }
      if (pay.inputs.length && !payment) {
        pay.inputs[0]!.focus();
        return t("checkout.choosePayment");
      }
      const remembered: Remembered = {
        name: name.value.trim(),
        delivery,
        whatsapp: phone.value.trim(),
        zone: zone ?? "",
        payment: payment ?? "",
        street: street.value.trim(),
        locality: locality.value.trim(),
        postalCode: postalCode.value.trim(),
        reference: reference.value.trim(),
      };
      try {
        localStorage.setItem(BUYER_KEY, JSON.stringify(remembered));
      } catch {
        // Storage may be off.
      }
      return {
        name: name.value,
        delivery,
        zone,
        payment,
        address:
          delivery === "envio"
            ? { street: street.value, locality: locality.value, reference: reference.value || null, postalCode: code.code }
            : null,
        note: note.value,
        whatsapp: phone.value,
      };
    },
  };
}
