import { describe, expect, it } from "vitest";
import { type CurrencyChangeInput, currencyChange, rescaledPrice } from "./currency-change";

const read = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

// A Brazilian store as a seller keeps it: a price with cents, one of R$ 1,50, one round, one not priced yet.
const brazil = (over: Partial<CurrencyChangeInput> = {}): CurrencyChangeInput => ({
  from: { currency: "BRL", locale: "pt-BR" },
  to: { currency: "ARS", locale: "pt-BR" },
  products: [
    { name: "Vestido de linho", price: 12_990 },
    { name: "Meia 🧦", price: 150 },
    { name: "Camisa", price: 8_000 },
    { name: "Blusa nova", price: null },
    { name: "Saia\u200b", price: 4_995 },
  ],
  delivery: { shipping: { zones: [{ cost: 1_840 }, { cost: 0 }], freeFrom: 30_000 } },
  payMethods: [{ kind: "pix" }],
  ...over,
});

describe("currencyChange: what the dialog says before the store changes its money", () => {
  it("rounds prices as the Worker's rescale does, halves up", () => {
    expect(rescaledPrice(12_990, "BRL", "ARS")).toBe(130);
    expect(rescaledPrice(150, "BRL", "ARS")).toBe(2);
    expect(rescaledPrice(12_950, "BRL", "ARS")).toBe(130);
    expect(rescaledPrice(130, "ARS", "BRL")).toBe(13_000);
    expect(rescaledPrice(12_990, "BRL", "MXN")).toBe(12_990);
  });

  it("names the prices that lose their cents, with up to three as they read before and after", () => {
    const change = currencyChange(brazil({ to: { currency: "ARS", locale: "es-AR" } }));
    // R$ 80,00 keeps its number; the one without a price is not counted.
    expect(change.roundedPrices).toBe(3);
    expect(change.examples.map((e) => `${e.name}: ${read(e.before)} → ${read(e.after)}`)).toEqual([
      "Vestido de linho: R$ 129,90 → $130",
      "Meia 🧦: R$ 1,50 → $2",
      "Saia\u200b: R$ 49,95 → $50",
    ]);
    // R$ 18,40 to one zone loses its cents; a free zone and R$ 300,00 do not.
    expect(change.roundedCosts).toBe(1);
  });

  it("says nothing is rounded when the new money keeps cents, or gains them", () => {
    const mexico = currencyChange(brazil({ to: { currency: "MXN", locale: "es-MX" } }));
    expect(mexico.roundedPrices).toBe(0);
    expect(mexico.roundedCosts).toBe(0);
    expect(read(`${mexico.sample.before} → ${mexico.sample.after}`)).toBe("R$ 129,90 → $129.90");
    const back = currencyChange(
      brazil({
        from: { currency: "ARS", locale: "es-AR" },
        to: { currency: "BRL", locale: "pt-BR" },
        products: [{ name: "Vestido", price: 130 }],
        payMethods: [{ kind: "pix" }],
      }),
    );
    expect(back.roundedPrices).toBe(0);
    expect(read(`${back.sample.before} → ${back.sample.after}`)).toBe("$12.500 → R$ 12.500,00");
  });

  it("flags the ways to pay and the language that came with the old money, and offers the new country's", () => {
    const change = currencyChange(brazil({ payMethods: [{ kind: "pix" }, { kind: "cash" }] }));
    expect(change.country).toBe("Argentina");
    expect(change.oldPayMethods).toEqual([{ kind: "pix", name: "Pix" }]);
    expect(change.canDropPayMethods).toBe(true);
    expect(change.oldLanguage).toEqual({ label: "portugués de Brasil", next: "es-AR", nextLabel: "español (Argentina)" });
  });

  it("never offers to drop the only way to pay, and leaves alone a language the seller picked", () => {
    const onlyPix = currencyChange(brazil());
    expect(onlyPix.oldPayMethods.map((m) => m.kind)).toEqual(["pix"]);
    expect(onlyPix.canDropPayMethods).toBe(false);
    const english = currencyChange(brazil({ to: { currency: "ARS", locale: "en" } }));
    expect(english.oldLanguage).toBeNull();
    const alreadyArgentine = currencyChange(brazil({ to: { currency: "ARS", locale: "es-AR" } }));
    expect(alreadyArgentine.oldLanguage).toBeNull();
  });

  it("keeps ways to pay both countries have: Mercado Pago and cash from Brazil to Argentina", () => {
    const change = currencyChange(brazil({ payMethods: [{ kind: "mercadopago" }, { kind: "cash" }] }));
    expect(change.oldPayMethods).toEqual([]);
  });
});
