import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CHROMIUM_TEST_VARS, startLocalApp } from "../scripts/local-app.ts";
import { drawImage, GENERATION_MS, newPage, newSeller, useChromium } from "./chromium";
import { creditsOf } from "./journey-steps";
import { tap } from "./seen";

/**
 * Issue 7, faults: a generation that failed while nobody watched (the tab was
 * closed) still shows its end: /home and /images say which one failed and why,
 * and the credits are back. The failure is a real provider's refusal: the run's
 * build served again with IMAGE_PROVIDER=gemini, pointed at a fake Gemini on
 * loopback that checks the request and answers as Gemini does when it blocks a
 * photo (every photo the app stores can be decoded, so the offline studio no
 * longer refuses any).
 */
const chromium = useChromium();
const GEMINI_KEY = "e2e-gemini-key";

let gemini: Server;
let app: { baseURL: string; stop: () => void };
const refused: string[] = [];

beforeAll(async () => {
  gemini = createServer((request, response) => {
    request.resume();
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const route = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(request.url ?? "");
    if (request.method !== "POST" || !route || request.headers["x-goog-api-key"] !== GEMINI_KEY) {
      return answer(404, { error: { code: 404, message: "Not found", status: "NOT_FOUND" } });
    }
    refused.push(decodeURIComponent(route[1]!));
    // A blocked input photo: promptFeedback.blockReason and no candidates.
    answer(200, {
      promptFeedback: { blockReason: "PROHIBITED_CONTENT" },
      usageMetadata: { promptTokenCount: 1290, totalTokenCount: 1290 },
    });
  });
  await new Promise<void>((done) => gemini.listen(0, "127.0.0.1", done));
  app = await startLocalApp(mkdtempSync(join(tmpdir(), "vidriera-gemini-rechaza-")), {
    fromBuild: inject("buildDir"),
    vars: {
      ...CHROMIUM_TEST_VARS,
      IMAGE_PROVIDER: "gemini",
      GEMINI_API_KEY: GEMINI_KEY,
      GEMINI_BASE_URL: `http://127.0.0.1:${(gemini.address() as { port: number }).port}`,
    },
  });
});
afterAll(() => {
  app?.stop();
  gemini?.close();
});

describe("a failed generation the seller did not watch", () => {
  it(
    "is shown with its Spanish message on /images and /home until the seller dismisses it",
    async () => {
      const seller = await newSeller("fallida", app.baseURL);
      const { context, page } = await newPage(chromium.browser, { baseURL: app.baseURL });
      await context.addCookies(seller.cookies);
      await page.goto("/home");

      const photo = await drawImage(page, { width: 600, height: 800, type: "image/jpeg" });
      const headers = { origin: app.baseURL };
      const upload = await context.request.post("/api/products/upload-images", {
        headers,
        multipart: { images: { name: "vestido.jpg", mimeType: "image/jpeg", buffer: photo } },
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
      expect(message).toContain("El proveedor de imágenes rechazó esta imagen por sus políticas de contenido.");
      expect(refused).toHaveLength(1);

      await page.goto("/images");
      const failed = page.getByTestId("job-failed");
      await expect.poll(() => failed.count()).toBe(1);
      expect(await failed.textContent()).toContain("No se pudo generar: Imagen de frente de «Vestido gigante»");
      expect(await failed.textContent()).toContain(message);
      expect(await creditsOf(page)).toBe(500);
      await page.goto("/home");
      await expect.poll(() => page.getByTestId("job-failed").count()).toBe(1);

      await tap(page.getByTestId("job-failed").getByRole("button", { name: "Entendido" }));
      await expect.poll(() => page.getByTestId("job-failed").count()).toBe(0);
      await page.goto("/images");
      await expect.poll(() => page.getByRole("heading", { name: "Galería de Imágenes Generadas" }).count()).toBe(1);
      expect(await page.getByTestId("job-failed").count()).toBe(0);
      await context.close();
    },
    GENERATION_MS * 2,
  );
});
