import { describe, expect, it } from "vitest";
import { cartMessages } from "../../common/i18n";
import { cartTranslator } from "./i18n";

describe("the cart script's texts", () => {
  it("reads the compiled messages a page sends, through JSON, with plurals in the store's locale", () => {
    const sent = JSON.parse(JSON.stringify(cartMessages("pt-BR")));
    const t = cartTranslator("pt-BR", sent);
    expect(t("cart.openCount", { count: 3 })).toBe("Abrir carrinho (3 produtos)");
    expect(t("picker.titleFor", { product: "Camiseta" })).toBe("Escolha um tamanho para Camiseta");
    const ar = cartTranslator("es-AR", JSON.parse(JSON.stringify(cartMessages("es-AR"))));
    expect(ar("cart.noMoreStock")).toBe("No hay más stock de este talle.");
    expect(ar("cart.added", { product: "Remera" })).toBe("¡Producto «Remera» añadido al carrito!");
  });
});
