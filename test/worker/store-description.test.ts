import { describe, expect, it } from "vitest";
import { Browser } from "./browser";
import { addProducts, seller } from "./store-helpers";

describe("a product's description in the store (issue 14.8)", () => {
  it("shows on the product page as escaped text with its line breaks, and nowhere when empty", async () => {
    const { browser, username } = await seller();
    const [buzo, gorra] = await addProducts(browser, ["Buzo", "Gorra"]);
    const saved = await browser.json("POST", "/api/products/update-pricing", {
      products: [
        {
          id: buzo!.id,
          price: 20000,
          sizes: [],
          description: 'Frisa <script>alert("x")</script>\nLavar en frío & secar a la sombra',
          published: true,
        },
        { id: gorra!.id, price: 8000, sizes: [], published: true },
      ],
    });
    expect(saved.status).toBe(200);
    const page = await (await new Browser().request(`/u/${username}/p/${buzo!.id}`)).text();
    expect(page).toContain(
      '<p class="desc">Frisa &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;\nLavar en frío &#38; secar a la sombra</p>',
    );
    expect(page).not.toContain("<script>alert");
    const other = await (await new Browser().request(`/u/${username}/p/${gorra!.id}`)).text();
    expect(other).not.toContain('class="desc"');
  });
});
