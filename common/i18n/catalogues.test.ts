import { describe, expect, it } from "vitest";
import { CHOOSE_DELIVERY, CHOOSE_PAYMENT, CHOOSE_ZONE, NO_PICKUP, NO_SHIPPING, PAYMENT_LABELS } from "../checkout";
import { BUYER_STATUS_TEXT, ORDER_STATUS_LABELS, ORDER_STATUSES } from "../order-status";
import { PAY_METHOD_KINDS } from "../pay-methods";
import { DELIVERY_LABELS, orderMessage, REPLY_BY_STATUS } from "../store-cart";
import { ARS_MONEY } from "../store-money";
import { SHOPPER_LANGUAGES } from "../store-locale";
import { esRioplatense } from "./catalogues/es-rioplatense";
import { GLOSSARY } from "./glossary";
import { placeholders } from "./placeholders";
import { CART_KEYS, CATALOGUES, cartMessages, catalogueFor, MESSAGE_KEYS, type MessageKey, shopText, translator } from "./index";

describe("the shoppers' catalogues", () => {
  it("has every key of the Spanish source in every language, and no other", () => {
    for (const language of SHOPPER_LANGUAGES) {
      expect(Object.keys(CATALOGUES[language]).sort(), language).toEqual([...MESSAGE_KEYS].sort());
    }
    expect(Object.keys(esRioplatense).every((key) => MESSAGE_KEYS.includes(key as MessageKey))).toBe(true);
  });

  it("keeps each message's ICU placeholders as in the Spanish source", () => {
    for (const language of SHOPPER_LANGUAGES) {
      for (const key of MESSAGE_KEYS) {
        expect(placeholders(CATALOGUES[language][key]), `${language} ${key}`).toEqual(placeholders(CATALOGUES.es[key]));
      }
    }
    for (const [key, message] of Object.entries(esRioplatense)) {
      expect(placeholders(message), `es-AR ${key}`).toEqual(placeholders(CATALOGUES.es[key as MessageKey]));
    }
  });

  it("tells a placeholder that differs from the source (the check itself)", () => {
    expect(placeholders("Hola {store}")).not.toEqual(placeholders("Hola {tienda}"));
    expect(placeholders("{count, plural, one {# a} other {# b}}")).toEqual(["count:plural"]);
    expect(placeholders("{count, plural, other {{n} b}}")).toEqual(["count:plural", "n:text"]);
  });

  it("says talle in Argentina and Uruguay wherever Spanish says talla", () => {
    const withTalla = MESSAGE_KEYS.filter((key) => /\btallas?\b/i.test(CATALOGUES.es[key]));
    expect(withTalla.sort()).toEqual(Object.keys(esRioplatense).sort());
    for (const locale of ["es-AR", "es-UY"]) {
      const catalogue = catalogueFor(locale);
      for (const key of withTalla) {
        expect(catalogue[key], `${locale} ${key}`).toMatch(/\btalles?\b/i);
        expect(catalogue[key], `${locale} ${key}`).not.toMatch(/\btallas?\b/i);
      }
    }
    expect(catalogueFor("es-MX")["picker.title"]).toBe("Selecciona una talla");
  });

  it("in es-AR is what Argentine stores say today, word for word", () => {
    const ar = translator("es-AR");
    // web/store/variant-picker.ts CHOOSE_SIZE and CHOOSE_COLOR (a DOM module, out of this project's types).
    expect(ar.t("picker.chooseSize")).toBe("Elige un talle.");
    expect(ar.t("picker.chooseColor")).toBe("Elige un color.");
    expect(ar.t("checkout.chooseDelivery")).toBe(CHOOSE_DELIVERY);
    expect(ar.t("checkout.chooseZone")).toBe(CHOOSE_ZONE);
    expect(ar.t("checkout.choosePayment")).toBe(CHOOSE_PAYMENT);
    expect(ar.t("checkout.noPickup")).toBe(NO_PICKUP);
    expect(ar.t("checkout.noShipping")).toBe(NO_SHIPPING);
    expect(ar.t("pay.cash")).toBe(PAYMENT_LABELS.efectivo);
    expect(ar.t("pay.ar_transfer")).toBe(PAYMENT_LABELS.transferencia);
    expect(ar.t("delivery.shipping")).toBe(DELIVERY_LABELS.envio);
    expect(ar.t("delivery.pickup")).toBe(DELIVERY_LABELS.retiro);
    for (const status of ORDER_STATUSES) {
      expect(ar.t(`status.${status}`)).toBe(ORDER_STATUS_LABELS[status]);
      expect(ar.t(`buyerStatus.${status}`)).toBe(BUYER_STATUS_TEXT[status]);
      expect(ar.t(`reply.${status}`)).toBe(REPLY_BY_STATUS[status]);
    }
    expect(ar.t("store.count", { count: 1 })).toBe("1 producto");
    expect(ar.t("store.count", { count: 24 })).toBe("24 productos");
  });

  it("writes today's WhatsApp message from the es-AR messages", () => {
    const ar = translator("es-AR");
    const lines = [
      { productId: "p1", name: "Remera lisa", color: "Negro", size: "M", quantity: 2, unitPrice: 12_500 },
      { productId: "p2", name: "Gorra", color: null, size: null, quantity: 1, unitPrice: 0 },
    ];
    const today = orderMessage(
      {
        storeName: "Ropa Ñandú",
        currency: "ARS",
        code: "K7P2",
        lines,
        subtotal: 25_000,
        total: 25_000,
        link: "https://v.test/pedido/x",
      },
      shopText("es-AR", ARS_MONEY),
    );
    const fromCatalogue = [
      ar.t("message.greeting", { store: "Ropa Ñandú" }),
      "",
      ar.t("message.item", {
        item: ar.t("message.variant", {
          name: "Remera lisa",
          details: `${ar.t("cart.lineColor", { color: "Negro" })}, ${ar.t("cart.lineSize", { size: "M" })}`,
        }),
        quantity: 2,
        price: "$12.500",
      }),
      ar.t("message.itemNoPrice", { item: "Gorra", quantity: 1 }),
      "",
      ar.t("message.total", { amount: "$25.000" }),
      "",
      ar.t("message.code", { code: "K7P2" }),
      ar.t("message.viewOrder", { link: "https://v.test/pedido/x" }),
    ].join("\n");
    expect(fromCatalogue).toBe(today);
  });

  it("formats plurals and numbers in each language's own way", () => {
    expect(translator("pt-BR").t("cart.openCount", { count: 1 })).toBe("Abrir carrinho (1 produto)");
    expect(translator("en-KE").t("store.count", { count: 2 })).toBe("2 products");
    expect(translator("id-ID").t("store.count", { count: 12_000 })).toBe("12.000 produk");
    expect(translator("ms-MY").t("store.count", { count: 1 })).toBe("1 produk");
    expect(translator("es-MX").t("store.count", { count: 1_500 })).toBe("1,500 productos");
    expect(translator("pt-BR").t("cart.added", { product: "Camiseta" })).toBe("Produto «Camiseta» adicionado ao carrinho!");
  });

  it("names every way to pay in every language", () => {
    for (const kind of PAY_METHOD_KINDS) expect(MESSAGE_KEYS, kind).toContain(`pay.${kind}`);
  });

  it("sends the cart script only the cart's messages, compiled, of one locale", () => {
    const messages = cartMessages("pt-BR");
    expect(Object.keys(messages).sort()).toEqual([...CART_KEYS].sort());
    expect(Object.keys(messages)).not.toContain("orderPage.title");
    expect(messages["cart.title"]).toEqual(["Seu carrinho"]);
    // Small enough for the page's data block: the whole cart set, as JSON.
    expect(JSON.stringify(messages).length).toBeLessThan(12_000);
  });

  it("uses the glossary's word in each language", () => {
    for (const term of GLOSSARY) {
      for (const language of SHOPPER_LANGUAGES) {
        expect(CATALOGUES[language][term.usedIn].toLowerCase(), `${language} ${term.concept}`).toContain(term.words[language]);
      }
      expect(catalogueFor("es-AR")[term.usedIn].toLowerCase(), `es-AR ${term.concept}`).toContain(term.words["es-AR"]);
    }
  });
});
