import { describe, expect, it } from "vitest";
import { browse, browseQuery, categoriesOf, cleanCategory } from "./store-browse";

const product = (name: string, category: string | null, price = 1000) => ({ name, category, price });

describe("categories", () => {
  it("are cleaned like product names: invisible, bidi and control characters go, and nothing but them is none", () => {
    expect(cleanCategory("Remeras\u200B")).toBe("Remeras");
    expect(cleanCategory("\u202ERemeras\u0000")).toBe("Remeras");
    expect(cleanCategory("  Gorros \u00A0 de\tlana ")).toBe("Gorros de lana");
    expect(cleanCategory("\u200B")).toBeNull();
    expect(cleanCategory("\u200B\uFEFF \u2060")).toBeNull();
    expect(cleanCategory("Bebe\u0301s")).toBe("Bebés");
  });

  it("one chip per category however it was saved, even before this cleaning; no empty chip", () => {
    const products = [
      product("Remera lisa", "Remeras"),
      product("Remera rayada", "Remeras\u200B"),
      product("Remera estampada", "\u202Eremeras"),
      product("Gorra", "\u200B"),
      product("Buzo", "Buzos\u0000"),
    ];
    expect(categoriesOf(products)).toEqual(["Remeras", "Buzos"]);
    const query = browseQuery(new URLSearchParams({ cat: "Remeras" }));
    expect(browse(products, query).items.map((p) => p.name)).toEqual(["Remera lisa", "Remera rayada", "Remera estampada"]);
  });
});
