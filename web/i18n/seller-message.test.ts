import { afterEach, describe, expect, it } from "vitest";
import { priceMessages } from "../../common/price";
import { storeMoney } from "../../common/store-money";
import { messages as english } from "./catalogues-en";
import { messages as portuguese } from "./catalogues-pt-BR";
import { sellerMessage } from "./seller-message";
import { i18n } from "./texts";

afterEach(() => i18n.activate("es"));

describe("sellerMessage: common's Spanish messages in the screens' language", () => {
  const brl = priceMessages(storeMoney("BRL", "pt-BR"));

  it("leaves Spanish as it is, byte for byte", () => {
    i18n.activate("es");
    expect(sellerMessage(brl.invalid)).toBe(brl.invalid);
    expect(sellerMessage(null)).toBeNull();
  });

  it("reads the translations from the language's own chunk, values carried over", () => {
    i18n.load("pt-BR", portuguese);
    i18n.activate("pt-BR");
    expect(sellerMessage(brl.invalid)).toBe("O preço não é válido: digite só números, por exemplo 1.299,50.");
    expect(sellerMessage("El precio no puede ser negativo.")).toBe("O preço não pode ser negativo.");
    i18n.load("en", english);
    i18n.activate("en");
    expect(sellerMessage(priceMessages(storeMoney("NGN", "en-NG")).noCents)).toBe(
      "Prices in naira have no cents: type, for example, 12,500.",
    );
    // A message the catalogue lacks stays readable in Spanish rather than empty.
    expect(sellerMessage("Un mensaje nuevo sin traducir.")).toBe("Un mensaje nuevo sin traducir.");
  });
});
