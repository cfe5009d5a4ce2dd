import { afterEach, describe, expect, it } from "vitest";
import type { StockShortage } from "../../../common/store-cart";
import { loadCatalogue } from "../../i18n/catalogues";
import { i18n } from "../../i18n/texts";
import { actionLabel, paymentName, shortageLine, statusLabel } from "./order-labels";

const short = (change: Partial<StockShortage>): StockShortage => ({
  productId: "p1",
  name: "Remera lisa",
  color: "Negro",
  size: "M",
  asked: 2,
  left: 1,
  gone: false,
  ...change,
});

async function readIn(language: "pt-BR" | "en") {
  i18n.load(language, await loadCatalogue(language));
  i18n.activate(language);
}

afterEach(() => i18n.activate("es"));

describe("an order as the seller reads it", () => {
  it("in Spanish, says what it always said in Argentina, and 'talla' in a store that says talla", () => {
    expect(shortageLine(short({}), "talle")).toBe("Remera lisa (Color: Negro, Talle: M): pide 2, queda 1");
    expect(shortageLine(short({ left: 3 }), "talle")).toBe("Remera lisa (Color: Negro, Talle: M): pide 2, quedan 3");
    expect(shortageLine(short({ left: 0, color: null }), "talle")).toBe("Remera lisa (Talle: M): pide 2, sin stock");
    expect(shortageLine(short({ gone: true }), "talle")).toBe("Remera lisa (Color: Negro, Talle: M): pide 2, esa combinación ya no existe");
    expect(shortageLine(short({ name: "Playera", left: 0 }), "talla")).toBe("Playera (Color: Negro, Talla: M): pide 2, sin stock");
    expect(statusLabel("listo")).toBe("Listo para retirar");
    expect(actionLabel("pagado")).toBe("Marcar pagado");
    expect(paymentName({ method: "transferencia", alias: "ropa.sur.mp", cbu: null, holder: "Ana Pérez" })).toBe("Transferencia bancaria");
    expect(paymentName({ method: "efectivo" })).toBe("Efectivo al retirar o al recibir");
    expect(paymentName({ method: "spei", clabe: "032180000118359719", bank: "BBVA", holder: "Rocío Hernández" })).toBe(
      "Transferencia SPEI (CLABE)",
    );
  });

  it("in English, with British words, and brands by their own names", async () => {
    await readIn("en");
    expect(shortageLine(short({ name: "Cotton T-shirt", color: "Black", size: "S" }), "talla")).toBe(
      "Cotton T-shirt (Colour: Black, Size: S): asks for 2, 1 left",
    );
    expect(shortageLine(short({ name: "Cotton T-shirt", color: null, left: 0 }), "talla")).toBe(
      "Cotton T-shirt (Size: M): asks for 2, out of stock",
    );
    expect(statusLabel("listo")).toBe("Ready for collection");
    expect(actionLabel("cancelado")).toBe("Cancel order");
    expect(paymentName({ method: "efectivo" })).toBe("Cash on collection or delivery");
    expect(paymentName({ method: "mpesa_till", till: "123456", holder: "Wanjiku Boutique" })).toBe("M-Pesa (Buy Goods, Till)");
  });

  it("in Portuguese, as Brazilian sellers write it", async () => {
    await readIn("pt-BR");
    expect(shortageLine(short({ name: "Camiseta", color: "Preto", size: "P", left: 3 }), "talla")).toBe(
      "Camiseta (Cor: Preto, Tamanho: P): pediu 2, restam 3",
    );
    expect(statusLabel("entregado")).toBe("Entregue");
    expect(paymentName({ method: "pix", keyType: "email", key: "vendas@lojadaana.com.br", name: "Loja da Ana", city: "São Paulo" })).toBe(
      "Pix",
    );
  });
});
