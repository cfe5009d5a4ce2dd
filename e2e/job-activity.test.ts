import { describe, expect, it } from "vitest";
import { baseURL, drawImage, GENERATION_MS, newPage, newSeller, useChromium } from "./chromium";
import { creditsOf } from "./journey-steps";

/**
 * Issue 7, faults: a generation that failed while nobody watched (the tab was
 * closed) still shows its end: /home and /images say which one failed and why,
 * and the credits are back.
 */
const chromium = useChromium();

describe("a failed generation the seller did not watch", () => {
  it(
    "is shown with its Spanish message on /images and /home until the seller dismisses it",
    async () => {
      const seller = await newSeller(chromium.browser, "fallida");
      const { context, page } = await newPage(chromium.browser);
      await context.addCookies(seller.cookies);
      await page.goto("/home");

      // Over the studio pipeline's 8 MP limit: only a direct upload (not the app, which shrinks photos) gets here.
      const photo = await drawImage(page, { width: 4000, height: 2100, type: "image/png" });
      const headers = { origin: baseURL() };
      const upload = await context.request.post("/api/products/upload-images", {
        headers,
        multipart: { images: { name: "enorme.png", mimeType: "image/png", buffer: photo } },
      });
      expect(upload.status()).toBe(201);
      const [product] = ((await upload.json()) as { products: { id: string }[] }).products;
      await context.request.put("/api/products/update", { headers, data: { id: product!.id, name: "Vestido gigante" } });
      // Nobody waits on this answer in a screen: the request stands in for a tab closed mid-generation.
      const generation = await context.request.post(`/api/products/generate-ad/${product!.id}`, {
        headers,
        data: { includeModel: true },
        timeout: GENERATION_MS,
      });
      expect(generation.status()).toBe(422);
      const message = ((await generation.json()) as { error: string }).error;
      expect(message).toBe("La imagen es demasiado grande: el máximo es 8 megapíxeles. Te devolvimos los créditos.");

      await page.goto("/images");
      const failed = page.getByTestId("job-failed");
      await expect.poll(() => failed.count()).toBe(1);
      expect(await failed.textContent()).toContain("No se pudo generar: Imagen de frente de «Vestido gigante»");
      expect(await failed.textContent()).toContain(message);
      expect(await creditsOf(page)).toBe(500);
      await page.goto("/home");
      await expect.poll(() => page.getByTestId("job-failed").count()).toBe(1);

      await page.getByTestId("job-failed").getByRole("button", { name: "Entendido" }).click();
      await expect.poll(() => page.getByTestId("job-failed").count()).toBe(0);
      await page.goto("/images");
      await expect.poll(() => page.getByRole("heading", { name: "Galería de Imágenes Generadas" }).count()).toBe(1);
      expect(await page.getByTestId("job-failed").count()).toBe(0);
      await context.close();
    },
    GENERATION_MS * 2,
  );
});
