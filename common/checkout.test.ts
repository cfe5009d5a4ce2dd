import { describe, expect, it } from "vitest";
import {
  CHOOSE_ZONE,
  DEFAULT_DELIVERY,
  NO_PICKUP,
  NO_SHIPPING,
  offeredPayments,
  orderTotal,
  paymentDetails,
  quoteDelivery,
  type DeliverySettings,
} from "./checkout";
import * as checkout from "./checkout";
import { isMercadoPagoLink, mercadoPagoLink } from "./mercado-pago-link";
import { shopText } from "./i18n";
import { ARS_MONEY } from "./store-money";

const deliveryCostText = (quote: { kind: "envio" | "retiro"; cost: number | null }) =>
  checkout.deliveryCostText(quote, shopText("es-AR", ARS_MONEY));

const zones: DeliverySettings = {
  pickup: { enabled: true, address: "Av. Corrientes 1234" },
  shipping: {
    enabled: true,
    zones: [
      { name: "CABA", cost: 3500 },
      { name: "GBA Norte", cost: 5000 },
      { name: "Retiro en moto", cost: 0 },
    ],
    freeFrom: 50000,
  },
};

describe("the delivery's cost and the total", () => {
  it("charges the chosen zone's cost under the threshold and nothing from it on", () => {
    expect(quoteDelivery(zones, { kind: "envio", zone: "GBA Norte" }, 49999)).toEqual({
      kind: "envio",
      zone: "GBA Norte",
      cost: 5000,
      free: false,
    });
    expect(orderTotal(49999, 5000)).toBe(54999);
    expect(quoteDelivery(zones, { kind: "envio", zone: "GBA Norte" }, 50000)).toEqual({
      kind: "envio",
      zone: "GBA Norte",
      cost: 0,
      free: true,
    });
    expect(orderTotal(50000, 0)).toBe(50000);
    // A zone the seller made free is not "free by the threshold".
    expect(quoteDelivery(zones, { kind: "envio", zone: "Retiro en moto" }, 60000)).toMatchObject({ cost: 0, free: false });
  });

  it("needs one of the seller's zones when there are zones", () => {
    expect(quoteDelivery(zones, { kind: "envio", zone: null }, 1000)).toEqual({ error: CHOOSE_ZONE });
    expect(quoteDelivery(zones, { kind: "envio", zone: "caba" }, 1000)).toEqual({ error: CHOOSE_ZONE });
    expect(quoteDelivery(zones, { kind: "envio", zone: "Marte" }, 1000)).toEqual({ error: CHOOSE_ZONE });
  });

  it("leaves the cost to agree without zones (a store that never set them), free from the threshold", () => {
    expect(quoteDelivery(DEFAULT_DELIVERY, { kind: "envio", zone: null }, 1000)).toEqual({
      kind: "envio",
      zone: null,
      cost: null,
      free: false,
    });
    expect(orderTotal(1000, null)).toBe(1000);
    const threshold = { ...DEFAULT_DELIVERY, shipping: { ...DEFAULT_DELIVERY.shipping, freeFrom: 20000 } };
    expect(quoteDelivery(threshold, { kind: "envio", zone: null }, 20000)).toEqual({ kind: "envio", zone: null, cost: 0, free: true });
  });

  it("prices a pick-up at 0 and refuses a way the store does not offer", () => {
    expect(quoteDelivery(zones, { kind: "retiro" }, 1000)).toEqual({ kind: "retiro", zone: null, cost: 0, free: false });
    expect(quoteDelivery({ ...zones, pickup: { enabled: false, address: null } }, { kind: "retiro" }, 1000)).toEqual({ error: NO_PICKUP });
    expect(quoteDelivery({ ...zones, shipping: { ...zones.shipping, enabled: false } }, { kind: "envio", zone: "CABA" }, 1000)).toEqual({
      error: NO_SHIPPING,
    });
  });

  it("reads the cost the way a buyer does", () => {
    expect(deliveryCostText({ kind: "envio", cost: 3500 })).toBe("$3.500");
    expect(deliveryCostText({ kind: "envio", cost: 0 })).toBe("Gratis");
    expect(deliveryCostText({ kind: "envio", cost: null })).toBe("A coordinar con la tienda");
    expect(deliveryCostText({ kind: "retiro", cost: 0 })).toBe("Sin costo");
  });
});

describe("the ways to pay", () => {
  const payments = {
    transfer: { alias: "mi.tienda.mp", cbu: null, holder: "Ana Pérez" },
    mercadoPago: { link: "https://mpago.la/2abc" },
    cash: true,
  };

  it("offers what the store listed, in the cart's order, with the details to pay with", () => {
    expect(offeredPayments(payments)).toEqual(["transferencia", "mercadopago", "efectivo"]);
    expect(offeredPayments({ transfer: null, mercadoPago: null, cash: true })).toEqual(["efectivo"]);
    expect(offeredPayments({ transfer: null, mercadoPago: null, cash: false })).toEqual([]);
    expect(paymentDetails(payments, "transferencia")).toEqual({
      method: "transferencia",
      alias: "mi.tienda.mp",
      cbu: null,
      holder: "Ana Pérez",
    });
    expect(paymentDetails({ ...payments, mercadoPago: null }, "mercadopago")).toBeNull();
  });

  it("takes a Mercado Pago link only on Mercado Pago's own hosts, over https", () => {
    for (const good of [
      "https://mpago.la/2xYz9",
      "https://link.mercadopago.com.ar/ropalinda",
      "https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=1",
      "https://mpago.li/1a",
      "https://link.mercadopago.com.br/lojinha",
      "https://www.mercadopago.cl/checkout/v1/redirect?pref_id=1",
      "https://link.mercadopago.com.mx/tienda",
      "https://link.mercadopago.com.co/tienda",
      "https://link.mercadopago.com.pe/tienda",
      "https://link.mercadopago.com.uy/tienda",
    ]) {
      expect(isMercadoPagoLink(good), good).toBe(true);
    }
    for (const bad of [
      "http://mpago.la/2xYz9",
      "https://mercadopago.com.ar.evil.example/x",
      "https://evilmercadopago.com/x",
      "javascript:alert(1)",
      // Country codes where Mercado Pago has no site: anyone could register these.
      "https://mercadopago.com.de/x",
      "https://link.mercadopago.com.es/x",
      "https://mercadopago.co/x",
      "https://mpago.la.evil.example/x",
      "https://usuario@mpago.la/x",
      "https://mpago.la:8443/x",
      "ftp://mpago.la/x",
      "",
    ]) {
      expect(isMercadoPagoLink(bad), bad).toBe(false);
    }
  });

  it("completes a link typed without https:// and refuses what is still not Mercado Pago's", () => {
    expect(mercadoPagoLink("mpago.la/2xYz9Ab")).toBe("https://mpago.la/2xYz9Ab");
    expect(mercadoPagoLink("  link.mercadopago.com.ar/ropalinda ")).toBe("https://link.mercadopago.com.ar/ropalinda");
    expect(mercadoPagoLink("MPAGO.LI/1a")).toBe("https://mpago.li/1a");
    expect(mercadoPagoLink("https://mpago.la/2xYz9Ab")).toBe("https://mpago.la/2xYz9Ab");
    expect(mercadoPagoLink("mercadopago.com.de/x")).toBeNull();
    expect(mercadoPagoLink("http://mpago.la/2x")).toBeNull();
    expect(mercadoPagoLink("mi link de pago")).toBeNull();
  });
});
