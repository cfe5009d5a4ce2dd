import { describe, expect, it } from "vitest";
import { instagramText, whatsappShareUrl } from "./share-texts";

describe("the admin's share texts", () => {
  it("open WhatsApp with the store's name and address written out, for the seller to pick the chats", () => {
    const url = new URL(whatsappShareUrl("Moda Sur & Co", "https://vidriera.com.ar/u/modasur"));
    expect(url.origin + url.pathname).toBe("https://wa.me/");
    expect(url.searchParams.get("text")).toBe(
      "¡Hola! Te invito a ver Moda Sur & Co: elige lo que te gusta y pídelo por WhatsApp desde acá 👉 https://vidriera.com.ar/u/modasur",
    );
  });

  it("give Instagram a caption that ends in the address, where a bio or a link sticker takes it", () => {
    expect(instagramText("Moda Sur", "https://vidriera.com.ar/u/modasur")).toMatch(
      /^🛍️ Moda Sur .* https:\/\/vidriera\.com\.ar\/u\/modasur$/,
    );
  });
});
