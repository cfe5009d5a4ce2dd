import { describe, expect, it } from "vitest";
import type { Product } from "../../../common/product";
import { withoutProduct, withUpdatedProduct } from "./edit-product-dialog";

function product(id: string, overrides: Partial<Product> = {}): Product {
  const url = `/img/o/${id}.jpg`;
  return {
    id,
    name: `Producto ${id}`,
    imageURL: url,
    imageUrl: url,
    originalImageUrl: url,
    generatedImageUrl: null,
    description: null,
    price: null,
    sizes: [],
    colors: [],
    storeImageURLs: [],
    published: false,
    createdAt: "2025-01-01T00:00:00.000Z",
    createdBy: "u1",
    ...overrides,
  };
}

describe("product list after an edit (spec section 4)", () => {
  it("renames only the matching product and keeps its place", () => {
    const list = [product("a"), product("b"), product("c")];
    const next = withUpdatedProduct(list, { ...product("b"), name: "Remera roja" })!;
    expect(next.map((p) => p.name)).toEqual(["Producto a", "Remera roja", "Producto c"]);
    expect(next[0]).toBe(list[0]);
  });

  it("changes the image only when the server answers one", () => {
    const list = [product("a", { price: 1500 })];
    const withNewImage = withUpdatedProduct(
      list,
      product("a", { imageUrl: "/img/o/new.jpg", imageURL: "/img/o/new.jpg", originalImageUrl: "/img/o/new.jpg" }),
    )!;
    expect(withNewImage[0]).toMatchObject({ imageUrl: "/img/o/new.jpg", imageURL: "/img/o/new.jpg", price: 1500 });
    const withoutImage = withUpdatedProduct(list, product("a", { name: "Otro", imageUrl: null, imageURL: null, originalImageUrl: null }))!;
    expect(withoutImage[0]).toMatchObject({ name: "Otro", imageUrl: "/img/o/a.jpg" });
  });

  it("removes a deleted product", () => {
    expect(withoutProduct([product("a"), product("b")], "a")!.map((p) => p.id)).toEqual(["b"]);
  });

  it("leaves an unloaded list unloaded", () => {
    expect(withUpdatedProduct(undefined, product("a"))).toBeUndefined();
    expect(withoutProduct(undefined, "a")).toBeUndefined();
  });
});
