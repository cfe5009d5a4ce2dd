import { describe, expect, it } from "vitest";
import { creditsShown, drawImage, GENERATION_MS, newPage, newSeller, signInTo, useChromium, useSeller } from "./chromium";

const chromium = useChromium();
// The file's seller, for the tests that leave nothing behind; the upload flow fills a gallery, so it has its own.
const seller = useSeller("galeria");

describe("add with AI and the gallery in a real browser", () => {
  it(
    "uploads two photos, generates a product from one, then modifies, downloads and deletes it in /images",
    async () => {
      const { context, page } = await newPage(chromium.browser);
      await signInTo(page, await newSeller("galeria"));

      // --- Add-with-AI dialog: two photos, one of them over 1 MB ---
      await page.getByRole("button", { name: "Añadir Producto" }).click();
      const dialog = page.getByRole("dialog", { name: "Agregar Producto con IA" });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Usar Cámara" }).waitFor();
      await dialog.getByRole("button", { name: "Galería" }).waitFor();

      const big = await drawImage(page, { width: 1000, height: 1000, type: "image/png", noise: true });
      const small = await drawImage(page, { width: 600, height: 800, type: "image/jpeg" });
      expect(big.length).toBeGreaterThan(1024 * 1024);
      expect(small.length).toBeLessThan(1024 * 1024);
      await page.getByTestId("add-product-files").setInputFiles([
        { name: "remera-ruido.png", mimeType: "image/png", buffer: big },
        { name: "remera-roja.jpg", mimeType: "image/jpeg", buffer: small },
      ]);
      const previews = dialog.getByRole("list", { name: "Imágenes elegidas" }).getByRole("listitem");
      await expect.poll(() => previews.count()).toBe(2);
      // Only the big one is compressed, renamed to .jpg, and its size shown under 1 MB.
      expect(await dialog.getByText("Comprimida", { exact: true }).count()).toBe(1);
      const compressed = previews.filter({ hasText: "Comprimida" });
      expect(await compressed.textContent()).toContain("remera-ruido.jpg");
      expect(await compressed.getByTestId("file-size").textContent()).toMatch(/^\d+ KB \(antes [\d,]+ MB\)$/);
      // Generation is offered for exactly one photo only.
      expect(await dialog.getByRole("button", { name: "Generar (1 imagen)" }).count()).toBe(0);

      const uploaded = page.waitForResponse((r) => r.url().endsWith("/api/products/upload-images"));
      await dialog.getByRole("button", { name: "Subir 2 imágenes" }).click();
      expect((await uploaded).status()).toBe(201);
      await page.getByText("Imágenes subidas correctamente").waitFor();
      await dialog.waitFor({ state: "hidden" });
      const { user } = (await (await page.request.get("/api/auth/profile")).json()) as { user: { id: string } };
      const list = (await (await page.request.get(`/api/products/list/${user.id}`)).json()) as { products: { name: string }[] };
      expect(list.products.map((p) => p.name).sort()).toEqual(["Remera roja", "Remera ruido"]);

      // --- One photo, without a model: 'Generar (1 imagen)' ---
      await page
        .getByRole("button", { name: /Agregar producto|Añadir Producto/ })
        .first()
        .click();
      await dialog.waitFor();
      // The dialog came back clean.
      expect(await dialog.getByRole("list", { name: "Imágenes elegidas" }).count()).toBe(0);
      await page.getByTestId("add-product-files").setInputFiles([{ name: "remera-roja.jpg", mimeType: "image/jpeg", buffer: small }]);
      const modelSwitch = dialog.getByRole("switch", { name: "Con modelo" });
      expect(await modelSwitch.getAttribute("aria-checked")).toBe("true");
      await modelSwitch.click();
      expect(await modelSwitch.getAttribute("aria-checked")).toBe("false");

      // The request is held until the progress has been seen, however fast the studio answers.
      let sendOn!: () => void;
      const hold = new Promise<void>((r) => (sendOn = r));
      let body: { image: string; includeModel: boolean } | undefined;
      await page.route("**/api/products/generate-product-and-image", async (route) => {
        body = route.request().postDataJSON() as typeof body;
        await hold;
        await route.continue();
      });
      await dialog.getByRole("button", { name: "Generar (1 imagen)" }).click();
      const generating = page.getByRole("dialog", { name: "Generar Producto con IA" });
      await generating.getByText("Generando imagen...").waitFor();
      await generating.getByRole("progressbar").waitFor();
      await expect.poll(() => body?.includeModel).toBe(false);
      expect(body!.image).toMatch(/^data:image\/jpeg;base64,/);
      sendOn();

      const result = page.getByRole("dialog", { name: "Producto Generado" });
      await result.waitFor({ timeout: GENERATION_MS });
      await result.getByText("Antes", { exact: true }).waitFor();
      await result.getByText("Después", { exact: true }).waitFor();
      expect(await creditsShown(page)).toBe("9 imágenes");
      const [resultDownload] = await Promise.all([
        page.waitForEvent("download"),
        result.getByRole("button", { name: "Descargar" }).click(),
      ]);
      expect(resultDownload.suggestedFilename()).toMatch(/^generated_Remera_roja_2_\d+\.(png|jpg|webp)$/);
      await page.getByText("Imagen descargada.").waitFor();
      await result.getByRole("button", { name: "Cerrar" }).click();
      await result.waitFor({ state: "hidden" });

      // --- /images: skeletons while the list is held, then the grid ---
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route("**/api/products/images/by-user/**", async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole("link", { name: "Imágenes", exact: true }).click();
      await page.getByRole("heading", { name: "Galería de Imágenes Generadas" }).waitFor();
      await expect.poll(() => page.getByTestId("gallery-skeleton").count()).toBe(8);
      release();
      const cards = page.getByTestId("gallery-card");
      await expect.poll(() => cards.count()).toBe(1);
      expect(await page.getByTestId("gallery-skeleton").count()).toBe(0);
      await page.unroute("**/api/products/images/by-user/**");
      const card = cards.first();
      await card.getByText("Remera roja 2").waitFor();
      expect(await card.locator("time").textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
      const oldSrc = await card.getByRole("img").getAttribute("src");

      // A click on the picture opens the large preview.
      await card.getByRole("button", { name: "Ver Remera roja 2 en grande" }).click();
      const preview = page.getByRole("dialog", { name: "Remera roja 2" });
      await preview.getByRole("img", { name: "Imagen de Remera roja 2" }).waitFor();
      await preview.getByRole("button", { name: "Cerrar" }).click();

      // --- Modify: the exact message for an empty instruction, then a real change ---
      await card.hover();
      await card.getByRole("button", { name: "Modificar imagen de Remera roja 2" }).click();
      const modify = page.getByRole("dialog", { name: "Modificar imagen con IA" });
      await modify.getByText("Costo de modificación: 1 imagen.").waitFor();
      const instructions = modify.getByLabel("Instrucciones para modificar");
      expect(await instructions.getAttribute("placeholder")).toMatch(/^Ej\.:/);
      await modify.getByRole("button", { name: "Modificar Imagen" }).click();
      expect(await modify.getByRole("alert").textContent()).toBe("Por favor, ingresa las instrucciones para modificar la imagen.");
      await instructions.fill("fondo blanco");
      await modify.getByRole("button", { name: "Modificar Imagen" }).click();
      await page.getByText("¡Imagen modificada con éxito!").waitFor({ timeout: GENERATION_MS });
      expect(await creditsShown(page)).toBe("8 imágenes");
      await modify.getByRole("button", { name: "Cerrar" }).click();
      // The new image took the old one's place.
      await expect.poll(() => cards.first().getByRole("img").getAttribute("src")).not.toBe(oldSrc);
      expect(await cards.count()).toBe(1);

      // --- Download from the card ---
      await card.hover();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        card.getByRole("button", { name: "Descargar imagen de Remera roja 2" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^generated_Remera_roja_2_\d+\.(png|jpg|webp)$/);

      // --- Delete, after the confirmation ---
      await card.hover();
      await card.getByRole("button", { name: "Eliminar imagen de Remera roja 2" }).click();
      const confirm = page.getByRole("dialog", { name: "¿Estás seguro?" });
      await confirm.getByText("Esta acción no se puede deshacer. Se eliminará permanentemente la imagen generada.").waitFor();
      await confirm.getByRole("button", { name: "Cancelar" }).click();
      await confirm.waitFor({ state: "hidden" });
      expect(await cards.count()).toBe(1);
      await card.hover();
      await card.getByRole("button", { name: "Eliminar imagen de Remera roja 2" }).click();
      const deleted = page.waitForResponse((r) => r.request().method() === "DELETE" && r.url().includes("/api/products/images/"));
      await confirm.getByRole("button", { name: "Eliminar" }).click();
      expect((await deleted).status()).toBe(200);
      // Deleting the modification brings back the original it stood in front of (issue 14.7); then that goes too.
      await expect.poll(() => cards.first().getByRole("img").getAttribute("src")).toBe(oldSrc);
      await card.hover();
      await card.getByRole("button", { name: "Eliminar imagen de Remera roja 2" }).click();
      await confirm.getByRole("button", { name: "Eliminar" }).click();
      await page.getByText("No hay imágenes", { exact: true }).waitFor();
      await page.getByText("Aún no has generado ninguna imagen publicitaria para tus productos.").waitFor();
      await context.close();
    },
    4 * GENERATION_MS,
  );

  it("shows the server's message when the gallery fails to load, and retries", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    await signInTo(page, seller);
    let fail = true;
    await page.route("**/api/products/images/by-user/**", (route) =>
      fail ? route.fulfill({ status: 500, json: { error: "La base de datos no responde." } }) : route.continue(),
    );
    await page.goto("/images");
    const alert = page.getByRole("alert");
    await alert.getByText("La base de datos no responde.").waitFor();
    fail = false;
    await alert.getByRole("button", { name: "Reintentar" }).click();
    await page.getByText("No hay imágenes", { exact: true }).waitFor();
    await context.close();
  });

  it("a denied camera shows 'Acceso a la cámara denegado' with 'Reintentar'", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    await context.addInitScript(() => {
      let asked = 0;
      Object.defineProperty(window, "__cameraAsks", { get: () => asked });
      navigator.mediaDevices.getUserMedia = async () => {
        asked++;
        throw new DOMException("Permission denied", "NotAllowedError");
      };
    });
    await signInTo(page, seller);
    await page.getByRole("button", { name: "Añadir Producto" }).click();
    await page.getByRole("dialog", { name: "Agregar Producto con IA" }).getByRole("button", { name: "Usar Cámara" }).click();
    // The title follows the view ('Generar Producto con IA' with the camera): address the one open dialog.
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Activar Cámara" }).click();
    await dialog.getByText("Acceso a la cámara denegado").waitFor();
    await dialog.getByRole("button", { name: "Reintentar" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __cameraAsks: number }).__cameraAsks)).toBe(2);
    await dialog.getByText("Acceso a la cámara denegado").waitFor();
    await context.close();
  });

  it("a browser without camera support says so in Spanish", async () => {
    const { context, page } = await newPage(chromium.browser);
    await context.addInitScript(() => {
      Object.defineProperty(navigator, "mediaDevices", { value: undefined, configurable: true });
    });
    await signInTo(page, seller);
    await page.getByRole("button", { name: "Añadir Producto" }).click();
    await page.getByRole("dialog", { name: "Agregar Producto con IA" }).getByRole("button", { name: "Usar Cámara" }).click();
    // The title follows the view ('Generar Producto con IA' with the camera): address the one open dialog.
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Tu navegador no permite usar la cámara.", { exact: false }).waitFor();
    expect(await dialog.getByRole("button", { name: "Activar Cámara" }).count()).toBe(0);
    await context.close();
  });

  it(
    "a photo from the camera (rear, 1280×720 ideal) stops it and generates at once",
    async () => {
      const { context, page } = await newPage(chromium.browser, { mobile: true });
      // A canvas stream stands in for the phone's camera; the constraints asked for are recorded.
      await context.addInitScript(() => {
        const w = window as unknown as { __constraints: unknown; __stopped: boolean };
        w.__stopped = false;
        navigator.mediaDevices.getUserMedia = async (constraints) => {
          w.__constraints = constraints;
          const canvas = document.createElement("canvas");
          canvas.width = 1280;
          canvas.height = 720;
          const ctx = canvas.getContext("2d")!;
          const paint = () => {
            ctx.fillStyle = "#e2e8f0";
            ctx.fillRect(0, 0, 1280, 720);
            ctx.fillStyle = "#2563eb";
            ctx.fillRect(480, 120, 320, 480);
          };
          paint();
          const timer = setInterval(paint, 100);
          const stream = canvas.captureStream(10);
          for (const track of stream.getTracks()) {
            const stop = track.stop.bind(track);
            track.stop = () => {
              w.__stopped = true;
              clearInterval(timer);
              stop();
            };
          }
          return stream;
        };
      });
      await signInTo(page, seller);
      await page.getByRole("button", { name: "Añadir Producto" }).click();
      await page.getByRole("dialog", { name: "Agregar Producto con IA" }).getByRole("button", { name: "Usar Cámara" }).click();
      const camera = page.getByRole("dialog", { name: "Generar Producto con IA" });
      await camera.getByRole("button", { name: "Activar Cámara" }).click();
      const video = camera.getByLabel("Vista previa de la cámara");
      await video.waitFor();
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
      expect(await page.evaluate(() => (window as unknown as { __constraints: unknown }).__constraints)).toEqual({
        audio: false,
        video: { facingMode: "environment", width: { ideal: 1280 }, height: { ideal: 720 } },
      });

      const sent = page.waitForRequest((r) => r.url().endsWith("/api/products/generate-product-and-image"));
      await camera.getByRole("button", { name: "Tomar foto" }).click();
      expect((await sent).postDataJSON()).toMatchObject({ includeModel: true });
      expect(await page.evaluate(() => (window as unknown as { __stopped: boolean }).__stopped)).toBe(true);
      await page.getByRole("dialog", { name: "Producto Generado" }).waitFor({ timeout: GENERATION_MS });
      await context.close();
    },
    2 * GENERATION_MS,
  );
});
