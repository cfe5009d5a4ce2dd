import { describe, expect, it } from "vitest";
import { STOCK_INVALID } from "../../../common/store";
import {
  fillDown,
  type GridRow,
  draftItem,
  publishItem,
  rowErrors,
  rowPicture,
  rowsLeft,
  stockPerSize,
  typedStock,
  typingErrors,
} from "./pricing-rows";
import { storeMoney } from "../../../common/store-locale";
import { parsePrice } from "../../../common/price";
import { ARS_MONEY, type StoreMoney } from "../../../common/store-money";
import { errorTexts, leftLabel } from "./grid-texts";

/** A row's problems as the grid says them (in Spanish: the tests run in the source language). */
const said = (r: GridRow, money: StoreMoney = ARS_MONEY) => errorTexts(rowErrors(r, money), money);
const saidTyping = (r: GridRow, money: StoreMoney) => errorTexts(typingErrors(r, money), money);

const row = (over: Partial<GridRow> = {}): GridRow => ({
  id: "p1",
  photoUrl: null,
  name: "Campera de jean",
  price: "12.500",
  sizes: "S, M, L",
  stock: "3",
  ...over,
});

describe("a row of the pricing grid", () => {
  it("reads a price as sellers type it: '12.500' is 12500 pesos, sent as typed", () => {
    expect(rowErrors(row())).toEqual({});
    expect(publishItem(row())).toEqual({
      id: "p1",
      name: "Campera de jean",
      price: "12.500",
      sizes: [
        { name: "S", stock: 3 },
        { name: "M", stock: 3 },
        { name: "L", stock: 3 },
      ],
      published: true,
    });
  });

  it("says in place what keeps a row from being published", () => {
    expect(said(row({ price: "" })).price).toBe("Ponle un precio para publicarlo.");
    expect(said(row({ price: "12,50" })).price).toBe("Los precios en pesos van sin centavos: escribe, por ejemplo, 12.500.");
    expect(said(row({ price: "1e5" })).price).toBe("El precio no es válido: escribe solo números, por ejemplo 12.500.");
    expect(said(row({ name: " \u200b " })).name).toBe("Ponle un nombre.");
    expect(said(row({ sizes: "S, M, s" })).sizes).toBe("Hay talles repetidos: s.");
    expect(said(row({ stock: "tres" })).stock).toBe(STOCK_INVALID);
    expect(rowErrors(row({ stock: "1.200" }))).toEqual({});
    // No sizes: no stock to check (one implicit size).
    expect(rowErrors(row({ sizes: "", stock: "x" }))).toEqual({});
  });

  it("fills sizes and stock down from the row above", () => {
    const rows = [row(), row({ id: "p2", sizes: "", stock: "" }), row({ id: "p3", sizes: "Único", stock: "1" })];
    expect(fillDown(rows, 1)[1]).toMatchObject({ id: "p2", sizes: "S, M, L", stock: "3" });
    expect(fillDown(rows, 0)).toEqual(rows);
  });

  it("reads stock per size as sellers type it: '3, 2, 1' for 'S, M, L', or one number for all", () => {
    expect(publishItem(row({ stock: "3, 2, 1" })).sizes).toEqual([
      { name: "S", stock: 3 },
      { name: "M", stock: 2 },
      { name: "L", stock: 1 },
    ]);
    expect(stockPerSize(["S", "M", "L"], "3 2 1")).toEqual({ stocks: [3, 2, 1] });
    expect(stockPerSize(["S", "M", "L"], "3;2;1")).toEqual({ stocks: [3, 2, 1] });
    expect(stockPerSize(["S", "M"], "1.200, 0")).toEqual({ stocks: [1200, 0] });
    expect(stockPerSize(["S", "M", "L"], "4")).toEqual({ stocks: [4, 4, 4] });
    expect(stockPerSize(["S", "M", "L"], " ")).toEqual({ stocks: [0, 0, 0] });
    expect(rowErrors(row({ stock: "3, 2, 1" }))).toEqual({});
  });

  it("says in place, in Spanish, when the numbers of stock do not match the sizes", () => {
    expect(said(row({ stock: "3, 2" })).stock).toBe(
      "Escribiste 2 números de stock para 3 talles (S, M, L): escribe uno por talle, en el mismo orden (por ejemplo 3, 2, 1), o uno solo para todos.",
    );
    expect(said(row({ stock: "3, 2, 1, 5" })).stock).toContain("Escribiste 4 números de stock para 3 talles");
    expect(said(row({ stock: "3, dos, 1" })).stock).toBe(STOCK_INVALID);
    expect(publishItem(row({ sizes: "Único", stock: "7" })).sizes).toEqual([{ name: "Único", stock: 7 }]);
  });

  it("shows a product's stock per size as typed back: one number when all sizes have the same", () => {
    expect(typedStock([3, 2, 1])).toBe("3, 2, 1");
    expect(typedStock([5, 5])).toBe("5");
    expect(typedStock([])).toBe("");
  });

  it("names the rows 'Publicar todos' leaves for later and what each still needs", () => {
    const rows = [
      row(),
      row({ id: "p2", name: "Remera negra", price: "" }),
      row({ id: "p3", name: "Buzo", price: "9.900", stock: "1, 2" }),
    ];
    const left = rowsLeft(rows);
    expect(left.map((r) => r.index)).toEqual([1, 2]);
    expect(leftLabel(1, left)).toBe(
      "Publicaste 1 producto. Falta completar 2 filas: fila 2, «Remera negra» (precio); fila 3, «Buzo» (stock).",
    );
    expect(leftLabel(0, left.slice(0, 1))).toBe("Falta completar 1 fila: fila 2, «Remera negra» (precio).");
    expect(rowsLeft([row()])).toEqual([]);
  });

  it("warns as the seller types with the parser's own words, and lets an empty price or name wait for publishing", () => {
    const ars = storeMoney("ARS", "es-AR");
    const centsInPesos = saidTyping(row({ price: "$ 15.000,50" }), ars);
    expect(centsInPesos.price).toBe((parsePrice("$ 15.000,50", ars) as { error: string }).error);
    expect(centsInPesos.price).toMatch(/sin centavos/);
    expect(saidTyping(row({ price: "12,5" }), ars).price).toBe((parsePrice("12,5", ars) as { error: string }).error);
    expect(typingErrors(row({ price: "", name: "" }), ars)).toEqual({});
    expect(said(row({ price: "" }), ars).price).toBe("Ponle un precio para publicarlo.");
    // In reais the same "12,5" is a price: twelve reais and fifty cents.
    expect(typingErrors(row({ price: "12,5" }), storeMoney("BRL", "pt-BR"))).toEqual({});
  });

  it("saves a draft's prices, sizes and stock without touching whether it is published, nor a name cleared to nothing", () => {
    expect(draftItem(row({ stock: "3, 2, 1" }))).toEqual({
      id: "p1",
      name: "Campera de jean",
      price: "12.500",
      sizes: [
        { name: "S", stock: 3 },
        { name: "M", stock: 2 },
        { name: "L", stock: 1 },
      ],
    });
    expect(draftItem(row({ name: " \u200b ", price: "" }))).toEqual({ id: "p1", price: "", sizes: expect.any(Array) });
  });
});

describe("a row's picture", () => {
  const photo = "/img/o/u1/foto.jpg";
  const generated = "/img/g/u1/anuncio.jpg";
  it("is the batch's generated picture, not the phone photo, while the seller chose no store images", () => {
    expect(rowPicture({ storeImageURLs: [], generatedImageUrl: null, imageUrl: photo }, generated)).toBe(generated);
    expect(rowPicture({ storeImageURLs: [generated], generatedImageUrl: generated, imageUrl: photo }, null)).toBe(generated);
  });

  it("is the store image the seller chose, even the phone photo, over a new generated picture", () => {
    expect(rowPicture({ storeImageURLs: [photo], generatedImageUrl: generated, imageUrl: photo }, generated)).toBe(photo);
  });

  it("is the phone photo only when nothing was generated", () => {
    expect(rowPicture({ storeImageURLs: [], generatedImageUrl: null, imageUrl: photo }, null)).toBe(photo);
  });
});
