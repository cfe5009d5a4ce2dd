/**
 * 'Modelo de mi tienda' on a phone, offered only where it works. On a site whose
 * image generator cannot take the store's model (the offline studio, as here by
 * default) it is nowhere: not in the drawer, the result, the gallery nor
 * /settings. On a site that generates with Gemini (the run's build served again
 * with IMAGE_PROVIDER=gemini, pointed at a fake Gemini on loopback that answers
 * as Gemini does), a generated image kept as the store's model shows in
 * /settings and in the drawer, goes to Gemini with the next generation, and is
 * removed.
 */
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CHROMIUM_TEST_VARS, startLocalApp } from "../scripts/local-app.ts";
import { drawImage, GENERATION_MS, newPage, newSeller, type Seller, signInTo, useChromium, useSeller } from "./chromium";
import { uploadProduct, waitForGeneratedImage } from "./journey-steps";
import { expectSeen, tap } from "./seen";

const chromium = useChromium();
const studioSeller = useSeller("sin-modelo");
const GEMINI_KEY = "e2e-gemini-key";

let gemini: Server;
let app: { baseURL: string; stop: () => void };
let seller: Seller;
/** The picture the fake Gemini answers with (a real JPEG drawn by Chromium), and how many images each request sent. */
let answerImage: Buffer | null = null;
const imagesSent: number[] = [];

beforeAll(async () => {
  gemini = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      const route = /^\/v1beta\/models\/[^/:]+:generateContent$/.exec(request.url ?? "");
      if (request.method !== "POST" || !route || request.headers["x-goog-api-key"] !== GEMINI_KEY || !answerImage) {
        return answer(404, { error: { code: 404, message: "Not found", status: "NOT_FOUND" } });
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { contents: { parts: Record<string, unknown>[] }[] };
      imagesSent.push(body.contents[0]!.parts.filter((part) => "inline_data" in part).length);
      answer(200, {
        candidates: [
          {
            content: { role: "model", parts: [{ inlineData: { mimeType: "image/jpeg", data: answerImage.toString("base64") } }] },
            finishReason: "STOP",
          },
        ],
        usageMetadata: { promptTokenCount: 1290, candidatesTokenCount: 1290, totalTokenCount: 2580 },
      });
    });
  });
  await new Promise<void>((done) => gemini.listen(0, "127.0.0.1", done));
  app = await startLocalApp(mkdtempSync(join(tmpdir(), "vidriera-modelo-gemini-")), {
    fromBuild: inject("buildDir"),
    vars: {
      ...CHROMIUM_TEST_VARS,
      IMAGE_PROVIDER: "gemini",
      GEMINI_API_KEY: GEMINI_KEY,
      GEMINI_BASE_URL: `http://127.0.0.1:${(gemini.address() as { port: number }).port}`,
    },
  });
  seller = await newSeller("modelo-tienda", app.baseURL);
});
afterAll(() => {
  app?.stop();
  gemini?.close();
});

describe("'Modelo de mi tienda' where the generator cannot use it (the offline studio)", () => {
  it(
    "is not offered anywhere, and no notice speaks of it",
    async () => {
      const { context, page } = await newPage(chromium.browser, { mobile: true });
      await signInTo(page, studioSeller, "/home");
      const product = await uploadProduct(page, "remera-gris.jpg", "#64748b");
      await page.reload();
      await tap(page.getByRole("button", { name: product.name, exact: true }));
      const drawer = page.getByRole("dialog", { name: product.name, exact: true });
      await expectSeen(drawer.getByRole("button", { name: "Generar 1 imagen" }));
      expect(await drawer.getByTestId("store-model-adult").count()).toBe(0);
      await tap(drawer.getByRole("button", { name: "Generar 1 imagen" }));
      const result = page.getByRole("dialog", { name: `Resultado: ${product.name}` });
      await waitForGeneratedImage(result, product.name);
      expect(await result.getByRole("button", { name: /modelo de (mi|tu) tienda/ }).count()).toBe(0);
      await tap(result.getByRole("button", { name: "Cerrar" }));

      await page.goto("/settings");
      await expectSeen(page.getByRole("heading", { name: "Cambiar contraseña" }));
      expect(await page.getByRole("region", { name: "Modelo de mi tienda" }).count()).toBe(0);
      expect(await page.getByText(/modelo de (mi|tu) tienda/i).count()).toBe(0);
      await page.goto("/images");
      await expectSeen(page.getByTestId("gallery-card").first());
      expect(await page.getByRole("button", { name: /modelo de (mi|tu) tienda/ }).count()).toBe(0);
      await context.close();
    },
    GENERATION_MS * 2,
  );
});

describe("'Modelo de mi tienda' at 390 px on a site that generates with Gemini", () => {
  it(
    "generates an image, keeps it as the store's model, sees it in /settings and the drawer, and removes it",
    async () => {
      const { context, page } = await newPage(chromium.browser, { mobile: true, baseURL: app.baseURL });
      await signInTo(page, seller, "/home");
      answerImage = await drawImage(page, { width: 768, height: 1024, type: "image/jpeg", color: "#a16207" });
      const product = await uploadProduct(page, "remera-añil.jpg", "#3f51b5");
      await page.reload();

      // The drawer, adult model: no store model yet.
      await tap(page.getByRole("button", { name: product.name, exact: true }));
      const drawer = page.getByRole("dialog", { name: product.name, exact: true });
      const panel = drawer.getByTestId("store-model-adult");
      await expectSeen(panel.getByText("Sin modelo para Adulto", { exact: false }));
      await tap(drawer.getByRole("button", { name: "Generar 1 imagen" }));

      // The result: 'Usar como modelo de mi tienda' keeps it for Adulto.
      const result = page.getByRole("dialog", { name: `Resultado: ${product.name}` });
      await waitForGeneratedImage(result, product.name);
      const keep = result.getByRole("button", { name: "Usar como modelo de mi tienda" });
      const kept = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith("/api/store-models/adult"));
      await tap(keep);
      expect((await kept).status()).toBe(200);
      await expectSeen(result.getByRole("button", { name: "Es el modelo de tu tienda (Adulto)" }));
      const keepBox = (await result.getByRole("button", { name: "Es el modelo de tu tienda (Adulto)" }).boundingBox())!;
      expect(keepBox.height).toBeGreaterThanOrEqual(44);
      await tap(result.getByRole("button", { name: "Cerrar" }));
      await result.waitFor({ state: "hidden" });

      // The drawer now shows its thumbnail, with 'Cambiar' and 'Quitar'.
      if (!(await drawer.isVisible())) await tap(page.getByRole("button", { name: product.name, exact: true }));
      const thumbnail = panel.getByRole("img", { name: "Modelo de tu tienda para Adulto" });
      await expectSeen(thumbnail);
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      for (const name of ["Cambiar", "Quitar"]) {
        const box = (await panel.getByRole("button", { name, exact: true }).boundingBox())!;
        expect(box.height, name).toBeGreaterThanOrEqual(44);
      }
      // The next generation sends it to Gemini: the seller's photo and the store's model.
      expect(imagesSent).toEqual([1]);
      await tap(drawer.getByRole("button", { name: "Generar 1 imagen" }));
      await waitForGeneratedImage(result, product.name);
      expect(imagesSent).toEqual([1, 2]);
      await tap(result.getByRole("button", { name: "Cerrar" }));
      await result.waitFor({ state: "hidden" });
      if (!(await drawer.isVisible())) await tap(page.getByRole("button", { name: product.name, exact: true }));
      // Gemini draws no children here, so there is no store model for them either.
      expect(await drawer.getByTestId("store-model-baby").count()).toBe(0);
      await tap(drawer.getByRole("button", { name: "Cerrar" }));

      // /settings lists it under Adulto, the only audience it works for on this site.
      await page.goto("/settings");
      const section = page.getByRole("region", { name: "Modelo de mi tienda", exact: true });
      await expectSeen(section);
      const adult = section.getByTestId("store-model-adult");
      await expectSeen(adult.getByRole("img", { name: "Modelo de tu tienda para Adulto" }));
      expect(await section.locator("[data-testid^=store-model-]").count()).toBe(1);
      // 'Cambiar' opens the seller's images that fit; the kept one is marked.
      await tap(adult.getByRole("button", { name: "Cambiar", exact: true }));
      const choices = adult.getByRole("list", { name: "Tus imágenes para el modelo Adulto" });
      await expectSeen(choices);
      expect(await choices.getByRole("button", { pressed: true }).count()).toBe(1);

      // 'Quitar' removes it: the empty state comes back, and the server agrees.
      const removed = page.waitForResponse((r) => r.request().method() === "DELETE" && r.url().endsWith("/api/store-models/adult"));
      await tap(adult.getByRole("button", { name: "Quitar", exact: true }));
      expect((await removed).status()).toBe(200);
      await expectSeen(adult.getByText("Sin modelo para Adulto", { exact: false }));
      const listed = (await (await page.request.get("/api/store-models")).json()) as { models: unknown[] };
      expect(listed.models).toEqual([]);

      // And the drawer says so too.
      await page.goto("/home");
      await tap(page.getByRole("button", { name: product.name, exact: true }));
      await expectSeen(drawer.getByTestId("store-model-adult").getByText("Sin modelo para Adulto", { exact: false }));
      await context.close();
    },
    GENERATION_MS * 3,
  );
});
