import { describe, expect, it } from "vitest";
import type { Product } from "../../../common/product";
import { STOCK_INVALID } from "../../../common/store";
import {
  adminPrice,
  colorsOf,
  draftOf,
  isDirty,
  newColorDraft,
  newSizeDraft,
  pricingSummary,
  sizesProblem,
  storeImagesOf,
  toPricingItem,
} from "./store-drafts";

const product = (over: Partial<Product> = {}): Product => ({
  id: "p1",
  name: "Remera",
  imageURL: "/img/o/a.jpg",
  imageUrl: "/img/o/a.jpg",
  originalImageUrl: "/img/o/a.jpg",
  generatedImageUrl: null,
  description: null,
  price: null,
  sizes: [],
  colors: [],
  storeImageURLs: [],
  published: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  createdBy: "u1",
  ...over,
});

describe("pricing drafts", () => {
  it("start from the product: no price is an empty field, the store shows the original photo", () => {
    const draft = draftOf(product({ price: 0, sizes: [{ name: "M", stock: 2 }] }));
    expect(draft.price).toBe("");
    expect(draft.sizes.map((s) => [s.name, s.stock])).toEqual([["M", "2"]]);
    expect(draft.storeImageURLs).toEqual(["/img/o/a.jpg"]);
    expect(storeImagesOf(product({ imageURL: null }))).toEqual([]);
  });

  it("become the API's payload: the price as typed (the Worker parses it), parsed stock, trimmed names, no temporary keys", () => {
    const p = product();
    const draft = { ...draftOf(p), price: "-4", sizes: [newSizeDraft(" S ", ""), newSizeDraft("M", "1.200")] };
    expect(toPricingItem(p, draft)).toEqual({
      id: "p1",
      price: "-4",
      sizes: [
        { name: "S", stock: 0 },
        { name: "M", stock: 1200 },
      ],
    });
    expect(toPricingItem(p, { ...draft, price: " $ 12.500 " }).price).toBe("$ 12.500");
    // The images go only once the seller chose some.
    expect(toPricingItem(p, { ...draft, storeImageURLs: ["/img/g/b.jpg"] }).storeImageURLs).toEqual(["/img/g/b.jpg"]);
    const chosen = product({ storeImageURLs: ["/img/g/b.jpg"] });
    expect(toPricingItem(chosen, draftOf(chosen)).storeImageURLs).toEqual(["/img/g/b.jpg"]);
  });

  it("know when there is something to save", () => {
    const p = product({ price: 100, sizes: [{ name: "M", stock: 2 }] });
    const draft = draftOf(p);
    expect(isDirty(p, draft)).toBe(false);
    // The same pesos typed another way is no change; a price that does not parse is one (the save says why).
    expect(isDirty(p, { ...draft, price: "$ 100" })).toBe(false);
    expect(isDirty(p, { ...draft, price: "100,50" })).toBe(true);
    expect(isDirty(p, { ...draft, price: "150" })).toBe(true);
    expect(isDirty(p, { ...draft, sizes: [...draft.sizes, newSizeDraft()] })).toBe(true);
    expect(isDirty(p, { ...draft, sizes: [{ ...draft.sizes[0]!, stock: "3" }] })).toBe(true);
    expect(isDirty(p, { ...draft, storeImageURLs: ["/img/g/b.jpg"] })).toBe(true);
  });

  it("refuse blank or repeated size names before sending", () => {
    const draft = draftOf(product());
    expect(sizesProblem({ ...draft, sizes: [newSizeDraft("S"), newSizeDraft(" ")] })).toBe("Completa el nombre de cada talle.");
    expect(sizesProblem({ ...draft, sizes: [newSizeDraft("S"), newSizeDraft("s ")] })).toBe("Hay talles repetidos en un producto.");
    expect(sizesProblem({ ...draft, sizes: [newSizeDraft("S"), newSizeDraft("M")] })).toBeNull();
    // A stock that is not a whole number is said before sending, as the Worker would refuse it.
    for (const stock of ["2.7", "1e9", "5abc"]) {
      expect(sizesProblem({ ...draft, sizes: [newSizeDraft("S", stock)] })).toBe(STOCK_INVALID);
    }
    expect(sizesProblem({ ...draft, sizes: [newSizeDraft("S", "1.200")] })).toBeNull();
  });

  it("sum up the tiles: products, with price, with sizes, total stock", () => {
    const drafts = [
      { price: "100", sizes: [newSizeDraft("S", "2"), newSizeDraft("M", "3")], storeImageURLs: [] },
      { price: "", sizes: [], storeImageURLs: [] },
      { price: "0", sizes: [newSizeDraft("U", "-1")], storeImageURLs: [] },
    ];
    expect(pricingSummary(drafts)).toEqual({ total: 3, withPrice: 1, withSizes: 2, stock: 5 });
  });

  it("leave an empty admin price out", () => {
    expect(adminPrice("")).toBeUndefined();
    expect(adminPrice("  ")).toBeUndefined();
    expect(adminPrice(" 12.500 ")).toBe("12.500");
    expect(adminPrice("abc")).toBe("abc");
  });
});

describe("colour drafts", () => {
  const coloured = product({
    price: 12500,
    storeImageURLs: ["/img/g/negro.jpg", "/img/g/blanco.jpg"],
    sizes: [
      { name: "S", stock: 1 },
      { name: "M", stock: 5 },
    ],
    colors: [
      {
        name: "Negro",
        image: "/img/g/negro.jpg",
        sizes: [
          { name: "S", stock: 1 },
          { name: "M", stock: 3 },
        ],
      },
      { name: "Blanco", image: null, sizes: [{ name: "M", stock: 2 }] },
    ],
  });

  it("list the sizes once and keep each colour's stock of them (a size a colour lacks is 0), saving back the same", () => {
    const draft = draftOf(coloured);
    expect(draft.sizes.map((s) => s.name)).toEqual(["S", "M"]);
    expect(colorsOf(draft)).toEqual([
      {
        name: "Negro",
        image: "/img/g/negro.jpg",
        sizes: [
          { name: "S", stock: 1 },
          { name: "M", stock: 3 },
        ],
      },
      {
        name: "Blanco",
        image: null,
        sizes: [
          { name: "S", stock: 0 },
          { name: "M", stock: 2 },
        ],
      },
    ]);
    expect(isDirty(coloured, draft)).toBe(false);
    expect(pricingSummary([draft]).stock).toBe(6);
  });

  it("notice a colour's stock change, send colours whenever the product has or had some, and drop a picture taken out of the store", () => {
    const draft = draftOf(coloured);
    const m = draft.sizes[1]!.key;
    const changed = { ...draft, colors: draft.colors!.map((c) => (c.name === "Blanco" ? { ...c, stock: { ...c.stock, [m]: "4" } } : c)) };
    expect(isDirty(coloured, changed)).toBe(true);
    expect(toPricingItem(coloured, changed).colors![1]!.sizes).toEqual([
      { name: "S", stock: 0 },
      { name: "M", stock: 4 },
    ]);
    expect(toPricingItem(coloured, { ...draft, colors: [] }).colors).toEqual([]);
    expect(toPricingItem(product({ price: 1 }), draftOf(product({ price: 1 }))).colors).toBeUndefined();
    expect(colorsOf({ ...draft, storeImageURLs: ["/img/g/blanco.jpg"] })[0]!.image).toBeNull();
  });

  it("refuse a colour without a name or two with one name", () => {
    const draft = draftOf(coloured);
    expect(sizesProblem({ ...draft, colors: [...draft.colors!, newColorDraft(" ")] })).toBe("Completa el nombre de cada color.");
    expect(sizesProblem({ ...draft, colors: [...draft.colors!, newColorDraft("negro ")] })).toBe("Hay colores repetidos en un producto.");
  });
});
