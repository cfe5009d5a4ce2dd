import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GRID_IMAGE_SIZES, ProductImage } from "./product-image";

const KEY = `g/${"Ab3_-".repeat(8)}xyz.jpg`;
const html = (props: Parameters<typeof ProductImage>[0]) => renderToStaticMarkup(createElement(ProductImage, props));
const attr = (markup: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(markup)?.[1];

describe("the app's grid images", () => {
  it("give a stored image its WebP renditions in srcset, the grid's sizes and a 4:5 box", () => {
    const img = html({ url: `/img/${KEY}` });
    const stem = `g/${"Ab3_-".repeat(8)}xyz-jpg.webp`;
    expect(attr(img, "src")).toBe(`/img/r/540/${stem}`);
    expect(attr(img, "srcSet")).toBe(
      `/img/r/360/${stem} 360w, /img/r/540/${stem} 540w, /img/r/720/${stem} 720w, /img/r/1080/${stem} 1080w`,
    );
    expect(attr(img, "sizes")).toBe(GRID_IMAGE_SIZES);
    expect([attr(img, "width"), attr(img, "height")]).toEqual(["1080", "1350"]);
    expect(attr(img, "loading")).toBe("lazy");
    expect(attr(img, "fetchPriority")).toBeUndefined();
  });

  it("load the first card eagerly with high priority", () => {
    const img = html({ url: `/img/${KEY}`, eager: true });
    expect(attr(img, "fetchPriority")).toBe("high");
    expect(attr(img, "loading")).toBeUndefined();
  });

  it("leave an image that is not ours (a local preview, a Google photo) as it is, without srcset", () => {
    for (const url of ["blob:https://vidriera.test/1f2e", "https://lh3.googleusercontent.com/a/photo.jpg", "/img/not-a-key.jpg"]) {
      const img = html({ url });
      expect(attr(img, "src")).toBe(url);
      expect(attr(img, "srcSet")).toBeUndefined();
      expect(attr(img, "sizes")).toBeUndefined();
    }
  });
});
