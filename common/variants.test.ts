import { describe, expect, it } from "vitest";
import { combinedSizes, isSoldOut, onlyChoice, sizesIn, stockLeft, variantLabel, type Variants } from "./variants";

const remera: Variants = {
  sizes: [],
  colors: [
    {
      name: "Negro",
      image: "/img/g/negro.jpg",
      sizes: [
        { name: "S", stock: 2 },
        { name: "M", stock: 0 },
      ],
    },
    {
      name: "Blanco",
      image: null,
      sizes: [
        { name: "M", stock: 3 },
        { name: "L", stock: 1 },
      ],
    },
  ],
};
remera.sizes = combinedSizes(remera.colors);

describe("colours and sizes", () => {
  it("keeps stock per colour and size; the product's sizes add the colours up", () => {
    expect(stockLeft(remera, "Negro", "S")).toBe(2);
    expect(stockLeft(remera, "Negro", "M")).toBe(0);
    expect(stockLeft(remera, "Blanco", "M")).toBe(3);
    expect(stockLeft(remera, "Negro", "L")).toBeNull();
    expect(stockLeft(remera, "Rojo", "S")).toBeNull();
    expect(stockLeft(remera, null, "S")).toBeNull();
    expect(remera.sizes).toEqual([
      { name: "S", stock: 2 },
      { name: "M", stock: 3 },
      { name: "L", stock: 1 },
    ]);
    expect(sizesIn(remera, "Blanco")!.map((s) => s.name)).toEqual(["M", "L"]);
  });

  it("treats a product without colours as one implicit colour, as before", () => {
    const basic: Variants = { sizes: [{ name: "S", stock: 1 }], colors: [] };
    expect(stockLeft(basic, null, "S")).toBe(1);
    expect(stockLeft(basic, "Negro", "S")).toBeNull();
    expect(stockLeft({ sizes: [], colors: [] }, null, null)).toBe(Infinity);
    expect(stockLeft({ sizes: [], colors: [{ name: "Rojo", image: null, sizes: [] }] }, "Rojo", null)).toBe(Infinity);
  });

  it("is sold out only when every combination is", () => {
    expect(isSoldOut(remera)).toBe(false);
    expect(isSoldOut({ ...remera, colors: remera.colors.map((c) => ({ ...c, sizes: c.sizes.map((s) => ({ ...s, stock: 0 })) })) })).toBe(
      true,
    );
    expect(isSoldOut({ sizes: [], colors: [] })).toBe(false);
    expect(isSoldOut({ sizes: [{ name: "S", stock: 0 }], colors: [] })).toBe(true);
  });

  it("names a line with what was chosen", () => {
    expect(variantLabel("Remera", "Negro", "M")).toBe("Remera (Color: Negro, Talle: M)");
    expect(variantLabel("Gorra", "Rojo", null)).toBe("Gorra (Color: Rojo)");
    expect(variantLabel("Remera", null, "S")).toBe("Remera (Talle: S)");
    expect(variantLabel("Bolso", undefined, null)).toBe("Bolso");
  });
});

describe("the only choice, made for the shopper", () => {
  it("leaves two colours in stock to choose, picks the one colour left and its one size in stock", () => {
    expect(onlyChoice(remera)).toEqual({ color: undefined, size: undefined });
    const negroGone = { ...remera, colors: [{ ...remera.colors[0]!, sizes: [{ name: "S", stock: 0 }] }, remera.colors[1]!] };
    // Blanco is the one colour left; it has two sizes in stock, so the size is still the shopper's.
    expect(onlyChoice(negroGone)).toEqual({ color: "Blanco", size: undefined });
    const oneSize = {
      ...negroGone,
      colors: [
        negroGone.colors[0]!,
        {
          ...remera.colors[1]!,
          sizes: [
            { name: "M", stock: 0 },
            { name: "L", stock: 1 },
          ],
        },
      ],
    };
    expect(onlyChoice(oneSize)).toEqual({ color: "Blanco", size: "L" });
  });

  it("a product without colours: its one size in stock, or nothing to choose without sizes", () => {
    expect(
      onlyChoice({
        colors: [],
        sizes: [
          { name: "S", stock: 0 },
          { name: "M", stock: 4 },
        ],
      }),
    ).toEqual({ color: null, size: "M" });
    expect(
      onlyChoice({
        colors: [],
        sizes: [
          { name: "S", stock: 1 },
          { name: "M", stock: 4 },
        ],
      }),
    ).toEqual({ color: null, size: undefined });
    expect(onlyChoice({ colors: [], sizes: [] })).toEqual({ color: null, size: null });
    expect(onlyChoice({ colors: [{ name: "Rojo", image: null, sizes: [] }], sizes: [] })).toEqual({ color: "Rojo", size: null });
  });
});
