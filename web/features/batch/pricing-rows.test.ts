import { describe, expect, it } from "vitest";
import { STOCK_INVALID } from "../../../common/store";
import { fillDown, type GridRow, PRICE_REQUIRED, publishItem, rowErrors } from "./pricing-rows";

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
    expect(rowErrors(row({ price: "" })).price).toBe(PRICE_REQUIRED);
    expect(rowErrors(row({ price: "12,50" })).price).toBe("Los precios en pesos van sin centavos: escribe, por ejemplo, 12.500.");
    expect(rowErrors(row({ price: "1e5" })).price).toBe("El precio no es válido: escribe solo números, por ejemplo 12.500.");
    expect(rowErrors(row({ name: " \u200b " })).name).toBe("Ponle un nombre.");
    expect(rowErrors(row({ sizes: "S, M, s" })).sizes).toBe("Hay talles repetidos: s.");
    expect(rowErrors(row({ stock: "tres" })).stock).toBe(STOCK_INVALID);
    expect(rowErrors(row({ stock: "1.200" }))).toEqual({});
    // No sizes: no stock to check (one implicit size).
    expect(rowErrors(row({ sizes: "", stock: "x" }))).toEqual({});
  });

  it("fills sizes and stock down from the row above", () => {
    const rows = [row(), row({ id: "p2", sizes: "", stock: "" }), row({ id: "p3", sizes: "Único", stock: "1" })];
    expect(fillDown(rows, 1)[1]).toMatchObject({ id: "p2", sizes: "S, M, L", stock: "3" });
    expect(fillDown(rows, 0)).toEqual(rows);
  });
});
