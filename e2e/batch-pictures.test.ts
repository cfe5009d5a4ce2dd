/**
 * The pictures a batch makes are the store's pictures, on a 390 px phone: after a batch, 'Poner precios y
 * publicar' and 'Publicar todos' on the real store (two zones, pick-up, three ways to pay), the pricing grid's
 * thumbnails and the public store's cards show the generated pictures, in view, not the phone photos.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { responsiveImage } from "../common/image-renditions";
import { realStoreCheckout } from "../test/fixtures/real-store";
import { GENERATION_MS, newPage, newSeller, signInTo, useChromium } from "./chromium";
import { uploadProduct } from "./journey-steps";
import { expectSeen, tap } from "./seen";

const chromium = useChromium();

interface BatchItem {
  productId: string | null;
  state: string;
  photoUrl: string | null;
  imageUrl: string | null;
}

/** Two pictures by the offline studio on a busy box, with room for a cold Worker. */
const BATCH_MS = 4 * GENERATION_MS;

/** The src an <img> of ours gets for a stored image's URL (its 540 px WebP rendition). */
const shownSrc = (imageUrl: string) => responsiveImage(imageUrl).src;

async function openRealStore(page: Page): Promise<string> {
  const opened = await page.request.post("/api/auth/mi-tienda", {
    data: { storeName: `Ropa Sur Lote ${String(Date.now()).slice(-6)}`, phoneNumber: "011 15 4000-1234", countryCode: "AR" },
  });
  expect(opened.status(), await opened.text()).toBeLessThan(300);
  const saved = await page.request.put("/api/checkout-settings", { data: realStoreCheckout({ freeFrom: "50.000" }) });
  expect(saved.status(), await saved.text()).toBe(200);
  return ((await opened.json()) as { user: { username: string } }).user.username;
}

describe("a batch's pictures", () => {
  it(
    "show in the pricing grid's thumbnails and on the public store once 'Publicar todos' publishes them",
    async () => {
      const seller = await newSeller("lote-fotos");
      const { context, page } = await newPage(chromium.browser, { mobile: true });
      await signInTo(page, seller);
      const username = await openRealStore(page);
      const photos = [];
      for (const [name, color] of [
        ["buzo-gris.jpg", "#6b7280"],
        ["pollera-negra.jpg", "#111827"],
      ] as const)
        photos.push(await uploadProduct(page, name, color));

      await page.goto("/lote");
      await tap(page.getByRole("button", { name: "Elegir todos" }));
      await page.getByTestId("batch-selected").filter({ hasText: "2 productos elegidos" }).waitFor();
      await tap(page.getByRole("button", { name: "Confirmar y generar (100 créditos)" }));
      await page.waitForURL(/\/lote\/[a-z0-9]+$/);
      const batchId = new URL(page.url()).pathname.split("/").pop()!;
      await page.getByText("Terminó. Revisa los nombres, ponles precio y publícalos.").waitFor({ timeout: BATCH_MS });
      const { batch } = (await (await page.request.get(`/api/batches/${batchId}`)).json()) as { batch: { items: BatchItem[] } };
      const made = batch.items.filter((item) => item.state === "done");
      expect(made).toHaveLength(2);

      // The grid's rows, in the batch's order, each with its generated picture.
      await tap(page.getByRole("link", { name: "Poner precios y publicar" }));
      await page.getByRole("heading", { name: "Precios del lote" }).waitFor();
      for (const [row, item] of made.entries()) {
        const thumbnail = page.getByRole("listitem", { name: `Fila ${row + 1}` }).locator("img");
        await expectSeen(thumbnail);
        expect(await thumbnail.getAttribute("src")).toBe(shownSrc(item.imageUrl!));
        expect(await thumbnail.getAttribute("src")).not.toBe(shownSrc(item.photoUrl!));
        await page.locator(`#fila-${row}-price`).fill("12.500");
        await page.locator(`#fila-${row}-sizes`).fill("S, M");
        await page.locator(`#fila-${row}-stock`).fill("3, 2");
      }
      await tap(page.getByRole("button", { name: "Publicar todos" }));
      await page.getByText("Publicaste 2 productos en tu tienda.").waitFor();

      // The public store shows each product with the picture the batch made, in view as the shopper scrolls.
      await page.goto(`/u/${username}`);
      for (const item of made) {
        const card = page.locator(`img[src="${shownSrc(item.imageUrl!)}"]`).first();
        await expectSeen(card);
        await card.evaluate((img: HTMLImageElement) => img.decode());
        expect(await card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      }
      for (const photo of photos) {
        const { product } = (await (await page.request.get(`/api/products/get/${photo.id}`)).json()) as {
          product: { storeImageURLs: string[]; imageUrl: string };
        };
        expect(await page.locator(`img[src="${shownSrc(product.imageUrl)}"]`).count()).toBe(0);
      }
      await context.close();
    },
    BATCH_MS + 120_000,
  );
});
