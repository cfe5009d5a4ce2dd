import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { imageSource } from "../common/image-renditions";
import { drawImage, GENERATION_MS, newPage, registerInBrowser, useChromium } from "./chromium";
import { expectSeen, tap } from "./seen";

const chromium = useChromium();

describe("modifying keeps the original (issue 14.7)", () => {
  it(
    "on a phone: the modification takes the card's place, the preview shows before/after, and 'Restaurar original' brings it back",
    async () => {
      const { context, page } = await newPage(chromium.browser, { mobile: true });
      await registerInBrowser(page, "original");
      const buffer = await drawImage(page, { width: 600, height: 800, type: "image/jpeg" });
      const uploaded = await page.request.post("/api/products/upload-images", {
        multipart: { images: { name: "campera-verde.jpg", mimeType: "image/jpeg", buffer } },
      });
      const product = ((await uploaded.json()) as { products: { id: string; name: string }[] }).products[0]!;
      const generated = await page.request.post(`/api/products/generate-ad/${product.id}`, {
        data: { includeModel: false },
        timeout: GENERATION_MS,
      });
      expect(generated.status()).toBe(200);

      await page.goto("/images");
      const cards = page.getByTestId("gallery-card");
      await expect.poll(() => cards.count()).toBe(1);
      const card = cards.first();
      await expectSeen(card.getByText(product.name));
      expect(await card.getByTestId("gallery-kind").textContent()).toBe("Frente");
      // Compared as stored images: the card shows a rendition, the before/after the full image.
      const shown = async (img: Locator) => imageSource((await img.getAttribute("src"))!);
      const original = await shown(card.getByRole("img"));

      await tap(card.getByRole("button", { name: `Modificar imagen de ${product.name}` }));
      const modify = page.getByRole("dialog", { name: "Modificar imagen con IA" });
      await modify.getByLabel("Instrucciones para modificar").fill("fondo más claro");
      await tap(modify.getByRole("button", { name: "Modificar Imagen" }));
      await page.getByText("¡Imagen modificada con éxito!").waitFor({ timeout: GENERATION_MS });
      // Before and after, side by side, in the dialog.
      await expectSeen(modify.getByTestId("before-after"));
      expect(await shown(modify.getByRole("img", { name: `${product.name}, antes` }))).toBe(original);
      await tap(modify.getByRole("button", { name: "Cerrar" }));

      await expect.poll(() => card.getByTestId("gallery-kind").textContent()).toBe("Modificada");
      expect(await cards.count()).toBe(1);
      expect(await shown(card.getByRole("img"))).not.toBe(original);

      // A reload lists the modification only, still linked to its original.
      await page.reload();
      await expect.poll(() => card.getByTestId("gallery-kind").textContent()).toBe("Modificada");
      expect(await cards.count()).toBe(1);
      await tap(card.getByRole("button", { name: `Ver ${product.name} en grande` }));
      const preview = page.getByRole("dialog", { name: product.name });
      expect(await shown(preview.getByRole("img", { name: `${product.name}, antes` }))).toBe(original);
      await tap(preview.getByRole("button", { name: "Restaurar original" }));
      await page.getByText("Imagen original restaurada.").waitFor();
      await tap(preview.getByRole("button", { name: "Cerrar" }));
      await expect.poll(() => shown(card.getByRole("img"))).toBe(original);
      expect(await card.getByTestId("gallery-kind").textContent()).toBe("Frente");
      expect(await cards.count()).toBe(1);
      await context.close();
    },
    3 * GENERATION_MS,
  );
});
