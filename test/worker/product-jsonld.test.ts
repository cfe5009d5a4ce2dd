/**
 * The product page's schema.org data, read back as a search engine reads it: the JSON-LD block parsed from the
 * served HTML, checked field by field against what the store sells, in a Brazilian store with colours and
 * sizes (one sold out) and in an Argentine one without variants.
 */
import { describe, expect, it } from "vitest";
import { Browser } from "./browser";
import { addProducts, seller, setPricing } from "./store-helpers";

interface Offer {
  "@type": string;
  name?: string;
  sku?: string;
  price: string;
  priceCurrency: string;
  availability: string;
  url: string;
}

async function productPage(path: string) {
  const response = await new Browser().request(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** Every JSON-LD block of the page, parsed: a page with none, two, or one that is not JSON fails here. */
function jsonLd(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]!) as Record<string, unknown>;
}

const ogUrl = (html: string) => /<meta property="og:url" content="([^"]*)">/.exec(html)![1]!;

describe("a product page's JSON-LD", () => {
  it("describes a Brazilian product with one offer per colour and size, in reais, sold-out sizes out of stock", async () => {
    const s = await seller({ phoneNumber: "+55 11 98765-4321", countryCode: "BR", storeName: "Loja da Ana" });
    expect((await s.browser.json("PUT", "/api/store-locale", { currency: "BRL", locale: "pt-BR" })).status).toBe(200);
    const [product] = await addProducts(s.browser, ["Vestido floral"]);
    const priced = await setPricing(s.browser, [
      {
        id: product!.id,
        price: "129,90",
        published: true,
        colors: [
          {
            name: "Azul",
            sizes: [
              { name: "P", stock: 2 },
              { name: "M", stock: 0 },
            ],
          },
          { name: "Verde limão", sizes: [{ name: "P", stock: 1 }] },
        ],
      },
    ]);
    expect(priced.status, await priced.clone().text()).toBe(200);
    const saved = (await priced.json()) as { products: { id: string; code: string }[] };
    const code = saved.products.find((p) => p.id === product!.id)!.code;

    const html = await productPage(`/u/${s.username}/p/${product!.id}`);
    const data = jsonLd(html);
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("Product");
    expect(data.name).toBe("Vestido floral");
    expect(data.sku).toBe(code);
    expect(data.brand).toEqual({ "@type": "Brand", name: "Loja da Ana" });
    const images = data.image as string[];
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image).toMatch(/^https:\/\/vidriera\.test\/img\//);
      // A search engine fetches the picture: it must answer.
      expect((await new Browser().request(new URL(image).pathname)).status).toBe(200);
    }
    const offers = data.offers as Offer[];
    expect(offers.map((o) => [o.name, o.availability])).toEqual([
      ["Azul / P", "https://schema.org/InStock"],
      ["Azul / M", "https://schema.org/OutOfStock"],
      ["Verde limão / P", "https://schema.org/InStock"],
    ]);
    for (const offer of offers) {
      expect(offer["@type"]).toBe("Offer");
      expect(offer.price).toBe("129.90");
      expect(offer.priceCurrency).toBe("BRL");
      expect(offer.url).toBe(ogUrl(html));
      expect(offer.sku).toBe(`${code} ${offer.name}`);
    }
  });

  it("gives an Argentine product without variants one offer in whole pesos, and escapes what the seller typed", async () => {
    const s = await seller({ storeName: "Moda </script> Sur" });
    const [product] = await addProducts(s.browser, ["Campera"]);
    const renamed = await s.browser.json("PUT", "/api/products/update", {
      id: product!.id,
      name: 'Campera "rompevientos" </script><script>alert(1)</script>',
      description: "Impermeable, ideal para lluvia 🌧️",
    });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    expect((await setPricing(s.browser, [{ id: product!.id, price: "54.000" }])).status).toBe(200);

    const html = await productPage(`/u/${s.username}/p/${product!.id}`);
    expect(html).not.toContain("<script>alert(1)");
    const data = jsonLd(html);
    expect(data.name).toBe('Campera "rompevientos" </script><script>alert(1)</script>');
    expect(data.description).toBe("Impermeable, ideal para lluvia 🌧️");
    expect(data.brand).toEqual({ "@type": "Brand", name: "Moda </script> Sur" });
    const offer = data.offers as Offer;
    expect(offer).toEqual({
      "@type": "Offer",
      price: "54000",
      priceCurrency: "ARS",
      availability: "https://schema.org/InStock",
      url: ogUrl(html),
    });
  });

  it("calls a product out of stock when every size is sold out, and offers nothing before it has a price", async () => {
    const s = await seller();
    const [soldOut, unpriced] = await addProducts(s.browser, ["Buzo", "Gorro"]);
    expect((await setPricing(s.browser, [{ id: soldOut!.id, price: "25.000", sizes: [{ name: "Único", stock: 0 }] }])).status).toBe(200);
    const data = jsonLd(await productPage(`/u/${s.username}/p/${soldOut!.id}`));
    expect((data.offers as Offer).availability).toBe("https://schema.org/OutOfStock");

    // A product reaches its page only once published with a price, so an unpriced one has no page to describe.
    const hidden = await new Browser().request(`/u/${s.username}/p/${unpriced!.id}`);
    expect(hidden.status).toBe(404);
  });
});
