import { describe, expect, it } from "vitest";
import { creditsShown, GENERATION_MS, newPage, newSeller, useChromium } from "./chromium";
import { creditsOf, uploadProduct } from "./journey-steps";
import { expectSeen, tap } from "./seen";

/**
 * Issue 7, faults: the seller closes the tab while an image is being made.
 * The job runs on in its Durable Object; coming back, the charge is there
 * once and the image is in the gallery.
 */
const chromium = useChromium();

describe("closing the tab during a generation", () => {
  it(
    "charges once, and the image is in /images when the seller comes back",
    async () => {
      const seller = await newSeller("pestana");
      const { context, page } = await newPage(chromium.browser);
      await context.addCookies(seller.cookies);
      await page.goto("/home");
      const product = await uploadProduct(page, "campera-verde.jpg", "#16a34a");
      await page.reload();
      expect(await creditsOf(page)).toBe(500);

      await tap(page.getByRole("button", { name: product.name, exact: true }));
      const drawer = page.getByRole("dialog", { name: product.name, exact: true });
      let answered = false;
      page.on("response", (r) => {
        if (r.url().includes("/api/products/generate-ad/")) answered = true;
      });
      const sent = page.waitForRequest((r) => r.url().includes("/api/products/generate-ad/"));
      await tap(drawer.getByRole("button", { name: "Generar 1 imagen" }));
      await sent;
      await page.close();
      // Closed before the answer: the browser dropped the request, not the other way round.
      expect(answered).toBe(false);

      // --- Back in a new tab ---
      const again = await context.newPage();
      await again.goto("/home");
      await expect.poll(() => creditsOf(again), { timeout: GENERATION_MS }).toBe(450);
      await expect.poll(() => creditsShown(again)).toBe("9 imágenes");

      await tap(again.getByRole("link", { name: "Imágenes", exact: true }));
      await expectSeen(again.getByRole("heading", { name: "Galería de Imágenes Generadas" }));
      const cards = again.getByTestId("gallery-card");
      // The gallery does not follow jobs by itself: the seller reloads until it is there.
      await expect
        .poll(
          async () => {
            await again.reload();
            await expectSeen(again.getByRole("heading", { name: "Galería de Imágenes Generadas" }));
            await cards
              .or(again.getByText("No hay imágenes", { exact: true }))
              .first()
              .waitFor();
            return cards.count();
          },
          { timeout: GENERATION_MS, interval: 1000 },
        )
        .toBe(1);
      const card = cards.first();
      await expectSeen(card.getByText(product.name));
      await expect.poll(() => card.getByRole("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

      // Nothing more happens later: no second charge, no refund, no second image. Later is once no job of the
      // seller runs any more (its object settled it and dropped its alarms): nothing is left to act.
      await expect
        .poll(async () => {
          const { jobs } = (await (await again.request.get("/api/jobs")).json()) as { jobs: { status: string }[] };
          return jobs.filter((job) => job.status === "running").length;
        })
        .toBe(0);
      await again.reload();
      await expectSeen(cards.first());
      expect(await cards.count()).toBe(1);
      expect(await creditsOf(again)).toBe(450);
      expect(await creditsShown(again)).toBe("9 imágenes");
      await context.close();
    },
    3 * GENERATION_MS,
  );
});
