/**
 * 'Modelo de mi tienda' (issue 13.5) on a phone: a generated image kept as the
 * store's model shows in /settings and in the product drawer, and is removed.
 */
import { describe, expect, it } from "vitest";
import { GENERATION_MS, newPage, signInTo, useChromium, useSeller } from "./chromium";
import { uploadProduct, waitForGeneratedImage } from "./journey-steps";

const chromium = useChromium();
const seller = useSeller(chromium, "modelo-tienda");

describe("'Modelo de mi tienda' at 390 px", () => {
  it(
    "generates an image, keeps it as the store's model, sees it in /settings and the drawer, and removes it",
    async () => {
      const { context, page } = await newPage(chromium.browser, { mobile: true });
      await signInTo(page, seller, "/home");
      const product = await uploadProduct(page, "remera-añil.jpg", "#3f51b5");
      await page.reload();

      // The drawer, adult model: no store model yet.
      await page.getByRole("button", { name: product.name, exact: true }).click();
      const drawer = page.getByRole("dialog", { name: product.name, exact: true });
      const panel = drawer.getByTestId("store-model-adult");
      await panel.getByText("Sin modelo para Adulto", { exact: false }).waitFor();
      await drawer.getByRole("button", { name: "Generar 1 imagen" }).click();

      // The result: 'Usar como modelo de mi tienda' keeps it for Adulto.
      const result = page.getByRole("dialog", { name: `Resultado: ${product.name}` });
      await waitForGeneratedImage(result, product.name);
      const keep = result.getByRole("button", { name: "Usar como modelo de mi tienda" });
      const kept = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith("/api/store-models/adult"));
      await keep.click();
      expect((await kept).status()).toBe(200);
      await result.getByRole("button", { name: "Es el modelo de tu tienda (Adulto)" }).waitFor();
      const keepBox = (await result.getByRole("button", { name: "Es el modelo de tu tienda (Adulto)" }).boundingBox())!;
      expect(keepBox.height).toBeGreaterThanOrEqual(44);
      await result.getByRole("button", { name: "Cerrar" }).click();
      await result.waitFor({ state: "hidden" });

      // The drawer now shows its thumbnail, with 'Cambiar' and 'Quitar'.
      if (!(await drawer.isVisible())) await page.getByRole("button", { name: product.name, exact: true }).click();
      const thumbnail = panel.getByRole("img", { name: "Modelo de tu tienda para Adulto" });
      await thumbnail.waitFor();
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      for (const name of ["Cambiar", "Quitar"]) {
        const box = (await panel.getByRole("button", { name, exact: true }).boundingBox())!;
        expect(box.height, name).toBeGreaterThanOrEqual(44);
      }
      // Other audiences have none.
      await drawer.getByRole("radio", { name: "Bebé", exact: true }).check();
      await drawer.getByTestId("store-model-baby").getByText("Sin modelo para Bebé", { exact: false }).waitFor();
      await drawer.getByRole("button", { name: "Cerrar" }).click();

      // /settings lists it under Adulto, and the empty state for the rest.
      await page.goto("/settings");
      const section = page.getByRole("region", { name: "Modelo de mi tienda", exact: true });
      await section.waitFor();
      const adult = section.getByTestId("store-model-adult");
      await adult.getByRole("img", { name: "Modelo de tu tienda para Adulto" }).waitFor();
      for (const [audience, label] of [
        ["baby", "Bebé"],
        ["boy", "Niño"],
        ["girl", "Niña"],
      ]) {
        await section.getByTestId(`store-model-${audience}`).getByText(`Sin modelo para ${label}`, { exact: false }).waitFor();
      }
      // 'Cambiar' opens the seller's images that fit; the kept one is marked.
      await adult.getByRole("button", { name: "Cambiar", exact: true }).click();
      const choices = adult.getByRole("list", { name: "Tus imágenes para el modelo Adulto" });
      await choices.waitFor();
      expect(await choices.getByRole("button", { pressed: true }).count()).toBe(1);

      // 'Quitar' removes it: the empty state comes back, and the server agrees.
      const removed = page.waitForResponse((r) => r.request().method() === "DELETE" && r.url().endsWith("/api/store-models/adult"));
      await adult.getByRole("button", { name: "Quitar", exact: true }).click();
      expect((await removed).status()).toBe(200);
      await adult.getByText("Sin modelo para Adulto", { exact: false }).waitFor();
      const listed = (await (await page.request.get("/api/store-models")).json()) as { models: unknown[] };
      expect(listed.models).toEqual([]);

      // And the drawer says so too.
      await page.goto("/home");
      await page.getByRole("button", { name: product.name, exact: true }).click();
      await drawer.getByTestId("store-model-adult").getByText("Sin modelo para Adulto", { exact: false }).waitFor();
      await context.close();
    },
    GENERATION_MS * 3,
  );
});
