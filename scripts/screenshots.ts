/**
 * `npm run screenshots`: the README's pictures, taken from the running app so they stay true. It serves the
 * production build locally (scripts/local-app.ts), makes a shop through the public API as a seller would
 * (bench/seed-store.ts: sign-up, 'Mi tienda', photos from the photographic fixture, prices, sizes,
 * published), and photographs in Debian's Chromium, on a 390×844 phone: the seller's /home and the store a
 * shopper opens. Writes docs/img/seller-home.jpg and docs/img/store.jpg; commit them with the change that
 * moved what they show.
 */
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { distinctJpeg } from "../bench/sample-photo.ts";
import { seedStore } from "../bench/seed-store.ts";
import { startLocalApp } from "./local-app.ts";

const root = join(import.meta.dirname, "..");
const out = join(root, "docs", "img");
mkdirSync(out, { recursive: true });
const photo = new Uint8Array(readFileSync(join(root, "test", "fixtures", "foto-producto.jpg")));

const app = await startLocalApp(mkdtempSync(join(tmpdir(), "screenshots-")), { server: "workerd" });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const store = await seedStore(app.baseURL, distinctJpeg(photo, 0));
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    reducedMotion: "reduce",
    colorScheme: "light",
  });
  const [name, value] = store.cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: app.baseURL }]);
  const page = await context.newPage();

  await page.goto(`${app.baseURL}/home`);
  // A first visit opens the tutorial over /home: closed, as a seller does after reading it.
  const tutorial = page.getByRole("dialog", { name: "Cómo usar Vidriera" });
  await tutorial.waitFor();
  await tutorial.getByRole("button", { name: /cerrar/i }).click();
  await tutorial.waitFor({ state: "hidden" });
  await page.locator("img[src*='/img/']").first().waitFor();
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: join(out, "seller-home.jpg"), type: "jpeg", quality: 80 });

  await page.goto(`${app.baseURL}/u/${store.username}`);
  await page.locator("li.card img").first().waitFor();
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: join(out, "store.jpg"), type: "jpeg", quality: 80 });
  console.log(`docs/img/seller-home.jpg and docs/img/store.jpg written from ${app.baseURL}`);
} finally {
  await browser.close();
  app.stop();
}
