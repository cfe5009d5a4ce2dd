/**
 * A whole catalogue at once, on a 390 px phone: photos picked from the
 * gallery become products, one look for all, the price before confirming,
 * the batch followed to its end through a closed tab, its drafted names
 * edited in the pricing grid and everything published with prices typed as
 * sellers type them. A second app instance with a slow gate (one picture at a
 * time, two a minute) leaves pictures waiting, to cancel them.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startLocalApp } from "../scripts/local-app.ts";
import { creditsShown, drawImage, GENERATION_MS, newPage, newSeller, signInTo, useChromium } from "./chromium";
import { expectClean } from "./axe";
import { creditsOf, uploadProduct } from "./journey-steps";

const chromium = useChromium();

/** Ten pictures by the offline studio on a busy box, with room for a cold Worker. */
const BATCH_MS = 4 * GENERATION_MS;

const COLOURS = ["#2563eb", "#dc2626", "#16a34a", "#111827", "#2563eb", "#dc2626", "#16a34a", "#111827", "#2563eb", "#dc2626"];
const NAMES = [
  "campera-jean.jpg",
  "IMG_20261103_104512.jpg",
  "IMG_20261103_104530.jpg",
  "IMG_20261103_104541.jpg",
  "remera-basica.jpg",
  "IMG_20261103_104602.jpg",
  "IMG_20261103_104615.jpg",
  "IMG_20261103_104629.jpg",
  "IMG_20261103_104640.jpg",
  "IMG_20261103_104655.jpg",
];

async function photos(page: Page) {
  const files = [];
  for (const [i, name] of NAMES.entries()) {
    const buffer = await drawImage(page, { width: 480, height: 600, type: "image/jpeg", color: COLOURS[i] });
    files.push({ name, mimeType: "image/jpeg", buffer });
  }
  return files;
}

interface Product {
  name: string;
  price: number | null;
  published: boolean;
  sizes: { name: string; stock: number }[];
}

async function productsOf(page: Page): Promise<Product[]> {
  const { user } = (await (await page.request.get("/api/auth/profile")).json()) as { user: { id: string } };
  return ((await (await page.request.get(`/api/products/list/${user.id}`)).json()) as { products: Product[] }).products;
}

/**
 * Served by workerd alone (startLocalApp fromBuild), the closer stand-in for the deployed Worker: under
 * `vite preview`, whose proxy reaches workerd through a pool of kept-alive sockets, requests made while the
 * studio renders a batch on the isolate's one thread now and then fail with "fetch failed" (a 500 from the
 * proxy, never from the Worker), and a test would be about the proxy.
 */
function useApp(name: string, vars: Record<string, string> = {}) {
  const app = {} as { baseURL: string; stop: () => void };
  beforeAll(async () => {
    Object.assign(app, await startLocalApp(mkdtempSync(join(tmpdir(), name)), { fromBuild: inject("buildDir"), vars }));
  });
  afterAll(() => app.stop?.());
  return app;
}

describe("a batch on a phone", () => {
  const app = useApp("vidriera-lote-");

  it(
    "ten photos, one look, the price first, followed to its end through a closed tab, then named, priced and published",
    async () => {
      const seller = await newSeller(chromium.browser, "lote", app.baseURL);
      const { context, page } = await newPage(chromium.browser, { mobile: true, baseURL: app.baseURL });
      await signInTo(page, seller);
      await page.getByRole("link", { name: "Subir muchas fotos y generar en lote" }).click();
      await page.getByRole("heading", { name: "Generar en lote" }).waitFor();

      // A file that is not a photo is refused by its name, and nothing is sent.
      const files = await photos(page);
      const input = page.getByTestId("batch-photos");
      await input.setInputFiles([{ name: "roto.jpg", mimeType: "image/jpeg", buffer: Buffer.from("esto no es una foto") }, files[0]!]);
      await page.getByRole("alert").filter({ hasText: "«roto.jpg» no es una foto que podamos abrir." }).waitFor();
      expect(await productsOf(page)).toHaveLength(0);

      await input.setInputFiles(files);
      await page.getByTestId("batch-selected").filter({ hasText: "10 productos elegidos" }).waitFor();
      await expectClean(page, "/lote with ten photos chosen");
      expect((await productsOf(page)).map((p) => p.name).sort()).toContain("Campera jean");

      // One look for all of them, with the drawer's rules: the back view of an adult model.
      await page.getByRole("radio", { name: "Detrás", exact: true }).check();
      expect(await page.getByRole("radio", { name: "Detrás", exact: true }).isChecked()).toBe(true);
      // The price before confirming, from the function the Worker charges with.
      expect(await page.getByTestId("batch-price").textContent()).toBe("10 imágenes · 500 créditos");
      expect(await creditsShown(page)).toBe("10 imágenes");
      await page.getByRole("button", { name: "Confirmar y generar (500 créditos)" }).click();
      await page.waitForURL(/\/lote\/[a-z0-9]+$/);
      const batchUrl = new URL(page.url()).pathname;
      await page.getByRole("progressbar", { name: "Progreso del lote" }).waitFor();
      // Charged on confirming, all at once: the header says so.
      await page.getByTestId("credits").filter({ hasText: "0 imágenes" }).waitFor();

      // The tab closes mid-batch; another one (the seller's other device, say) finds it from /home.
      await context.close();
      const again = await newPage(chromium.browser, { mobile: true, baseURL: app.baseURL });
      await signInTo(again.page, seller);
      const running = again.page.getByTestId("batch-running");
      const finishedAlready = again.page.getByRole("heading", { name: "Tus Productos" });
      await Promise.race([running.waitFor(), finishedAlready.waitFor()]);
      if (await running.isVisible()) await running.getByRole("link", { name: "Ver progreso" }).click();
      else await again.page.goto(batchUrl);
      await again.page.waitForURL(`**${batchUrl}`);
      await again.page.getByText("Terminó. Revisa los nombres, ponles precio y publícalos.").waitFor({ timeout: BATCH_MS });
      expect(await again.page.getByTestId("batch-counts").textContent()).toContain("10 listas");
      expect(await again.page.getByRole("progressbar", { name: "Progreso del lote" }).getAttribute("aria-valuenow")).toBe("100");
      expect(await again.page.locator('[data-state="done"]').count()).toBe(10);
      expect(await creditsShown(again.page)).toBe("0 imágenes");
      await expectClean(again.page, "a finished batch");

      // The pricing grid: names drafted from the photos (no camera names left), edited, priced and published.
      await again.page.getByRole("link", { name: "Poner precios y publicar" }).click();
      await again.page.getByRole("heading", { name: "Precios del lote" }).waitFor();
      const page2 = again.page;
      const field = (row: number, label: string) => page2.locator(`#fila-${row}-${label}`);
      const names = await Promise.all(NAMES.map((_, i) => field(i, "name").inputValue()));
      expect(names.some((n) => /IMG/.test(n))).toBe(false);
      expect(names[0]).toBe("Campera jean azul");
      expect(names.filter((n) => n === "Prenda azul").length).toBeGreaterThan(0);

      await field(0, "name").fill("Campera de jean clásica");
      await field(0, "price").fill("12.500");
      await field(0, "price").press("Enter");
      expect(await page2.evaluate(() => document.activeElement?.id)).toBe("fila-1-price");
      await field(0, "sizes").fill("S, M, L");
      await field(0, "stock").fill("3");
      await page2.getByRole("button", { name: "Igual que arriba" }).first().click();
      expect(await field(1, "sizes").inputValue()).toBe("S, M, L");

      // Without a price a row cannot be published: said in the row, and focus goes there.
      await page2.getByRole("button", { name: "Publicar todos" }).click();
      await page2.getByText("Ponle un precio para publicarlo.").first().waitFor();
      await expectClean(page2, "the pricing grid with a row's error");
      expect(await page2.evaluate(() => document.activeElement?.id)).toBe("fila-1-price");
      for (let row = 1; row < NAMES.length; row++) {
        await page2.keyboard.type("9.900");
        await page2.keyboard.press("Enter");
      }
      await page2.getByRole("button", { name: "Publicar todos" }).click();
      await page2.getByText("Publicaste 10 productos en tu tienda.").waitFor();

      const saved = await productsOf(page2);
      const campera = saved.find((p) => p.name === "Campera de jean clásica")!;
      expect(campera).toMatchObject({
        price: 12500,
        published: true,
        sizes: [
          { name: "S", stock: 3 },
          { name: "M", stock: 3 },
          { name: "L", stock: 3 },
        ],
      });
      expect(saved.filter((p) => p.published && p.price === 9900)).toHaveLength(9);
      await again.context.close();
    },
    BATCH_MS + 180_000,
  );
});

describe("cancelling a batch", () => {
  // One picture at a time, two a minute: pictures wait long enough to be cancelled.
  const app = useApp("vidriera-lote-lento-", { PROVIDER_LIMITS: "studio=1/2" });

  it(
    "refunds the pictures still waiting and lets the one being made finish",
    async () => {
      const seller = await newSeller(chromium.browser, "lote-cancelar", app.baseURL);
      const { context, page } = await newPage(chromium.browser, { mobile: true, baseURL: app.baseURL });
      await signInTo(page, seller);
      for (const name of ["buzo-gris.jpg", "pollera-negra.jpg", "vestido-rojo.jpg", "gorro-azul.jpg", "short-verde.jpg"])
        await uploadProduct(page, name);
      await page.goto("/lote");
      await page.getByRole("button", { name: "Elegir todos" }).click();
      await page.getByTestId("batch-selected").filter({ hasText: "5 productos elegidos" }).waitFor();
      expect(await page.getByTestId("batch-price").textContent()).toBe("5 imágenes · 250 créditos");
      await page.getByRole("button", { name: "Confirmar y generar (250 créditos)" }).click();
      await page.waitForURL(/\/lote\/[a-z0-9]+$/);

      // Two calls a minute, and one picture getting ready at a time: at least two have not begun when 'Cancelar' shows.
      await page.getByRole("button", { name: "Cancelar", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "¿Cancelar las imágenes en espera?" });
      await dialog.getByRole("button", { name: "Cancelar las que esperan" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByText("Terminó. Revisa los nombres, ponles precio y publícalos.").waitFor({ timeout: BATCH_MS });
      const cancelled = await page.locator('[data-state="cancelled"]').count();
      const done = await page.locator('[data-state="done"]').count();
      expect(cancelled).toBeGreaterThanOrEqual(2);
      expect(cancelled + done).toBe(5);
      expect(await page.getByText("Cancelaste esta imagen antes de que empezara. Te devolvimos los créditos.").count()).toBe(cancelled);
      // Charged 250 at confirmation; every cancelled picture came back.
      expect(await creditsOf(page)).toBe(500 - 50 * done);
      await context.close();
    },
    BATCH_MS + 120_000,
  );
});
