import { describe, expect, it } from "vitest";
import { instagramText, whatsappShareUrl } from "./share-texts";

const text = (url: string) => new URL(url).searchParams.get("text");

describe("the admin's share texts", () => {
  it("open WhatsApp with the store's name and address written out, for the seller to pick the chats", () => {
    const url = new URL(whatsappShareUrl("Moda Sur & Co", "https://vidriera.com.ar/u/modasur", "es-AR"));
    expect(url.origin + url.pathname).toBe("https://wa.me/");
    expect(url.searchParams.get("text")).toBe(
      "¡Hola! Te invito a ver Moda Sur & Co: elige lo que te gusta y pídelo por WhatsApp desde acá 👉 https://vidriera.com.ar/u/modasur",
    );
  });

  it("give Instagram a caption that ends in the address, where a bio or a link sticker takes it", () => {
    expect(instagramText("Moda Sur", "https://vidriera.com.ar/u/modasur", "es-AR")).toBe(
      "🛍️ Moda Sur ya tiene tienda online: mira los productos, arma tu pedido y envíalo por WhatsApp. https://vidriera.com.ar/u/modasur",
    );
  });

  it("are written in the store's shoppers' language, from the same catalogues as the store's pages", () => {
    const link = "https://vidriera.com.ar/u/modasul";
    expect(text(whatsappShareUrl("Moda Sul", link, "pt-BR"))).toBe(
      `Olá! Venha conhecer a Moda Sul: escolha o que gostar e peça pelo WhatsApp por aqui 👉 ${link}`,
    );
    expect(instagramText("Moda Sul", link, "pt-BR")).toBe(
      `🛍️ Moda Sul agora tem loja online: veja os produtos, monte seu pedido e envie pelo WhatsApp. ${link}`,
    );
    expect(text(whatsappShareUrl("Nairobi Threads", link, "en-KE"))).toBe(
      `Hi! Come and see Nairobi Threads: choose what you like and order it on WhatsApp from here 👉 ${link}`,
    );
  });
});
