import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Product } from "../../common/product";
import { renditionKey, RENDITION_WIDTHS } from "../../common/image-renditions";
import { WRITE_TIME_WIDTHS } from "../../worker/lib/renditions";
import { previewPath } from "../../worker/pages/og-image";
import { decodeImage, ImageCodecError, jpegScanCount, MAX_JPEG_SCANS } from "../../worker/providers/codecs";
import { Browser, count, register, withBindings } from "./browser";
import { workerLogs } from "./capture-logs";
import { jpegMagicOnly, photoForm, photoOfSize, storedImages } from "./fixtures";
import { scanBomb } from "../../scripts/scan-bomb";
import { cameraJpeg, progressiveJpeg } from "./hostile-images";
import { dataUrl, openStore } from "./store-helpers";
// The photographic fixture every bench uses (a copy inside the repo: test/fixtures/README.md): a baseline
// 1200×1500 JPEG as phones send it after compression.
import fixtureDataUrl from "../fixtures/foto-producto.jpg?inline";

const fixture = Uint8Array.from(atob(fixtureDataUrl.slice(fixtureDataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));

/** The decoder's own complaints ("premature end of data segment"): one per empty scan it reads. */
const codecComplaints = () => workerLogs({ message: "image codec complaint" }).length;

const objectKeys = async () => (await env.IMAGES.list({ limit: 1000 })).objects.map((o) => o.key).sort();

const EXTRA_SCANS = 5000;

describe("the progressive-JPEG scan bomb", () => {
  it("is seen in the markers: scans are counted as the decoder reads them, up to the first EOI", async () => {
    const progressive = await progressiveJpeg(96, 120);
    const own = jpegScanCount(progressive);
    expect(own).toBeGreaterThanOrEqual(3);
    expect(own).toBeLessThanOrEqual(12);
    expect(jpegScanCount(scanBomb(progressive, EXTRA_SCANS))).toBe(own + EXTRA_SCANS);
    // A baseline JPEG has one scan.
    expect(jpegScanCount(fixture)).toBe(1);
    // Stray bytes between the scans do not hide them: the decoder skips such bytes and goes on.
    const bomb = scanBomb(progressive, 3);
    const eoi = bomb.length - 2;
    const padded = new Uint8Array([...bomb.subarray(0, eoi - 10), 0x12, 0x34, ...bomb.subarray(eoi - 10)]);
    expect(jpegScanCount(padded)).toBe(own + 3);
    // A camera's EXIF thumbnail (scans inside APP1) and the MPF image after the EOI are not decoded.
    const camera = await cameraJpeg(progressive, scanBomb(await progressiveJpeg(40, 50, 3), EXTRA_SCANS));
    expect(jpegScanCount(camera)).toBe(own);
  });

  it("is refused before any decoder runs; a file under the limit still decodes", async () => {
    const progressive = await progressiveJpeg(96, 120);
    const bomb = scanBomb(progressive, EXTRA_SCANS);
    const refused = await decodeImage(bomb).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ImageCodecError);
    expect((refused as ImageCodecError).refusal).toEqual({ reason: "scans", scans: jpegScanCount(bomb) });
    // The decoder complains once per empty scan it reads: none was read.
    expect(codecComplaints()).toBe(0);
    // The same kind of file just under the limit is decoded (and the decoder does complain about its scans).
    const under = scanBomb(progressive, MAX_JPEG_SCANS - jpegScanCount(progressive));
    expect(jpegScanCount(under)).toBe(MAX_JPEG_SCANS);
    await expect(decodeImage(under)).resolves.toMatchObject({ width: 96, height: 120 });
    expect(codecComplaints()).toBeGreaterThan(0);
  });

  it("is refused on every upload path with a Spanish error naming the file, and nothing is stored or charged", async () => {
    const browser = new Browser();
    const { user } = await register(browser);
    await openStore(browser);
    const product = (
      (await (
        await browser.request("/api/products/upload-images", { method: "POST", body: photoForm([{ bytes: photoOfSize(), name: "a.jpg" }]) })
      ).json()) as { products: Product[] }
    ).products[0]!;
    const bomb = scanBomb(await progressiveJpeg(96, 120), EXTRA_SCANS);
    const scans = jpegScanCount(bomb).toLocaleString("es-AR");
    // The first photo's renditions are written after its answer: once they are there, R2 stays as it is.
    const written = WRITE_TIME_WIDTHS.map((width) => renditionKey(product.imageURL!.slice("/img/".length), width)!);
    await expect
      .poll(async () => (await Promise.all(written.map((key) => env.IMAGES.head(key)))).every(Boolean), { timeout: 60_000, interval: 50 })
      .toBe(true);
    const objects = await objectKeys();
    const products = await count("products", "user_id = ?", user.id);
    const jobs = await count("generation_jobs", "user_id = ?", user.id);

    const [upload, update, generate, logo, config] = await Promise.all([
      browser.request("/api/products/upload-images", {
        method: "POST",
        body: photoForm([
          { bytes: photoOfSize("jpeg", 300, 11), name: "buena.jpg" },
          { bytes: bomb, name: "foto.jpg" },
        ]),
      }),
      browser.json("PUT", "/api/products/update", { id: product.id, name: "Remera", imageBase64: dataUrl(bomb, "image/jpeg") }),
      browser.json("POST", "/api/products/generate-product-and-image", { image: dataUrl(bomb, "image/jpeg"), includeModel: true }),
      browser.json("POST", "/api/auth/mi-tienda", {
        storeName: "Tienda Bomba",
        phoneNumber: "+54 9 11 2233-4455",
        storeLogo: dataUrl(bomb, "image/jpeg"),
      }),
      new Browser().request("/api/config"),
    ]);
    const advice = "(una foto de teléfono tiene unas diez): no podemos procesarlo. Expórtalo de nuevo como JPEG común o usa otra imagen.";
    expect([upload.status, update.status, generate.status, logo.status]).toEqual([400, 400, 400, 400]);
    expect(await upload.json()).toEqual({ error: `«foto.jpg» es un JPEG progresivo de ${scans} pasadas ${advice}` });
    expect(await update.json()).toEqual({ error: `El archivo es un JPEG progresivo de ${scans} pasadas ${advice}` });
    expect(await generate.json()).toEqual({ error: `El archivo es un JPEG progresivo de ${scans} pasadas ${advice}` });
    expect(await logo.json()).toEqual({ error: `El logo es un JPEG progresivo de ${scans} pasadas ${advice}` });
    expect(config.status).toBe(200);

    expect(await objectKeys()).toEqual(objects);
    expect(await count("products", "user_id = ?", user.id)).toBe(products);
    expect(await count("generation_jobs", "user_id = ?", user.id)).toBe(jobs);
    expect(await count("credit_ledger", "user_id = ? AND delta < 0", user.id)).toBe(0);
    expect(codecComplaints()).toBe(0);
  });

  it("stored before this check, it is never decoded by anyone's request: renditions and link preview answer 404", async () => {
    const bomb = scanBomb(await progressiveJpeg(96, 120, 5), EXTRA_SCANS);
    const source = `o/${"B".repeat(42)}A.jpg`;
    await env.IMAGES.put(source, bomb);
    const before = await objectKeys();
    const anyone = new Browser();
    const answers = await Promise.all([
      ...RENDITION_WIDTHS.map((width) => anyone.request(`/img/${renditionKey(source, width)}`)),
      anyone.request(previewPath(source)!),
      anyone.request(previewPath(source)!),
    ]);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 404));
    expect(await objectKeys()).toEqual(before);
    expect(codecComplaints()).toBe(0);
  });
});

describe("photos that must still pass", () => {
  it("a baseline phone photo, an 8-megapixel progressive one, a camera JPEG with EXIF and MPF, PNG and WebP", async () => {
    const browser = new Browser();
    await register(browser);
    const progressive8mp = await progressiveJpeg(3264, 2448, 2);
    expect(jpegScanCount(progressive8mp)).toBeGreaterThan(1);
    const camera = await cameraJpeg(await progressiveJpeg(900, 1200, 4), await progressiveJpeg(320, 240, 6));
    const files = [
      { bytes: fixture, name: "foto-producto.jpg" },
      { bytes: progressive8mp, name: "camara-8mp.jpg" },
      { bytes: camera, name: "IMG_20261125_101500.jpg" },
      { bytes: photoOfSize("png", 400, 12), name: "logo.png", type: "image/png" },
      { bytes: photoOfSize("webp", 400, 13), name: "remera.webp", type: "image/webp" },
    ];
    for (const file of files) {
      const response = await browser.request("/api/products/upload-images", { method: "POST", body: photoForm([file]) });
      expect(response.status, `${file.name}: ${await response.clone().text()}`).toBe(201);
      const [product] = ((await response.json()) as { products: Product[] }).products;
      const stored = await env.IMAGES.get(product!.imageURL!.slice("/img/".length));
      expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(file.bytes);
    }
  });
});

describe("files that only look like images", () => {
  it("a web page behind JPEG, PNG or WebP magic bytes is not stored, on any upload path", async () => {
    const browser = new Browser();
    const { user } = await register(browser);
    const html = jpegMagicOnly("<html><body>hola</body></html>");
    expect(html.length).toBeLessThan(64);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new TextEncoder().encode("<html></html>")]);
    const webp = new Uint8Array([...new TextEncoder().encode("RIFF\x20\0\0\0WEBPVP8L"), ...new Uint8Array(24).fill(0x41)]);
    const objects = await storedImages();
    const [upload, logo, generate] = await Promise.all([
      browser.request("/api/products/upload-images", {
        method: "POST",
        body: photoForm([
          { bytes: html, name: "pagina.jpg" },
          { bytes: png, name: "pagina.png", type: "image/png" },
          { bytes: webp, name: "pagina.webp", type: "image/webp" },
        ]),
      }),
      browser.json("POST", "/api/auth/mi-tienda", {
        storeName: "Tienda Falsa",
        phoneNumber: "+54 9 11 2233-4455",
        storeLogo: dataUrl(html, "image/jpeg"),
      }),
      browser.json("POST", "/api/products/generate-product-and-image", { image: dataUrl(png), includeModel: true }),
    ]);
    expect(await upload.json()).toEqual({ error: "«pagina.jpg» no es una imagen que podamos abrir. Usa una imagen JPEG, PNG o WebP." });
    expect(await logo.json()).toEqual({ error: "El logo no es una imagen que podamos abrir. Usa una imagen JPEG, PNG o WebP." });
    expect(await generate.json()).toEqual({ error: "El archivo no es una imagen que podamos abrir. Usa una imagen JPEG, PNG o WebP." });
    expect([upload.status, logo.status, generate.status]).toEqual([400, 400, 400]);
    for (const [bytes, name, type] of [
      [png, "pagina.png", "image/png"],
      [webp, "pagina.webp", "image/webp"],
    ] as const) {
      const alone = await browser.request("/api/products/upload-images", { method: "POST", body: photoForm([{ bytes, name, type }]) });
      expect(await alone.json()).toEqual({ error: `«${name}» no es una imagen que podamos abrir. Usa una imagen JPEG, PNG o WebP.` });
    }
    expect(await storedImages()).toEqual(objects);
    expect(await count("products", "user_id = ?", user.id)).toBe(0);
  });
});

describe("rendition names", () => {
  it("only the canonical widths are made: leading zeros are a 404 without touching R2, fired at once", async () => {
    const source = `o/${"D".repeat(42)}A.jpg`;
    await env.IMAGES.put(source, await progressiveJpeg(400, 500, 8));
    const calls: string[] = [];
    const counted = new Proxy(env.IMAGES, {
      get(bucket, property) {
        const value = Reflect.get(bucket, property);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          calls.push(String(property));
          return (value as (...a: unknown[]) => unknown).apply(bucket, args);
        };
      },
    });
    const anyone = new Browser(withBindings({ IMAGES: counted }));
    const file = `o/${"D".repeat(42)}A-jpg.webp`;
    const spellings = ["0360", "00360", "0540", "0720", "01080", "000000001080", "360 ", "%30360"];
    const answers = await Promise.all(spellings.map((width) => anyone.request(`/img/r/${width}/${file}`)));
    expect(answers.map((r) => r.status)).toEqual(spellings.map(() => 404));
    expect(calls).toEqual([]);
    expect((await objectKeys()).filter((key) => key.startsWith("r/") && key.includes("D".repeat(42)))).toEqual([]);
    // The canonical name is made once and kept under its one key.
    expect((await anyone.request(`/img/r/360/${file}`)).status).toBe(200);
    expect((await objectKeys()).filter((key) => key.startsWith("r/") && key.includes("D".repeat(42)))).toEqual([`r/360/${file}`]);
  });
});
