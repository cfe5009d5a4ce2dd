/**
 * What the drawer offers depends on what the site's image providers can make
 * (children, honestly; Pro means 2K). Three app instances: the run's own (the
 * offline studio, which makes everything) and two more serving the same build
 * with STUDIO_IMITATES, where the studio offers only what a site configured
 * with that provider offers: openai (no child model; Pro, which it makes at
 * 1536×2048) and workers-ai (children, but no Pro: 1536 px at most).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CHILDREN_NOT_OFFERED, CHILDREN_UNAVAILABLE, PRO_MIN_LONG_SIDE, PRO_NOT_OFFERED } from "../common/image-providers";
import { CHROMIUM_TEST_VARS, startLocalApp } from "../scripts/local-app.ts";
import { creditsShown, GENERATION_MS, newPage, newSeller, type Seller, signInTo, useChromium, useSeller } from "./chromium";
import { expectClean } from "./axe";
import { creditsOf, uploadProduct, waitForGeneratedImage } from "./journey-steps";
import { expectSeen, tap } from "./seen";

const chromium = useChromium();

/** Every route that starts a generation from a product's photo. */
const GENERATION_ROUTE = /\/api\/products\/(generate-ad|back-image|baby-image|kid-image|girl-kid-image|outfit-image|personalize)\//;

/** Watches the page for generation requests, so a test can show that none left the browser. */
function generationRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (GENERATION_ROUTE.test(request.url())) sent.push(request.url());
  });
  return sent;
}

/** The products page loaded again (so it lists what the API added), then a product's drawer opened from its card. */
async function openDrawer(page: Page, product: { name: string }) {
  await page.reload();
  await tap(page.getByRole("button", { name: product.name, exact: true }));
  const drawer = page.getByRole("dialog", { name: product.name, exact: true });
  await expectSeen(drawer);
  return { product, drawer, radio: (name: string) => drawer.getByRole("radio", { name, exact: true }) };
}

/** A product uploaded through the API, then its drawer opened from its card. */
async function drawerOfNewProduct(page: Page, fileName: string) {
  return openDrawer(page, await uploadProduct(page, fileName));
}

/** The text an element is described by (aria-describedby), as a screen reader reads it after its name. */
async function descriptionOf(element: Locator): Promise<string> {
  const ids = (await element.getAttribute("aria-describedby"))?.split(/\s+/).filter(Boolean) ?? [];
  expect(ids.length).toBeGreaterThan(0);
  const texts = [];
  for (const id of ids) {
    const described = element.page().locator(`[id="${id}"]`);
    // Said in text on the screen, not only to assistive technology.
    expect(await described.isVisible()).toBe(true);
    texts.push((await described.textContent())?.trim());
  }
  return texts.join(" ");
}

/** The seller's jobs that are running or failed lately (GET /api/jobs): a refunded child job would show here. */
async function jobsOf(page: Page) {
  const response = await page.request.get("/api/jobs");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { jobs: { kind: string; status: string }[] }).jobs;
}

async function galleryOf(page: Page) {
  const { user } = (await (await page.request.get("/api/auth/profile")).json()) as { user: { id: string } };
  const response = await page.request.get(`/api/products/images/by-user/${user.id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { images: { imageUrl: string; variant: string }[] }).images;
}

/** The stored image's own pixel size, decoded by the browser from the bytes the API serves. */
async function pixelSizeOf(page: Page, imageUrl: string) {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    const bitmap = await createImageBitmap(await response.blob());
    return { width: bitmap.width, height: bitmap.height };
  }, imageUrl);
}

describe("on a site that cannot draw children but makes 2K (STUDIO_IMITATES=openai)", () => {
  let app: { baseURL: string; stop: () => void };
  let seller: Seller;

  beforeAll(async () => {
    // The run's build served again with one more setting: a server start, not a second build.
    app = await startLocalApp(mkdtempSync(join(tmpdir(), "vidriera-sin-ninos-")), {
      fromBuild: inject("buildDir"),
      vars: { ...CHROMIUM_TEST_VARS, STUDIO_IMITATES: "openai" },
    });
    seller = await newSeller("sin-ninos", app.baseURL);
  });
  afterAll(() => app?.stop());

  async function signedIn(colorScheme: "light" | "dark" = "light") {
    const { context, page } = await newPage(chromium.browser, { mobile: true, baseURL: app.baseURL, colorScheme });
    await signInTo(page, seller);
    return { context, page };
  }

  it(
    "choosing Bebé says why before paying, the child cannot be generated, and 'Sin modelo' is one tap away at its price",
    async () => {
      const { context, page } = await signedIn();
      const sent = generationRequests(page);
      const { drawer, radio, product } = await drawerOfNewProduct(page, "body-bebe.jpg");
      const credits = await creditsOf(page);
      const header = await creditsShown(page);
      const generate = drawer.getByRole("button", { name: "Generar 1 imagen" });
      // Nothing is said until a child is chosen: an adult is drawn as usual.
      expect(await drawer.getByText(CHILDREN_NOT_OFFERED, { exact: true }).count()).toBe(0);
      expect(await generate.getAttribute("aria-disabled")).toBeNull();

      await radio("Bebé").check();
      await expectSeen(drawer.getByText(CHILDREN_NOT_OFFERED, { exact: true }));
      await expectSeen(drawer.getByText("En su lugar puedes generar la prenda sola, sin modelo, por 1 imagen."));
      await expectClean(page, "the drawer with the children notice (light)");
      // The button stays in place, focusable, aria-disabled and described by the reason; pressing it sends nothing.
      expect(await generate.getAttribute("aria-disabled")).toBe("true");
      expect(await descriptionOf(generate)).toBe(CHILDREN_NOT_OFFERED);
      await generate.click({ force: true });
      await generate.focus();
      await page.keyboard.press("Enter");
      expect(await drawer.isVisible()).toBe(true);
      // The same for Niño and Niña.
      for (const child of ["Niño", "Niña"]) {
        await radio(child).check();
        await expectSeen(drawer.getByText(CHILDREN_NOT_OFFERED, { exact: true }));
        expect(await generate.getAttribute("aria-disabled")).toBe("true");
      }
      expect(sent).toEqual([]);
      expect(await creditsOf(page)).toBe(credits);

      // One tap: 'Sin modelo' is chosen, the notice goes, and the garment alone is generated at its price.
      await tap(drawer.getByRole("button", { name: "Cambiar a Sin modelo (1 imagen)" }));
      expect(await radio("Sin modelo").isChecked()).toBe(true);
      await drawer.getByText(CHILDREN_NOT_OFFERED, { exact: true }).waitFor({ state: "hidden" });
      expect(await generate.getAttribute("aria-disabled")).toBeNull();
      // Without a model there is nobody to personalise: said in text, the button kept focusable.
      const personalize = drawer.getByRole("button", { name: "Personalizar" });
      expect(await personalize.getAttribute("aria-disabled")).toBe("true");
      expect(await descriptionOf(personalize)).toContain("Personalizar necesitan un modelo");
      const request = page.waitForRequest(GENERATION_ROUTE);
      await tap(generate);
      expect((await request).url()).toContain("/api/products/generate-ad/");
      expect((await request).postDataJSON()).toEqual({ includeModel: false, quality: "standard" });
      const result = page.getByRole("dialog", { name: `Resultado: ${product.name}` });
      await waitForGeneratedImage(result, product.name);
      expect(sent).toHaveLength(1);

      // Charged exactly one image, in the header and in the API; the child was never charged nor refunded.
      expect(await creditsOf(page)).toBe(credits - 50);
      await expect.poll(() => creditsShown(page)).toBe(`${Number.parseInt(header!, 10) - 1} imágenes`);
      expect(await jobsOf(page)).toEqual([]);
      expect((await galleryOf(page)).map((image) => image.variant)).toEqual(["front"]);
      await context.close();
    },
    3 * GENERATION_MS,
  );

  it(
    "'Calidad Pro' is offered as on any 2K site: chosen, charged 100 credits, at least 2048 px; the children notice beside it",
    async () => {
      const { context, page } = await signedIn("dark");
      const { drawer, radio, product } = await drawerOfNewProduct(page, "campera.jpg");
      const credits = await creditsOf(page);
      const pro = drawer.getByRole("switch", { name: "Calidad Pro" });
      expect(await pro.getAttribute("aria-disabled")).toBeNull();
      expect(await descriptionOf(pro)).toBe("Imagen en 2K, más nítida. Cuesta 2 imágenes en vez de 1 imagen.");
      expect(await drawer.getByText(PRO_NOT_OFFERED, { exact: true }).count()).toBe(0);
      // Both at once, in the dark theme: Pro on, and the notice a child's picture brings, still readable.
      await radio("Niño").check();
      await expectSeen(drawer.getByText(CHILDREN_NOT_OFFERED, { exact: true }));
      await tap(pro);
      expect(await pro.getAttribute("aria-checked")).toBe("true");
      await expectClean(page, "the drawer with Pro on and children not offered (dark)");

      await radio("Adulto").check();
      await drawer.getByText(CHILDREN_NOT_OFFERED, { exact: true }).waitFor({ state: "hidden" });
      const request = page.waitForRequest(GENERATION_ROUTE);
      await tap(drawer.getByRole("button", { name: "Generar (Calidad Pro, 2 imágenes)" }));
      expect((await request).postDataJSON()).toMatchObject({ quality: "pro" });
      const result = page.getByRole("dialog", { name: `Resultado: ${product.name}` });
      await waitForGeneratedImage(result, product.name);
      expect(await creditsOf(page)).toBe(credits - 100);
      const [newest] = await galleryOf(page);
      const size = await pixelSizeOf(page, newest!.imageUrl);
      expect(Math.max(size.width, size.height)).toBeGreaterThanOrEqual(PRO_MIN_LONG_SIDE);
      await context.close();
    },
    2 * GENERATION_MS,
  );

  it(
    "a child asked for on a configuration read before it changed: the API's 422 is shown in Spanish and nothing is charged",
    async () => {
      const { context, page } = await newPage(chromium.browser, { mobile: true, baseURL: app.baseURL });
      await signInTo(page, seller);
      const uploaded = await uploadProduct(page, "enterito.jpg");
      // The page that opens the drawer read a configuration that still offered children (changed since).
      await page.route(
        "**/api/config",
        async (route) => {
          const response = await route.fetch();
          const config = await response.json();
          await route.fulfill({
            response,
            json: { ...config, generation: { ...config.generation, children: { available: true, reason: null } } },
          });
        },
        { times: 1 },
      );
      const { drawer, radio, product } = await openDrawer(page, uploaded);
      const credits = await creditsOf(page);
      const header = await creditsShown(page);
      await radio("Bebé").check();
      expect(await drawer.getByText(CHILDREN_NOT_OFFERED, { exact: true }).count()).toBe(0);
      const answered = page.waitForResponse(GENERATION_ROUTE);
      await tap(drawer.getByRole("button", { name: "Generar 1 imagen" }));
      expect((await answered).status()).toBe(422);
      const result = page.getByRole("dialog", { name: `Resultado: ${product.name}` });
      const failed = result.getByText("No se pudo generar la imagen.", { exact: true });
      await expectSeen(failed);
      expect(await failed.locator("..").textContent()).toBe(`No se pudo generar la imagen.${CHILDREN_UNAVAILABLE}`);
      expect(await creditsOf(page)).toBe(credits);
      expect(await creditsShown(page)).toBe(header);
      expect(await jobsOf(page)).toEqual([]);

      // The refusal made the tab read the configuration again: the drawer now says it before paying.
      await tap(result.getByRole("button", { name: "Cerrar" }));
      await tap(page.getByRole("button", { name: product.name, exact: true }));
      await expectSeen(drawer);
      await radio("Niña").check();
      await expectSeen(drawer.getByText(CHILDREN_NOT_OFFERED, { exact: true }));
      await context.close();
    },
    2 * GENERATION_MS,
  );
});

describe("on a site that cannot make 2K (STUDIO_IMITATES=workers-ai)", () => {
  let app: { baseURL: string; stop: () => void };
  let seller: Seller;

  beforeAll(async () => {
    app = await startLocalApp(mkdtempSync(join(tmpdir(), "vidriera-sin-pro-")), {
      fromBuild: inject("buildDir"),
      vars: { ...CHROMIUM_TEST_VARS, STUDIO_IMITATES: "workers-ai" },
    });
    seller = await newSeller("sin-pro", app.baseURL);
  });
  afterAll(() => app?.stop());

  it("'Calidad Pro' is off and aria-disabled, its reason in text; tapping it changes nothing", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true, baseURL: app.baseURL, colorScheme: "dark" });
    await signInTo(page, seller);
    const sent = generationRequests(page);
    const { drawer, radio } = await drawerOfNewProduct(page, "campera.jpg");
    const pro = drawer.getByRole("switch", { name: "Calidad Pro" });
    expect(await pro.getAttribute("aria-disabled")).toBe("true");
    expect(await pro.getAttribute("aria-checked")).toBe("false");
    expect(await descriptionOf(pro)).toBe(PRO_NOT_OFFERED);
    await pro.click({ force: true });
    await pro.press("Space");
    expect(await pro.getAttribute("aria-checked")).toBe("false");
    // The price on the button stays the standard one: no Pro can be asked for.
    await expectSeen(drawer.getByRole("button", { name: "Generar 1 imagen" }));
    expect(await drawer.getByRole("button", { name: /Calidad Pro/ }).count()).toBe(0);
    // Children are drawn here: choosing one brings no notice, and Pro stays off with its reason.
    await radio("Niño").check();
    expect(await drawer.getByText(CHILDREN_NOT_OFFERED, { exact: true }).count()).toBe(0);
    expect(await pro.getAttribute("aria-disabled")).toBe("true");
    await expectClean(page, "the drawer with Pro not offered (dark)");
    expect(sent).toEqual([]);
    await context.close();
  });
});

describe("where the provider makes everything (the default offline studio)", () => {
  const seller = useSeller("opciones");

  it(
    "Bebé is generated with no notice, and 'Calidad Pro' charges 100 credits for an image of at least 2048 px",
    async () => {
      const { context, page } = await newPage(chromium.browser, { mobile: true });
      await signInTo(page, seller);
      const { drawer, radio, product } = await drawerOfNewProduct(page, "remera-nino.jpg");
      const credits = await creditsOf(page);
      const result = page.getByRole("dialog", { name: `Resultado: ${product.name}` });

      await radio("Bebé").check();
      expect(await drawer.getByText(CHILDREN_NOT_OFFERED, { exact: true }).count()).toBe(0);
      const pro = drawer.getByRole("switch", { name: "Calidad Pro" });
      expect(await pro.getAttribute("aria-disabled")).toBeNull();
      expect(await descriptionOf(pro)).toBe("Imagen en 2K, más nítida. Cuesta 2 imágenes en vez de 1 imagen.");
      await tap(drawer.getByRole("button", { name: "Generar 1 imagen" }));
      await waitForGeneratedImage(result, product.name);
      expect(await creditsOf(page)).toBe(credits - 50);
      expect((await galleryOf(page)).map((image) => image.variant)).toEqual(["baby"]);

      // Closing the result starts again from Adulto and standard quality; Pro is chosen and charged as shown.
      await tap(result.getByRole("button", { name: "Cerrar" }));
      await result.waitFor({ state: "hidden" });
      await tap(page.getByRole("button", { name: product.name, exact: true }));
      await expectSeen(drawer);
      await tap(pro);
      expect(await pro.getAttribute("aria-checked")).toBe("true");
      await tap(drawer.getByRole("button", { name: "Generar (Calidad Pro, 2 imágenes)" }));
      await waitForGeneratedImage(result, product.name);
      expect(await creditsOf(page)).toBe(credits - 150);
      await expect.poll(() => creditsShown(page)).toBe(`${(credits - 150) / 50} imágenes`);

      const [newest] = await galleryOf(page);
      expect(newest!.variant).toBe("adult");
      const size = await pixelSizeOf(page, newest!.imageUrl);
      expect(Math.max(size.width, size.height)).toBeGreaterThanOrEqual(PRO_MIN_LONG_SIDE);
      await context.close();
    },
    3 * GENERATION_MS,
  );
});
