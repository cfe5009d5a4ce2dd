import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { storeMoney } from "../../../common/store-money";
import { ARS_MONEY } from "../../../common/store-money";
import { startSellerLanguage } from "../../i18n/language";
import { errorTexts, leftLabel, priceExample } from "./grid-texts";
import { type GridRow, rowErrors, rowsLeft } from "./pricing-rows";

const BRL = storeMoney("BRL", "pt-BR");
const MXN = storeMoney("MXN", "es-MX");

const row = (over: Partial<GridRow> = {}): GridRow => ({
  id: "p1",
  photoUrl: null,
  name: "Camiseta básica",
  price: "129,90",
  sizes: "P, M, G",
  stock: "3",
  ...over,
});

describe("the grid's price example", () => {
  it("is written as the store's country writes a price, never an Argentine one elsewhere", () => {
    expect(priceExample(ARS_MONEY)).toBe("12.500");
    expect(priceExample(BRL)).toBe("129,90");
    expect(priceExample(MXN)).toBe("1,299.50");
  });
});

describe("the grid's rows for a Brazilian seller", () => {
  beforeAll(async () => {
    vi.stubGlobal("document", { documentElement: { lang: "" } });
    await startSellerLanguage("pt-BR");
  });
  afterAll(async () => {
    await startSellerLanguage("es");
    vi.unstubAllGlobals();
  });

  it("says each field's problem in Portuguese, with a Brazilian example", () => {
    expect(errorTexts(rowErrors(row(), BRL), BRL)).toEqual({});
    const said = errorTexts(rowErrors(row({ name: " ", price: "129.90", sizes: "P, M, p", stock: "x" }), BRL), BRL);
    expect(said).toEqual({
      name: "Coloque um nome.",
      price: "Os centavos vão depois de uma vírgula: escreva, por exemplo, 129,90.",
      sizes: "Há tamanhos repetidos: p.",
    });
    expect(errorTexts(rowErrors(row({ stock: "3, 2" }), BRL), BRL).stock).toBe(
      "Você escreveu 2 números de estoque para 3 tamanhos (P, M, G): escreva um por tamanho, na mesma ordem (por exemplo 3, 2, 1), ou um só para todos.",
    );
    expect(errorTexts(rowErrors(row({ price: "abc" }), BRL), BRL).price).toBe(
      "O preço não é válido: escreva só números, por exemplo 129,90.",
    );
  });

  it("names the rows left after publishing in Portuguese", () => {
    const left = rowsLeft([row(), row({ id: "p2", name: "Vestido 🌸", price: "" })], BRL);
    expect(leftLabel(1, left)).toBe("Você publicou 1 produto. Falta completar 1 linha: linha 2, “Vestido 🌸” (preço).");
  });
});
