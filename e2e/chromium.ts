import { chromium, request, type Browser, type BrowserContext, type Cookie, type Page } from "playwright-core";
import { existsSync, readFileSync, statSync } from "node:fs";
import { afterAll, beforeAll, inject, onTestFailed } from "vitest";

/**
 * Debian's headless shell (package chromium-headless-shell): the same Chromium and Blink as /usr/bin/chromium,
 * built without the desktop browser's windowing and UI, as Playwright's own headless runs use. The e2e project
 * costs about half the CPU on it (486 against 843–900 CPU s, docs/testing.md). Without it, Debian's chromium.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromiumPath = () => process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** Debian's Chromium, never a downloaded one; flags keep it off the (closed) network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const baseURL = () => inject("baseURL");

/** How long a screen may take to reach a state (a click's effect, a navigation) on a busy 2-core machine. */
export const STATE_MS = 60_000;

/** The two phones every shopper flow is checked on: a common 390 px one and a small 360 px one. */
export const PHONES = { mobile: { width: 390, height: 844 }, small: { width: 360, height: 740 } } as const;

export interface PageOptions {
  /** A 390×844 phone. */
  mobile?: boolean;
  /** A small 360×740 phone (wins over `mobile`): what a narrow, short screen leaves of a drawer or a form. */
  small?: boolean;
  /**
   * The tutorial opens once per browser on the first signed-in screen; a fresh
   * context is a new browser, so by default it starts as already seen and
   * tests are not blocked by it. e2e/shell.test.ts passes false to test it.
   */
  tutorialSeen?: boolean;
  colorScheme?: "light" | "dark";
  javaScriptEnabled?: boolean;
  /** Another app instance, e.g. one started with MAINTENANCE_MODE=on. */
  baseURL?: string;
  /** A browser's own name instead of HeadlessChrome's, which the store's statistics leave out as a robot's. */
  userAgent?: string;
  /**
   * "reduce" by default: the screens as a seller who asked for less motion sees them (web/styles.css), with
   * no skeleton or spinner repainting every frame while a test waits, which was a fifth of Chromium's CPU
   * time. e2e/shell.test.ts checks both settings.
   */
  reducedMotion?: "reduce" | "no-preference";
  /** A touch screen and no mouse (a real phone): `pointer: coarse`, `hover: none`. */
  touch?: boolean;
  /** The browser's language (navigator.languages, Accept-Language): es-AR unless a test is about another. */
  locale?: string;
  /** The country Cloudflare's edge names for the visitor (x-vidriera-country locally): none unless a test is about one. */
  country?: string;
}

export async function newPage(browser: Browser, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  // Orders, sign-ups and coupons are throttled per visitor's address (orders 10 in 10 minutes) and the whole e2e
  // run comes from one: each browser comes from its own, as each shopper's phone does (the edge sets the header
  // on Cloudflare). A header on every request, not a route: a route sends every request of the page through
  // this process and turns the browser's cache off, and each screen then fetched and compiled the app again
  // (a quarter more CPU per navigation).
  const headers: Record<string, string> = { "cf-connecting-ip": shopperAddress() };
  if (options.country) headers["x-vidriera-country"] = options.country;
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseURL(),
    extraHTTPHeaders: headers,
    locale: options.locale ?? "es-AR",
    viewport: options.small ? PHONES.small : options.mobile ? PHONES.mobile : { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? "light",
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    userAgent: options.userAgent,
    reducedMotion: options.reducedMotion ?? "reduce",
    hasTouch: options.touch ?? false,
  });
  if (options.tutorialSeen ?? true) {
    await context.addInitScript(() => {
      try {
        localStorage.setItem("vidriera-tutorial-visto", "1");
      } catch {
        // opaque origins (about:blank) have no storage
      }
    });
  }
  // The test's own API calls (page.request) share one kept-alive connection pool per context. A full run once
  // failed on `apiRequestContext.get: read ECONNRESET`, a GET the app reset on a pooled connection. A browser
  // sends a request again when a reused connection is reset before any answer; Playwright's `maxRetries`
  // (ECONNRESET only, never an HTTP status) does the same, once. Every verb goes through `fetch`.
  const api = context.request;
  const fetch = api.fetch.bind(api);
  api.fetch = (urlOrRequest, options) => fetch(urlOrRequest, { maxRetries: 1, ...options });
  // Playwright's own 30 s default is what an idle machine needs; a shared CI box at half speed needs more.
  // Every wait is still on a state: this only bounds how long a state may take to come.
  context.setDefaultTimeout(STATE_MS);
  context.setDefaultNavigationTimeout(STATE_MS);
  const page = await context.newPage();
  reportOnFailure(page);
  return { context, page };
}

/**
 * When the test fails, what its page showed and heard: the address, open dialogs, alerts and toasts on screen,
 * the page's errors and the API answers that were not OK. A wait that ran out says only what did not come;
 * this says what came instead (an error toast, a 503, a dialog still open).
 */
function reportOnFailure(page: Page) {
  const heard: string[] = [];
  // The app's log is shared by every file running at once: only what it printed since this page opened.
  const logFrom = serverLogSize();
  const keep = (line: string) => heard.push(line) > 30 && heard.shift();
  page.on("pageerror", (error) => keep(`page error: ${error.message}`));
  // A failed resource is already in the answers below.
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) keep(`console: ${message.text()}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname.startsWith("/api/"))
      keep(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on("requestfailed", (request) => keep(`failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`));
  try {
    onTestFailed(async () => {
      if (page.isClosed()) return;
      const shown = await page
        .evaluate(() =>
          Array.from(document.querySelectorAll("dialog[open], [role=alert], [role=status]"))
            .map(
              (element) =>
                `${element.tagName.toLowerCase()} ${element.getAttribute("aria-label") ?? ""}: ${(element as HTMLElement).innerText.replace(/\s+/g, " ").slice(0, 200)}`,
            )
            .filter((line) => !line.endsWith(": ")),
        )
        .catch((error: Error) => [`(could not read the page: ${error.message})`]);
      console.error(
        [
          "What the page showed when the test failed:",
          `  at ${page.url()}`,
          ...shown.map((line) => `  ${line}`),
          ...heard.map((line) => `  ${line}`),
          ...serverTrouble(logFrom).map((line) => `  app: ${line}`),
        ].join("\n"),
      );
    });
  } catch {
    // Outside a test (a beforeAll): nothing to report to.
  }
}

function serverLogSize(): number {
  try {
    return statSync(inject("serverLog")).size;
  } catch {
    return 0;
  }
}

/**
 * The app's warnings, errors and non-JSON lines (workerd's own: an uncaught exception, a queue consumer that
 * threw) printed since `from`: a queue's work is invisible to the page, and a wait for its outcome otherwise
 * says only that it did not come. Other files' lines may be among them; the last 20 are kept.
 */
function serverTrouble(from: number): string[] {
  let text: string;
  try {
    text = readFileSync(inject("serverLog")).subarray(from).toString("utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter((line) => line.trim() && !/"level":"(info|debug)"/.test(line))
    .slice(-20)
    .map((line) => line.slice(0, 300));
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * The Chromium of this test process: launched by the first file that asks, reused by the files the process runs
 * after it (vitest.config.ts, isolate: false), and closed when the process exits (playwright-core kills the
 * browsers it launched). A launch and close cost about 0.19 CPU s more than a context in a running browser
 * (0.29 against 0.11 on the headless shell). Files still share nothing through it: every page lives in a context
 * of its own (newPage), with its own cookies, storage and cache, and a file's contexts are closed when it ends.
 */
let processBrowser: Promise<Browser> | undefined;
async function sharedBrowser(): Promise<Browser> {
  const running = await processBrowser;
  if (running?.isConnected()) return running;
  processBrowser = launchChromium();
  // A launch that failed is tried again by the next file, not handed to it.
  processBrowser.catch(() => {
    processBrowser = undefined;
  });
  return processBrowser;
}

/** This process's Chromium for one test file, its contexts closed when the file is done. Read `.browser` inside tests. */
export function useChromium() {
  const holder = {} as { browser: Browser };
  beforeAll(async () => {
    holder.browser = await sharedBrowser();
  });
  afterAll(async () => {
    if (holder.browser?.isConnected()) await Promise.all(holder.browser.contexts().map((context) => context.close()));
  });
  return holder;
}

/** Generation runs the offline studio pipeline; a cold Worker can take a while. */
export const GENERATION_MS = 90_000;

/** An address in a documentation range (RFC 5737), so each sign-up counts as a different visitor's. */
const testAddress = () => `198.51.100.${1 + Math.floor(Math.random() * 254)}`;

/**
 * A shopper's own address for orders: a random /64 of the IPv6 documentation range, the unit the Worker counts
 * an IPv6 address by (worker/lib/client-address.ts), so two browsers of a run practically never share one.
 */
export const shopperAddress = () => {
  const group = () => Math.floor(Math.random() * 0x10000).toString(16);
  return `2001:db8:${group()}:${group()}::1`;
};

/**
 * A new seller signed up through the API, for tests that need an account but are not about signing up:
 * its session cookies (context.addCookies) and password. Sign-ups are throttled per address (10 an hour)
 * and the whole e2e run comes from one; these come from their own address in a documentation range
 * (locally the header reaches the Worker as sent; on Cloudflare the edge sets it), so they leave that
 * budget to the tests that sign up through the screens. Playwright's own HTTP client makes the call, not a
 * browser context: a context opened only to post a form and read its cookies cost Chromium about 0.1 CPU s.
 */
export async function newSeller(
  prefix: string,
  // Another app instance (one started with other settings); by default the run's app.
  origin: string = baseURL(),
): Promise<{ cookies: Cookie[]; email: string; password: string }> {
  const api = await request.newContext({ baseURL: origin });
  try {
    const email = uniqueEmail(prefix);
    const password = "mi-clave-segura";
    const response = await api.post("/api/auth/register", {
      data: { email, password },
      headers: { "cf-connecting-ip": testAddress() },
      // As newPage's: a connection the app resets before any answer is tried once more.
      maxRetries: 1,
    });
    if (response.status() !== 201) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
    const { cookies } = await api.storageState();
    return { cookies, email, password };
  } finally {
    await api.dispose();
  }
}

export type Seller = Awaited<ReturnType<typeof newSeller>>;

/**
 * One seller for the whole file, signed up once in beforeAll through the real sign-up (the same
 * password hashing as every account): files that are not about signing up start from it, so a slow
 * machine pays for one sign-up per file instead of one per test. Read its fields inside tests.
 */
export function useSeller(prefix: string): Seller {
  const seller = {} as Seller;
  beforeAll(async () => {
    Object.assign(seller, await newSeller(prefix));
  });
  return seller;
}

/** Signs `page`'s context in as `seller` and opens `path`, once the signed-in header shows the balance. */
export async function signInTo(page: Page, seller: Seller, path = "/home") {
  await page.context().addCookies(seller.cookies);
  await page.goto(path);
  await page.getByRole("banner").getByTestId("credits").waitFor();
}

/** The router the seller app navigates with, as TanStack Router keeps it on `self` (its constructor's own line). */
interface AppRouter {
  navigate(options: { href: string }): Promise<void>;
  state: { status: "pending" | "idle"; resolvedLocation?: { href: string } };
}

/** What Playwright's "networkidle" means: no request of the page in flight for this long. */
const QUIET_MS = 500;

/**
 * Opens `path` (with its `?query`) in the seller app already loaded in `page` as a tap on one of its links does:
 * through the app's own router, without loading the app again; in a page that has no app loaded yet, with
 * `goto`. Resolves once the router has drawn that very address (a guard that sends elsewhere fails the wait)
 * and no request of the page has been in flight for 500 ms (the screen's data has come), as `goto` with
 * "networkidle" does. A screen opened with `goto` costs the machine about ten times the CPU (docs/testing.md):
 * keep `goto` for what a full load is about (a first visit, a reload, a link from an e-mail, the store's pages).
 */
export async function openInApp(page: Page, path: string, { timeout = STATE_MS }: { timeout?: number } = {}): Promise<void> {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const started = (request: unknown) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: unknown) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    const routed = await page.evaluate(async (href) => {
      const router = (self as { __TSR_ROUTER__?: AppRouter }).__TSR_ROUTER__;
      if (!router) return false;
      await router.navigate({ href });
      return true;
    }, path);
    if (!routed) {
      await page.goto(path, { waitUntil: "networkidle", timeout });
      return;
    }
    await page.waitForFunction(
      (href) => {
        const { state } = (self as unknown as { __TSR_ROUTER__: AppRouter }).__TSR_ROUTER__;
        return state.status === "idle" && state.resolvedLocation?.href === href;
      },
      path,
      { timeout },
    );
    const deadline = Date.now() + timeout;
    while (inFlight.size > 0 || Date.now() - lastChange < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`${path}: the page's requests never went quiet (${inFlight.size} in flight)`);
      await new Promise((done) => setTimeout(done, 50));
    }
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}

/** Registers a new seller through the real screen and waits for /home. */
export async function registerInBrowser(page: Page, prefix: string) {
  // The page comes from newPage, so from its own address, like newSeller's: the suite signs up more than the
  // 10 an hour one address may.
  await page.goto("/register");
  await page.getByLabel("Email").fill(uniqueEmail(prefix));
  await page.getByLabel("Contraseña").fill("mi-clave-segura");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await page.waitForURL("**/home");
}

export const creditsShown = (page: Page) => page.getByTestId("credits").textContent();

export interface Drawing {
  width: number;
  height: number;
  type: "image/png" | "image/jpeg";
  /** Random pixels do not compress, so a modest PNG ends up well over 1 MB. */
  noise?: boolean;
  /** The garment's colour (default red). */
  color?: string;
}

/** A real photo-like file drawn by the browser itself, returned as bytes for setInputFiles. */
export async function drawImage(page: Page, drawing: Drawing): Promise<Buffer> {
  const base64 = await page.evaluate(async ({ width, height, type, noise, color }) => {
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d")!;
    if (noise) {
      const pixels = ctx.createImageData(width, height);
      const chunk = new Uint8Array(65536);
      for (let i = 0; i < pixels.data.length; i += chunk.length) {
        crypto.getRandomValues(chunk);
        pixels.data.set(chunk.subarray(0, Math.min(chunk.length, pixels.data.length - i)), i);
      }
      for (let i = 3; i < pixels.data.length; i += 4) pixels.data[i] = 255;
      ctx.putImageData(pixels, 0, 0);
    } else {
      // A T-shirt on a light backdrop: something the studio pipeline can cut out.
      ctx.fillStyle = "#f1f5f9";
      ctx.fillRect(0, 0, width, height);
      ctx.fillStyle = color ?? "#dc2626";
      const w = width / 100;
      const h = height / 100;
      ctx.beginPath();
      ctx.moveTo(30 * w, 15 * h);
      ctx.lineTo(42 * w, 12 * h);
      ctx.quadraticCurveTo(50 * w, 20 * h, 58 * w, 12 * h);
      ctx.lineTo(70 * w, 15 * h);
      ctx.lineTo(88 * w, 32 * h);
      ctx.lineTo(78 * w, 42 * h);
      ctx.lineTo(70 * w, 36 * h);
      ctx.lineTo(70 * w, 88 * h);
      ctx.lineTo(30 * w, 88 * h);
      ctx.lineTo(30 * w, 36 * h);
      ctx.lineTo(22 * w, 42 * h);
      ctx.lineTo(12 * w, 32 * h);
      ctx.closePath();
      ctx.fill();
    }
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), type, 0.92));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, drawing);
  return Buffer.from(base64, "base64");
}
