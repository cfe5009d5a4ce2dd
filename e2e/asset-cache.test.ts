/**
 * The app's own files (scripts, stylesheets) are kept by the phone: every file under /assets/ is named by its
 * content's hash and served as immutable for a year (public/_headers), so a second screen asks the server for
 * none of them again, while the page itself and the files with fixed names are checked on every visit.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { baseURL, newPage, useChromium } from "./chromium";
import { expectSeen } from "./seen";

const chromium = useChromium();

const IMMUTABLE = "public, max-age=31536000, immutable";

/** The built files the asset server serves under /assets/. */
const builtAssets = () => readdirSync(join(inject("buildDir"), "client", "assets"));

describe("the app's files in the browser's cache", () => {
  it("every file under /assets/ carries its content's hash in its name, so it can never change under that name", () => {
    const names = builtAssets();
    expect(names.length).toBeGreaterThan(20);
    // Vite's [name]-[hash] (8 characters of base64url) before the extension.
    expect(names.filter((name) => !/-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/.test(name))).toEqual([]);
  });

  it("serves /assets/ immutable for a year, and the page, boot.js and the icon to be checked each time", async () => {
    const script = builtAssets().find((name) => name.endsWith(".js"))!;
    const cacheOf = async (path: string) => (await fetch(`${baseURL()}${path}`)).headers.get("cache-control");
    expect(await cacheOf(`/assets/${script}`)).toBe(IMMUTABLE);
    for (const path of ["/login", "/boot.js", "/favicon.svg"]) expect(await cacheOf(path), path).not.toContain("immutable");
  });

  it("a second screen opened in the same browser fetches none of the app's files again", async () => {
    const { context, page } = await newPage(chromium.browser, { mobile: true });
    await page.goto("/login");
    await expectSeen(page.getByRole("button", { name: "Entrar" }));
    await page.goto("/register");
    await expectSeen(page.getByRole("button", { name: "Crear cuenta" }));
    // Resource Timing: a file taken from the cache moved no bytes; a revalidation (304) moves its headers.
    const fetched = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/"))
        .map((entry) => ({ path: new URL(entry.name).pathname, bytes: (entry as PerformanceResourceTiming).transferSize })),
    );
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.filter((file) => file.bytes > 0)).toEqual([]);
    await context.close();
  });
});
