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
import { CHROMIUM_TEST_VARS, startLocalApp } from "../scripts/local-app.ts";
import { creditsShown, drawImage, GENERATION_MS, newPage, newSeller, signInTo, useChromium } from "./chromium";
import { expectClean } from "./axe";
import { creditsOf, uploadProduct } from "./journey-steps";
import { expectSeen, tap } from "./seen";

const chromium = useChromium();

/** Ten pictures by the offline studio on a busy box, with room for a cold Worker. */
const BATCH_MS = 4 * GENERATION_MS;

/** Eleven photos as phones name them, each a garment of one colour: the eleventh does not fit in the credits. */
const PHOTOS = [
  { name: "campera-jean.jpg", color: "#2563eb" },
  { name: "IMG_20261127_101500.jpg", color: "#16a34a" },
  { name: "WhatsApp Image 2026-11-20 at 18.32.11.jpeg", color: "#16a34a" },
  { name: "IMG-20261120-WA0012.jpg", color: "#16a34a" },
  { name: "Musculosa roja.jpg", color: "#dc2626" },
  { name: "PXL_20261127_101502123.jpg", color: "#111827" },
  { name: "DSC_0042.JPG", color: "#2563eb" },
  { name: "Screenshot_20261127-101500.jpg", color: "#dc2626" },
  { name: "Captura de pantalla 2026-11-27 101500.jpg", color: "#111827" },
  { name: "20261127_101500.jpg", color: "#2563eb" },
  { name: "IMG_20261127_101600.jpg", color: "#dc2626" },
];
/** The ten made, sorted: what the photos show and what their files say, never the camera's names, none twice. */
const DRAFTED = [
  "Campera jean azul",
  "Musculosa roja",
  "Prenda azul",
  "Prenda azul 2",
  "Prenda negra",
  "Prenda negra 2",
  "Prenda roja",
  "Prenda verde",
  "Prenda verde 2",
  "Prenda verde 3",
];
const CAMERA_WORDS = /IMG|PXL|DSC|WhatsApp|Screenshot|Captura|\d{6}/;

async function photos(page: Page) {
  const files = [];
  for (const { name, color } of PHOTOS) {
    const buffer = await drawImage(page, { width: 480, height: 600, type: "image/jpeg", color });
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
    Object.assign(
      app,
      await startLocalApp(mkdtempSync(join(tmpdir(), name)), { fromBuild: inject("buildDir"), vars: { ...CHROMIUM_TEST_VARS, ...vars } }),
    );
  });
  afterAll(() => app.stop?.());
  return app;
}

describe("a batch on a phone", () => {
  const app = useApp("vidriera-lote-");

  it(
    "eleven phone photos shown while they upload, the one the credits leave out named, ten followed to their end, named from the photos, priced per size and published as they are ready",
    async () => {
      const seller = await newSeller("lote", app.baseURL);
      const { context, page } = await newPage(chromium.browser, { mobile: true, baseURL: app.baseURL });
      await signInTo(page, seller);
      await tap(page.getByRole("link", { name: "Subir muchas fotos y generar en lote" }));
      await expectSeen(page.getByRole("heading", { name: "Generar en lote" }));

      // A file that is not a photo is refused by its name, and nothing is sent.
      const files = await photos(page);
      const input = page.getByTestId("batch-photos");
      await input.setInputFiles([{ name: "roto.jpg", mimeType: "image/jpeg", buffer: Buffer.from("esto no es una foto") }, files[0]!]);
      await expectSeen(page.getByRole("alert").filter({ hasText: "«roto.jpg» no es una foto que podamos abrir." }));
      expect(await productsOf(page)).toHaveLength(0);

      // While the photos go up (the upload held here), each one already shows, drawn from the phone's own file.
      let letUploadGo!: () => void;
      const uploadHeld = new Promise<void>((resolve) => (letUploadGo = resolve));
      await page.route("**/api/products/upload-images", async (route) => {
        await uploadHeld;
        await route.continue();
      });
      await input.setInputFiles(files);
      const sending = page.getByTestId("batch-sending");
      await expectSeen(sending.getByRole("img", { name: "IMG_20261127_101600.jpg" }));
      await page.waitForFunction((count) => {
        const previews = [...document.querySelectorAll<HTMLImageElement>('[data-testid="batch-sending"] img')];
        return previews.length === count && previews.every((img) => img.src.startsWith("blob:") && img.complete && img.naturalWidth > 0);
      }, PHOTOS.length);
      await expectClean(page, "/lote while the photos upload");
      letUploadGo();
      await expectSeen(page.getByTestId("batch-selected").filter({ hasText: "11 productos elegidos" }));
      await sending.waitFor({ state: "detached" });
      await page.unroute("**/api/products/upload-images");
      // No camera's file name became a product's name, even before the photos are read.
      expect(new Set((await productsOf(page)).map((p) => p.name))).toEqual(
        new Set(["Campera jean", "Musculosa roja", "Producto sin nombre"]),
      );

      // One look for all of them, with the drawer's rules: the back view of an adult model.
      await page.getByRole("radio", { name: "Detrás", exact: true }).check();
      expect(await page.getByRole("radio", { name: "Detrás", exact: true }).isChecked()).toBe(true);
      // The price before confirming, from the function the Worker charges with; the credits cover ten of eleven.
      expect(await page.getByTestId("batch-price").textContent()).toBe("11 imágenes · 550 créditos");
      expect(await creditsShown(page)).toBe("10 imágenes");
      // Which photo is left out, by its file's name and its picture, and what to do about it.
      const leftOut = page.getByTestId("batch-left-out");
      await expectSeen(leftOut);
      expect(await leftOut.textContent()).toContain("Queda fuera esta foto (la última que elegiste):«IMG_20261127_101600.jpg»");
      expect(await leftOut.textContent()).toContain("compra créditos para incluirla ahora, o genera las demás y esta después");
      await page.waitForFunction(() => {
        const thumbnails = [...document.querySelectorAll<HTMLImageElement>('[data-testid="batch-left-out"] img')];
        return thumbnails.length === 1 && thumbnails[0]!.complete && thumbnails[0]!.naturalWidth > 0;
      });
      await expectClean(page, "/lote with a photo left out");
      await tap(page.getByRole("button", { name: "Generar solo 10 imágenes · 500 créditos" }));
      await page.waitForURL(/\/lote\/[a-z0-9]+$/);
      const batchUrl = new URL(page.url()).pathname;
      await expectSeen(page.getByRole("progressbar", { name: "Progreso del lote" }));
      // Charged on confirming, all at once: the header says so.
      await expectSeen(page.getByTestId("credits").filter({ hasText: "0 imágenes" }));

      // The tab closes mid-batch; another one (the seller's phone, with a touch screen) finds it from /home.
      await context.close();
      const again = await newPage(chromium.browser, { mobile: true, touch: true, baseURL: app.baseURL });
      // What /home read decides what it shows: the heading alone said nothing (it shows before the batches are
      // read), and a batch can end between seeing its line and tapping its link, which then goes away.
      const homeRead = again.page.waitForResponse((response) => new URL(response.url()).pathname === "/api/batches");
      await signInTo(again.page, seller);
      const { batches } = (await (await homeRead).json()) as { batches: { id: string; finished: boolean }[] };
      const running = again.page.getByTestId("batch-running");
      let followed = false;
      if (batches.find((batch) => `/lote/${batch.id}` === batchUrl)?.finished === false) {
        await running.waitFor();
        followed = await Promise.race([
          tap(running.getByRole("link", { name: "Ver progreso" })).then(() => true),
          running.waitFor({ state: "detached" }).then(() => false),
        ]);
      }
      // Ended first: /home lists it no more, and the link the seller was sent leads back to it.
      if (!followed) await again.page.goto(batchUrl);
      await again.page.waitForURL(`**${batchUrl}`);
      await again.page.getByText("Terminó. Revisa los nombres, ponles precio y publícalos.").waitFor({ timeout: BATCH_MS });
      expect(await again.page.getByTestId("batch-counts").textContent()).toContain("10 listas");
      expect(await again.page.getByRole("progressbar", { name: "Progreso del lote" }).getAttribute("aria-valuenow")).toBe("100");
      expect(await again.page.locator('[data-state="done"]').count()).toBe(10);
      expect(await creditsShown(again.page)).toBe("0 imágenes");
      await expectClean(again.page, "a finished batch");

      // The pricing grid opens with the names drafted from the photos: what it shows is what gets published.
      await tap(again.page.getByRole("link", { name: "Poner precios y publicar" }));
      await expectSeen(again.page.getByRole("heading", { name: "Precios del lote" }));
      const page2 = again.page;
      const field = (row: number, label: string) => page2.locator(`#fila-${row}-${label}`);
      await expectSeen(field(0, "name"));
      const names = await Promise.all(DRAFTED.map((_, i) => field(i, "name").inputValue()));
      expect(names.filter((n) => CAMERA_WORDS.test(n))).toEqual([]);
      expect(names[0]).toBe("Campera jean azul");
      expect(names[4]).toBe("Musculosa roja");
      expect([...names].sort()).toEqual(DRAFTED);
      // On a touch screen the help speaks of taps, not of keys.
      expect(await page2.getByTestId("grid-help-touch").isVisible()).toBe(true);
      expect(await page2.getByTestId("grid-help-keyboard").isVisible()).toBe(false);

      await field(0, "name").fill("Campera de jean clásica");
      await field(0, "price").fill("12.500");
      await field(0, "price").press("Enter");
      expect(await page2.evaluate(() => document.activeElement?.id)).toBe("fila-1-price");
      await field(0, "sizes").fill("S, M, L");
      await field(0, "stock").fill("3, 2, 1");
      await tap(page2.getByRole("button", { name: "Igual que arriba" }).first());
      expect(await field(1, "sizes").inputValue()).toBe("S, M, L");
      expect(await field(1, "stock").inputValue()).toBe("3, 2, 1");

      // Leaving through the menu with prices typed asks first; 'Seguir editando' keeps every one of them.
      await tap(page2.getByRole("button", { name: "Abrir menú" }));
      await tap(page2.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Productos" }));
      const prompt = page2.getByRole("dialog", { name: "¿Salir sin guardar?" });
      await expectSeen(prompt);
      await tap(prompt.getByRole("button", { name: "Seguir editando" }));
      await prompt.waitFor({ state: "hidden" });
      expect(new URL(page2.url()).pathname).toBe(`${batchUrl}/precios`);
      expect(await field(0, "price").inputValue()).toBe("12.500");
      expect(await field(0, "stock").inputValue()).toBe("3, 2, 1");

      // On a computer (a mouse and a keyboard) the same grid speaks of Enter and Ctrl+D.
      const desk = await newPage(chromium.browser, { mobile: true, baseURL: app.baseURL });
      await signInTo(desk.page, seller, `${batchUrl}/precios`);
      await expectSeen(desk.page.locator("#fila-0-name"));
      expect(await desk.page.getByTestId("grid-help-keyboard").isVisible()).toBe(true);
      expect(await desk.page.getByTestId("grid-help-touch").isVisible()).toBe(false);
      await desk.context.close();

      // Row 3's stock does not match its sizes, row 10 has no price: the other eight are published, those two
      // are named, and the seller is taken to the first.
      await field(2, "sizes").fill("S, M, L");
      await field(2, "stock").fill("3, 2");
      await field(1, "price").focus();
      for (let row = 1; row < DRAFTED.length - 1; row++) {
        await page2.keyboard.type("9.900");
        await page2.keyboard.press("Enter");
      }
      await tap(page2.getByRole("button", { name: "Publicar todos" }));
      const left = page2.getByTestId("grid-left");
      await expectSeen(left);
      expect(await left.locator("p").textContent()).toBe(
        `Publicaste 8 productos. Falta completar 2 filas: fila 1, «${names[2]}» (stock); fila 2, «${names[9]}» (precio).`,
      );
      expect(await page2.getByText("Escribiste 2 números de stock para 3 talles (S, M, L)").isVisible()).toBe(true);
      await page2.waitForFunction(() => document.activeElement?.id === "fila-0-stock");
      expect(await page2.locator("#fila-0-stock").isVisible()).toBe(true);
      expect((await productsOf(page2)).filter((p) => p.published)).toHaveLength(8);
      await expectClean(page2, "the pricing grid with two rows left");

      await field(0, "stock").fill("4");
      await tap(page2.getByRole("button", { name: "Ir a la fila 2" }));
      await page2.waitForFunction(() => document.activeElement?.id === "fila-1-price");
      await page2.keyboard.type("15.000");
      await tap(page2.getByRole("button", { name: "Publicar todos" }));
      await expectSeen(page2.getByText("Publicaste 10 productos en tu tienda."));

      const saved = await productsOf(page2);
      expect(saved.find((p) => p.name === "Campera de jean clásica")).toMatchObject({
        price: 12500,
        published: true,
        sizes: [
          { name: "S", stock: 3 },
          { name: "M", stock: 2 },
          { name: "L", stock: 1 },
        ],
      });
      expect(saved.find((p) => p.name === names[2])).toMatchObject({
        price: 9900,
        published: true,
        sizes: [
          { name: "S", stock: 4 },
          { name: "M", stock: 4 },
          { name: "L", stock: 4 },
        ],
      });
      expect(saved.find((p) => p.name === names[9])).toMatchObject({ price: 15000, published: true });
      expect(saved.filter((p) => p.published)).toHaveLength(10);
      // The photo left out stays a draft, not published.
      expect(saved.filter((p) => !p.published)).toHaveLength(1);
      await again.context.close();
    },
    BATCH_MS + 240_000,
  );
});

describe("cancelling a batch", () => {
  // One picture at a time, two a minute: pictures wait long enough to be cancelled.
  const app = useApp("vidriera-lote-lento-", { PROVIDER_LIMITS: "studio=1/2" });

  it(
    "refunds the pictures still waiting and lets the one being made finish",
    async () => {
      const seller = await newSeller("lote-cancelar", app.baseURL);
      const { context, page } = await newPage(chromium.browser, { mobile: true, baseURL: app.baseURL });
      await signInTo(page, seller);
      for (const name of ["buzo-gris.jpg", "pollera-negra.jpg", "vestido-rojo.jpg", "gorro-azul.jpg", "short-verde.jpg"])
        await uploadProduct(page, name);
      await page.goto("/lote");
      await tap(page.getByRole("button", { name: "Elegir todos" }));
      await expectSeen(page.getByTestId("batch-selected").filter({ hasText: "5 productos elegidos" }));
      expect(await page.getByTestId("batch-price").textContent()).toBe("5 imágenes · 250 créditos");
      await tap(page.getByRole("button", { name: "Confirmar y generar (250 créditos)" }));
      await page.waitForURL(/\/lote\/[a-z0-9]+$/);

      // Two calls a minute, and one picture getting ready at a time: at least two have not begun when 'Cancelar' shows.
      await tap(page.getByRole("button", { name: "Cancelar", exact: true }));
      const dialog = page.getByRole("dialog", { name: "¿Cancelar las imágenes en espera?" });
      await tap(dialog.getByRole("button", { name: "Cancelar las que esperan" }));
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
