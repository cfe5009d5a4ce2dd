import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SellerLanguage } from "../../../common/seller-language";
import { startSellerLanguage } from "../../i18n/language";
import { downloadFailed } from "../../lib/download";
import { CHILDREN_NOT_OFFERED } from "../../../common/image-providers";
import { formatFileSize } from "../../lib/compress";
import { audienceLabel } from "../../lib/store-models";
import { themeLabel } from "../../lib/theme";
import { priceLabel } from "../../ui/generation-choices";
import { faq } from "./help-dialog";
import { menuEntries } from "./menu-entries";
import { t as libText } from "../../lib/texts";
import libSource from "../../lib/texts/es";
import { t as uiText } from "../../ui/texts";
import uiSource from "../../ui/texts/es";
import { t } from "./texts";
import shellSource from "./texts/es";
import { TutorialDialog } from "./tutorial-dialog";
import { tutorialAdvance, tutorialSteps } from "./tutorial-steps";

/** The app's own start: the language's chunk loaded through web/i18n/catalogues.ts, then activated. */
async function readIn(language: SellerLanguage) {
  await startSellerLanguage(language);
}

const labels = () => menuEntries({ username: "mitienda" }, "desktop").map((entry) => entry.label);
const tutorial = () => renderToStaticMarkup(createElement(TutorialDialog, { open: true, focus: false, onClose: () => undefined }));

beforeEach(() => {
  // startSellerLanguage sets <html lang>; these tests run without a page.
  vi.stubGlobal("document", { documentElement: { lang: "" } });
});

afterEach(async () => {
  await readIn("es");
  vi.unstubAllGlobals();
});

describe("the app's frame in the seller's language", () => {
  it("stays in today's Spanish by default: menu, balance and new orders", async () => {
    await readIn("es");
    expect(document.documentElement.lang).toBe("es");
    expect(labels()).toEqual([
      "Productos",
      "Imágenes",
      "Mi Tienda",
      "Pedidos",
      "Estadísticas",
      "Cupones",
      "Comprar imágenes",
      "Configuración",
    ]);
    expect([1, 2, 37].map((count) => t("balanceImages", { count }))).toEqual(["1 imagen", "2 imágenes", "37 imágenes"]);
    expect(t("openMenuNewOrders", { count: 1 })).toBe("Abrir menú (1 pedido nuevo)");
    expect(t("openMenuNewOrders", { count: 4 })).toBe("Abrir menú (4 pedidos nuevos)");
    expect(faq("US$ 9,99")[4]!.a).toBe(
      "No. Puedes probarla gratis; el Plan Mi Tienda es un pago único de US$ 9,99 que quita el aviso 'Tienda en modo prueba'. Lo que vendes es todo tuyo.",
    );
    expect(tutorial()).toContain("Paso 1 de 4");
    expect(formatFileSize(1.44 * 1024 * 1024)).toBe("1,4 MB");
    // The client's copy of a message the Worker also says reads as the Worker's.
    expect(uiText("childrenNotOffered")).toBe(CHILDREN_NOT_OFFERED);
  });

  it("shows every Spanish message without values exactly as written (quotes and '…' included)", async () => {
    await readIn("es");
    const folders = [
      [shellSource, t],
      [uiSource, uiText],
      [libSource, libText],
    ] as const;
    for (const [source, text] of folders) {
      for (const [key, message] of Object.entries(source)) {
        if (!message.includes("{")) expect((text as (k: string) => string)(key), key).toBe(message);
      }
    }
  });

  it("reads Portuguese (Brazil) with its plurals and values in place", async () => {
    await readIn("pt-BR");
    expect(document.documentElement.lang).toBe("pt-BR");
    expect(labels()).toEqual([
      "Produtos",
      "Imagens",
      "Minha Loja",
      "Pedidos",
      "Estatísticas",
      "Cupons",
      "Comprar imagens",
      "Configurações",
    ]);
    expect([0, 1, 2, 1250].map((count) => t("balanceImages", { count }))).toEqual(["0 imagens", "1 imagem", "2 imagens", "1.250 imagens"]);
    expect(t("openMenuNewOrders", { count: 3 })).toBe("Abrir menu (3 pedidos novos)");
    expect(faq("R$ 49,90")[4]!.a).toContain("pagamento único de R$ 49,90 que tira o aviso");
    expect(tutorialSteps()[0]!.title).toBe("Envie a foto do seu produto");
    expect(tutorialAdvance(0).label).toBe("Próximo");
    expect(tutorialAdvance(3).label).toBe("Entendi");
    const card = tutorial();
    expect(card).toContain("Como usar a Vidriera");
    expect(card).toContain("Passo 1 de 4");
    expect(card).toContain('aria-label="Fechar"');
    // The shared components and the client's own messages come along in the same chunk.
    expect(priceLabel("pro")).toBe("2 imagens");
    expect(audienceLabel("boy")).toBe("Menino");
    expect(themeLabel("dark")).toBe("Escuro");
    expect(downloadFailed()).toBe("Não foi possível baixar a imagem.");
    expect(formatFileSize(1.44 * 1024 * 1024)).toBe("1,4 MB");
  });

  it("reads English with its plurals, numbers written as in Kenya and Nigeria", async () => {
    await readIn("en");
    expect(document.documentElement.lang).toBe("en");
    expect(labels()).toEqual(["Products", "Images", "My Store", "Orders", "Statistics", "Discount codes", "Buy images", "Settings"]);
    expect([1, 2, 1250].map((count) => t("balanceImages", { count }))).toEqual(["1 image", "2 images", "1,250 images"]);
    expect(t("openMenuNewOrders", { count: 1 })).toBe("Open menu (1 new order)");
    expect(t("socialProfile", { network: "Instagram" })).toBe("Vidriera on Instagram (opens in a new tab)");
    expect(faq("KSh 1,200")[4]!.a).toContain("one-off payment of KSh 1,200 that removes");
    expect(tutorialAdvance(3).label).toBe("Got it");
    expect(tutorial()).toContain("Step 1 of 4");
    expect(priceLabel("standard")).toBe("1 image");
    expect(themeLabel("system")).toBe("System");
    expect(formatFileSize(1.44 * 1024 * 1024)).toBe("1.4 MB");
  });
});
