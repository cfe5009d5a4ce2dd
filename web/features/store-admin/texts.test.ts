import { afterEach, describe, expect, it } from "vitest";
import { COUNTRY_LOCALES, priceTip, sellerExamples, storeMoney } from "../../../common/store-locale";
import { ARS_MONEY } from "../../../common/store-money";
import { i18n, prefixed } from "../../i18n/texts";
import { t } from "./texts";
import portuguese from "./texts/pt-BR.ts?lingui";

const moneyOf = (code: string) => storeMoney(COUNTRY_LOCALES[code]!.currency, COUNTRY_LOCALES[code]!.locale);

afterEach(() => i18n.activate("es"));

describe("the store screens' texts", () => {
  it("say to an Argentine seller exactly what they said before the catalogues", () => {
    const ar = sellerExamples("AR", "es");
    expect(t("tipPrices", { ...priceTip(ARS_MONEY, "es") })).toBe(
      "Los precios van en pesos, sin centavos: escribe 12.500. Solo se ven en tu tienda los productos publicados con precio.",
    );
    expect(t("tipStock", { sizes: ar.sizes })).toBe(
      "Carga el stock de cada talle: los talles en 0 aparecen como 'Sin stock' y no se pueden pedir.",
    );
    expect(t("addressExample", { address: ar.address })).toBe("Ej: Av. Corrientes 1234, CABA");
    expect(t("zonesExample", { zones: ar.zones })).toBe("Ej: CABA, GBA Norte, Resto del país");
    expect(t("categoryPlaceholder", { example: ar.category })).toBe("Ej.: Remeras");
    expect(t("sizesAndStock", { sizes: ar.sizes })).toBe("Talles y stock");
    expect(t("addSize", { sizes: ar.sizes })).toBe("Agregar Talle");
    expect([1, 2].map((count) => t("sizesCount", { sizes: ar.sizes, count }))).toEqual(["(1 talle)", "(2 talles)"]);
    expect([0, 1, 3].map((count) => t("newOrders", { count }))).toEqual([
      "No tienes pedidos nuevos.",
      "Tienes 1 pedido nuevo.",
      "Tienes 3 pedidos nuevos.",
    ]);
    expect(t("featureStockText", { sizes: ar.sizes })).toBe(
      "Carga el stock de cada talle: lo agotado se muestra 'Sin stock' y no se puede pedir.",
    );
  });

  it("say 'talla' and write Mexican prices to a Mexican seller", () => {
    const mx = sellerExamples("MX", "es");
    expect(t("sizesAndStock", { sizes: mx.sizes })).toBe("Tallas y stock");
    expect(t("sizeGuides", { sizes: mx.sizes })).toBe("Guías de tallas");
    expect(t("noSizes", { sizes: mx.sizes })).toBe("Sin tallas: se vende como talla única.");
    expect(t("tipPrices", { ...priceTip(moneyOf("MX"), "es") })).toMatch(
      /^Los precios van en pesos, con los centavos después de un punto: escribe 1,299\.50\./,
    );
    expect(t("addressExample", { address: mx.address })).toBe("Ej: Av. Reforma 222, CDMX");
  });

  it("speak Brazilian Portuguese with Brazil's examples", () => {
    i18n.load("pt-BR", prefixed("store-admin", portuguese));
    i18n.activate("pt-BR");
    const br = sellerExamples("BR", "pt-BR");
    expect(t("tipPrices", { ...priceTip(moneyOf("BR"), "pt-BR") })).toMatch(
      /^Os preços são em reais, com os centavos depois de uma vírgula: escreva 1\.299,50\./,
    );
    expect(t("sizesAndStock", { sizes: br.sizes })).toBe("Tamanhos e estoque");
    expect(t("zonesExample", { zones: br.zones })).toBe("Ex.: São Paulo capital, Grande São Paulo, resto do país");
    expect(t("newOrders", { count: 2 })).toBe("Você tem 2 pedidos novos.");
  });
});
