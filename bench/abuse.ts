/**
 * Issue 12's attacks against the real HTTP API: `npm run bench:abuse`.
 *
 * Builds the app and serves it with `wrangler dev` (the built Worker in workerd, local D1, R2 and Durable
 * Objects, on loopback), as the load benches do, with live payments pointed at a fake dLocal Go on
 * loopback (the local edge reports the country as US, so checkouts go to dLocal Go): it answers the
 * shapes dLocal Go answers and checks the request's Authorization. Each attack is fired at once
 * (Promise.all). Addresses are sent as `cf-connecting-ip`, the header Cloudflare's edge sets and the local
 * server keeps when a client sends it, so an attacker's address and the owner's can differ.
 *
 * It prints one markdown row per attack (attack, burst, accepted, refused, statuses, result) and checks
 * each against what the fix promises; then the app stops and `npm run check:ledger` runs on the database
 * it used (and on its R2: nothing deleted or never allowed is stored). It exits 1 if any attack got through
 * or the ledger does not hold. Rows whose result is a time (the scan bomb refused, a sign-in during a burst
 * of recovery links) are also appended to $BENCH_RESULTS, when set, as the bench contract asks.
 *
 * Two attacks need what no HTTP request can make: a scan bomb stored before uploads were checked is put
 * into the local R2 (and taken out again), and abandoned checkouts hours old are written into the local D1,
 * both with wrangler against the state the running app uses; the reconciliation cron is run through the
 * local server's /cdn-cgi/local/scheduled.
 */
import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalApp } from "../scripts/local-app.ts";
import { OFFLINE_ENV } from "../scripts/local-state.ts";
import { scanBomb } from "../scripts/scan-bomb.ts";
import { STUDIO_SLOTS } from "../worker/providers/studio-slots.ts";
import { recordRow } from "./results.ts";
import { checkLedger, processEnded, samplePhotoJpeg, workerdPid } from "./sample-photo.ts";

const DLOCALGO_API_KEY = "bench-dlocalgo-api-key";
const DLOCALGO_SECRET_KEY = "bench-dlocalgo-secret-key";
const KiB = 1024;
const MiB = 1024 * KiB;

// ── A fake dLocal Go on loopback ──────────────────────────────────────────────────────────────────────
interface FakePayment {
  id: string;
  amount: number;
  currency: string;
  country: string | null;
  status: "PENDING" | "PAID";
  order_id: string;
  description: string;
}
const fakePayments = new Map<string, FakePayment>();
let fakeSeen = 0;
let fakeRefused = 0;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((done) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => done(body));
  });
}

const dlocalgo: Server = createServer(async (request, response) => {
  fakeSeen++;
  const body = await readBody(request);
  const answer = (status: number, value: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(value));
  };
  if (request.headers.authorization !== `Bearer ${DLOCALGO_API_KEY}:${DLOCALGO_SECRET_KEY}`) {
    fakeRefused++;
    return answer(401, { code: 3001, message: "Invalid credentials" });
  }
  if (request.method === "POST" && request.url === "/v1/payments") {
    const sent = JSON.parse(body) as { amount: number; currency: string; country?: string; order_id: string; description: string };
    const payment: FakePayment = {
      id: `DP-${fakePayments.size + 70001}`,
      amount: sent.amount,
      currency: sent.currency,
      country: sent.country ?? null,
      status: "PENDING",
      order_id: sent.order_id,
      description: sent.description,
    };
    fakePayments.set(payment.id, payment);
    return answer(200, { ...payment, redirect_url: `https://checkout.dlocalgo.com/validate/recurring/${payment.id.toLowerCase()}` });
  }
  const byId = /^\/v1\/payments\/([^/?]+)$/.exec(request.url ?? "");
  if (request.method === "GET" && byId) {
    const payment = fakePayments.get(decodeURIComponent(byId[1]!));
    return payment ? answer(200, payment) : answer(404, { code: 4000, message: "Payment not found" });
  }
  answer(404, { code: 4004, message: "Not found" });
});
await new Promise<void>((done) => dlocalgo.listen(0, "127.0.0.1", done));
const dlocalgoUrl = `http://127.0.0.1:${(dlocalgo.address() as { port: number }).port}`;

/** The payer pays on dLocal Go's page: the payment is PAID there, whether or not its notification arrives. */
function payAtProvider(orderId: string): string {
  const payment = [...fakePayments.values()].find((p) => p.order_id === orderId);
  if (!payment) throw new Error(`no dLocal Go payment for ${orderId}`);
  payment.status = "PAID";
  return payment.id;
}

// ── The app ───────────────────────────────────────────────────────────────────────────────────────────
const state = mkdtempSync(join(tmpdir(), "abuse-"));
process.on("exit", () => rmSync(state, { recursive: true, force: true }));
const app = await startLocalApp(state, {
  keepState: true,
  server: "wrangler",
  vars: { PAYMENTS_MODE: "live", DLOCALGO_API_KEY, DLOCALGO_SECRET_KEY, DLOCALGO_BASE_URL: dlocalgoUrl },
});
const base = app.baseURL;

/** wrangler against the local D1 and R2 the running app uses (its build's config, its state folder). */
function wranglerLocal(args: string[]): string {
  return execFileSync(
    "wrangler",
    [...args, "--local", "--persist-to", state, "--config", join(app.buildDir, "vidriera", "wrangler.json")],
    {
      env: { ...OFFLINE_ENV, CI: "true" },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
}

let addresses = 0;
/** A browser from one address (cf-connecting-ip), keeping its session cookie. */
class Client {
  cookie = "";
  readonly address: string;
  constructor(address = `198.51.100.${++addresses}`) {
    this.address = address;
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("cf-connecting-ip", this.address);
    headers.set("origin", base);
    if (this.cookie) headers.set("cookie", this.cookie);
    const response = await fetch(`${base}${path}`, { ...init, headers, redirect: "manual" });
    const session = response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0]!)
      .find((pair) => pair.startsWith("vidriera_session="));
    if (session) this.cookie = session;
    return response;
  }

  json(method: string, path: string, body?: unknown): Promise<Response> {
    return this.request(path, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
}

let emails = 0;
const PASSWORD = "una-clave-segura";
async function signedUp(client = new Client()) {
  const email = `abuso-${Date.now().toString(36)}-${++emails}@example.com`;
  const response = await client.json("POST", "/api/auth/register", { email, password: PASSWORD });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  return { client, email, id: user.id };
}

const credits = async (client: Client) =>
  ((await (await client.request("/api/auth/profile")).json()) as { user: { credits: number } }).user.credits;

const photo = await samplePhotoJpeg(600, 800);
/** A seller with an open store and one published, priced product (sizes as given). */
async function shop(sizes: { name: string; stock: number }[] = []) {
  const seller = await signedUp();
  const store = await seller.client.json("POST", "/api/auth/mi-tienda", {
    storeName: `Tienda Abuso ${emails}`,
    phoneNumber: "+54 9 11 4000-1234",
    countryCode: "AR",
  });
  if (store.status >= 300) throw new Error(`mi-tienda: ${store.status} ${await store.text()}`);
  const username = ((await store.json()) as { user: { username: string } }).user.username;
  const product = await uploaded(seller.client);
  const priced = await seller.client.json("POST", "/api/products/update-pricing", {
    products: [{ id: product, price: "15.000", sizes, published: true }],
  });
  if (priced.status !== 200) throw new Error(`update-pricing: ${priced.status} ${await priced.text()}`);
  return { ...seller, username, product };
}

async function uploaded(client: Client): Promise<string> {
  const form = new FormData();
  form.append("images", new Blob([photo], { type: "image/jpeg" }), "remera.jpg");
  const response = await client.request("/api/products/upload-images", { method: "POST", body: form });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { products: { id: string }[] }).products[0]!.id;
}

// ── The table ─────────────────────────────────────────────────────────────────────────────────────────
interface Row {
  attack: string;
  burst: string;
  accepted: number;
  refused: number;
  statuses: string;
  result: string;
}
const rows: Row[] = [];
const problems: string[] = [];
const burst = <T>(n: number, one: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => one(i)));
/** A request and how long its answer took, body read. */
async function timed(send: () => Promise<Response>): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  const response = await send();
  const body = await response.text();
  return { status: response.status, ms: performance.now() - started, body };
}
const ms = (value: number) => `${Math.round(value)} ms`;
const tally = (list: number[]) =>
  Object.entries(
    list.reduce<Record<number, number>>((counts, s) => {
      counts[s] = (counts[s] ?? 0) + 1;
      return counts;
    }, {}),
  )
    .map(([status, n]) => `${n} × ${status}`)
    .join(", ");

/** A stable row id for the reliability table (docs/reliability.md), from the attack's own words. */
const rowId = (attack: string) =>
  `abuse:${attack
    .normalize("NFD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-")
    .slice(0, 60)
    .replace(/-+$/, "")}`;

/** One row; `ok` is what the fix promises (accepted = 2xx and 3xx answers). */
function record(attack: string, burstSize: string, statuses: number[], result: string, ok: boolean) {
  const accepted = statuses.filter((s) => s < 400).length;
  rows.push({ attack, burst: burstSize, accepted, refused: statuses.length - accepted, statuses: tally(statuses), result });
  recordRow({
    row: rowId(attack),
    what: `${attack} (burst ${burstSize})`,
    figure: `${accepted} accepted, ${statuses.length - accepted} refused (${tally(statuses)}): ${result}`,
    // Held or not is the table's third column (bench/table.ts); the promise is in `result`.
    budget: "",
    over: !ok,
    how: "npm run bench:abuse",
  });
  if (!ok) problems.push(`${attack}: ${tally(statuses)}; ${result}`);
  console.log(`  ${ok ? "ok  " : "FAIL"} ${attack}: ${tally(statuses)}`);
}

const workerd = workerdPid();
try {
  console.log(`\nattacks against ${base} (dLocal Go fake at ${dlocalgoUrl})`);

  {
    const victim = await signedUp();
    const attacker = "203.0.113.10";
    const answers = await burst(40, (i) =>
      new Client(attacker).json("POST", "/api/auth/login", { email: victim.email, password: `mal-${i}` }),
    );
    const statuses = answers.map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    record(
      "wrong passwords on one account from one address",
      "40",
      statuses,
      `${checked} reached the password check`,
      checked === 5 && statuses.every((s) => s === 401 || s === 429),
    );
  }

  {
    const owner = await signedUp();
    const attacker = "203.0.113.20";
    const answers = await burst(30, (i) =>
      new Client(attacker).json("POST", "/api/auth/login", { email: owner.email, password: `mal-${i}` }),
    );
    const own = await new Client("198.51.100.250").json("POST", "/api/auth/login", { email: owner.email, password: PASSWORD });
    const statuses = answers.map((r) => r.status);
    record(
      "an attacker's address guesses, then the owner signs in from theirs",
      "30 + 1",
      [...statuses, own.status],
      `owner: ${own.status === 200 ? "signed in (200)" : `refused (${own.status})`}`,
      own.status === 200 && statuses.filter((s) => s === 401).length === 5,
    );
  }

  {
    const address = "203.0.113.30";
    const tag = Date.now().toString(36);
    const answers = await burst(20, (i) =>
      new Client(address).json("POST", "/api/auth/register", { email: `rafaga-${tag}-${i}@example.com`, password: PASSWORD }),
    );
    const statuses = answers.map((r) => r.status);
    const made = statuses.filter((s) => s === 201).length;
    record("sign-ups from one address", "20", statuses, `${made} accounts (${made} × 500 free credits)`, made === 10);
  }

  {
    const s = await shop();
    const address = "203.0.113.40";
    const answers = await burst(40, () =>
      new Client(address).json("POST", "/api/orders", { username: s.username, lines: [{ productId: s.product, quantity: 1 }] }),
    );
    const statuses = answers.map((r) => r.status);
    const saved = statuses.filter((s) => s === 201).length;
    record("orders from one address", "40", statuses, `${saved} orders saved`, saved === 10);
  }

  {
    const { client } = await signedUp(new Client("203.0.113.50"));
    const answers = await burst(20, () =>
      client.request("/api/auth/account", {
        method: "DELETE",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ password: "no-es-la-clave" }),
      }),
    );
    const statuses = answers.map((r) => r.status);
    const checked = statuses.filter((s) => s === 403).length;
    record("wrong passwords on account deletion (a stolen session)", "20", statuses, `${checked} checked`, checked === 5);
  }

  {
    const { client } = await signedUp(new Client("203.0.113.60"));
    const answers = await burst(20, (i) =>
      client.json("PUT", "/api/auth/password", { currentPassword: `adivinanza-${i}`, newPassword: "una-clave-nueva" }),
    );
    const statuses = answers.map((r) => r.status);
    const checked = statuses.filter((s) => s === 403).length;
    record("guesses of the current password on password change", "20", statuses, `${checked} checked`, checked === 5);
  }

  {
    const s = await shop([{ name: "S", stock: 1 }]);
    const placed = await burst(2, () =>
      new Client().json("POST", "/api/orders", { username: s.username, lines: [{ productId: s.product, size: "S", quantity: 1 }] }),
    );
    const ids = await Promise.all(placed.map(async (r) => ((await r.json()) as { order: { id: string } }).order.id));
    const confirms = await Promise.all(ids.map((id) => s.client.json("PUT", `/api/orders/${id}/status`, { status: "confirmado" })));
    const statuses = confirms.map((r) => r.status);
    const refusal = confirms.find((r) => r.status === 409);
    const error = refusal ? ((await refusal.json()) as { error: string }).error : "";
    record(
      "confirming two orders for the last unit at once",
      "2",
      statuses,
      refusal ? `one confirmed, one refused: "${error.slice(0, 70)}…"` : "both confirmed",
      statuses.sort().join() === "200,409",
    );
  }

  let planCheckout = "";
  let planSeller: Client | undefined;
  {
    const { client } = await signedUp();
    const answers = await burst(4, () => client.json("POST", "/api/payments/create-dlocal-payment", { purpose: "store_plan" }));
    const statuses = answers.map((r) => r.status);
    const opened = answers.find((r) => r.status === 201);
    if (opened) planCheckout = ((await opened.json()) as { paymentId: string }).paymentId;
    planSeller = client;
    record(
      "plan checkouts opened at once",
      "4",
      statuses,
      `${statuses.filter((s) => s === 201).length} opened`,
      statuses.sort().join() === "201,409,409,409",
    );
  }

  {
    // Meanwhile, in another tab, the seller activates the plan with credits; then the open checkout is paid.
    const client = planSeller!;
    const activated = await client.request("/api/credits/auto-charge", { method: "POST" });
    const before = await credits(client);
    const remoteId = payAtProvider(planCheckout);
    const body = JSON.stringify({ payment_id: remoteId });
    const signature = createHmac("sha256", DLOCALGO_SECRET_KEY)
      .update(DLOCALGO_API_KEY + body)
      .digest("hex");
    const notify = () =>
      fetch(`${base}/api/payments/webhooks/dlocalgo`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `V2-HMAC-SHA256, Signature: ${signature}` },
        body,
      });
    // dLocal Go may deliver it more than once: three copies at once.
    const notices = await burst(3, notify);
    const after = await credits(client);
    const payment = (await (await client.request(`/api/payments/${planCheckout}`)).json()) as { payment: { convertedCredits?: number } };
    record(
      "plan paid after activating it with credits (notification sent 3 times)",
      "1 + 3",
      [activated.status, ...notices.map((r) => r.status)],
      `balance ${before} → ${after}; return page shows ${payment.payment.convertedCredits ?? 0} credits converted`,
      activated.status === 200 && after - before === 500 && payment.payment.convertedCredits === 500,
    );
  }

  {
    const { client } = await signedUp();
    const opened = await client.json("POST", "/api/payments/create-dlocal-payment", { packId: "pack-10" });
    const { paymentId } = (await opened.json()) as { paymentId: string };
    const before = await credits(client);
    payAtProvider(paymentId);
    // No notification arrives; the seller's return page is opened in five tabs at once.
    const answers = await burst(5, () => client.request(`/api/payments/${paymentId}`));
    const states = await Promise.all(answers.map(async (r) => ((await r.json()) as { payment: { status: string } }).payment.status));
    const after = await credits(client);
    const again = await credits(client);
    record(
      "checkout paid, notification lost; return page read 5 times at once",
      "5",
      answers.map((r) => r.status),
      `${states.filter((s) => s === "approved").length} of 5 answers approved; balance ${before} → ${after} (once: ${again === after})`,
      after - before === 500 && states.includes("approved"),
    );
  }

  {
    const { client } = await signedUp();
    const product = await uploaded(client);
    // Every route with a body, one byte over the limit it declares (worker/lib/body-limit.ts).
    const routes: [string, string, number][] = [
      ["POST", "/api/auth/register", 16 * KiB],
      ["POST", "/api/auth/login", 16 * KiB],
      ["POST", "/api/auth/login-or-register", 16 * KiB],
      ["DELETE", "/api/auth/logout", 1 * KiB],
      ["POST", "/api/auth/password-reset", 16 * KiB],
      ["POST", "/api/auth/password-reset/confirm", 16 * KiB],
      ["PUT", "/api/auth/password", 16 * KiB],
      ["DELETE", "/api/auth/account", 16 * KiB],
      ["POST", "/api/auth/mi-tienda", 8 * MiB],
      ["POST", "/api/credits/auto-charge", 1 * KiB],
      ...["generate-ad", "back-image", "baby-image", "kid-image", "girl-kid-image", "outfit-image", "personalize"].map(
        (route): [string, string, number] => ["POST", `/api/products/${route}/${product}`, 16 * KiB],
      ),
      ["POST", `/api/products/images/modify/${product}`, 16 * KiB],
      ["POST", "/api/products/generate-product-and-image", 25 * MiB],
      ["POST", `/api/products/images/${product}/restore-original`, 1 * KiB],
      ["DELETE", `/api/products/images/${product}`, 1 * KiB],
      ["POST", "/api/products/upload-images", 25 * MiB],
      ["PUT", "/api/products/update", 25 * MiB],
      ["DELETE", `/api/products/delete/${product}`, 1 * KiB],
      ["POST", "/api/products/update-pricing", 1 * MiB],
      ["POST", "/api/products/publish", 16 * KiB],
      ["POST", "/api/orders", 32 * KiB],
      ["PUT", "/api/orders/x/status", 16 * KiB],
      ["POST", "/api/payments/create-preference", 16 * KiB],
      ["POST", "/api/payments/create-dlocal-payment", 16 * KiB],
      ["POST", "/api/payments/webhooks/dlocalgo", 16 * KiB],
      ["POST", "/api/payments/simulated/checkout", 8 * KiB],
    ];
    const answers = await Promise.all(
      routes.map(([method, path, limit]) =>
        client.request(path, { method, headers: { "content-type": "application/json" }, body: `{"x":"${"a".repeat(limit + 1 - 8)}"}` }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    const errors = await Promise.all(answers.map(async (r) => ((await r.json().catch(() => ({}))) as { error?: string }).error ?? ""));
    const spanish = errors.filter((e) => /^[A-ZÁÉÍÓÚ¡¿].*[a-záéíóúñ]/.test(e)).length;
    record(
      `bodies one byte over each route's limit`,
      `${routes.length} routes`,
      statuses,
      `${spanish} answered with a Spanish error`,
      statuses.every((s) => s === 413) && spanish === routes.length,
    );
  }

  {
    const { client } = await signedUp();
    const product = await uploaded(client);
    const junk = ["1e5abc", "1e5", "12,5,00", "-3000", "0x10", "15.000,5", "NaN", "∞", "١٢٣"];
    const answers = await Promise.all(
      junk.map((price) => client.json("POST", "/api/products/update-pricing", { products: [{ id: product, price, sizes: [] }] })),
    );
    const statuses = answers.map((r) => r.status);
    const { products } = (await (await client.request(`/api/products/list/${await profileId(client)}`)).json()) as {
      products: { id: string; price: unknown }[];
    };
    const stored = products.find((p) => p.id === product)?.price ?? null;
    record(
      `junk prices (${junk.map((j) => `"${j}"`).join(", ")})`,
      `${junk.length}`,
      statuses,
      `price stored: ${JSON.stringify(stored)}`,
      statuses.every((s) => s === 400) && !stored,
    );
  }

  {
    const { client } = await signedUp();
    const product = await uploaded(client);
    const before = await credits(client);
    const answers = await Promise.all([
      client.json("POST", "/api/products/generate-product-and-image", { image: "A", includeModel: true }),
      client.json("POST", "/api/products/generate-product-and-image", { image: "data:image/jpeg;base64,%%%", includeModel: true }),
      client.json("PUT", "/api/products/update", { id: product, name: "Remera", imageBase64: "A" }),
    ]);
    const statuses = answers.map((r) => r.status);
    const after = await credits(client);
    record(
      `bad base64 ({"image":"A"} and others) on generate-product-and-image and product update`,
      "3",
      statuses,
      `credits ${before} → ${after}`,
      statuses.every((s) => s === 400) && after === before,
    );
  }

  {
    // The scan bomb: a 3264×2448 progressive JPEG whose data is followed by 35,000 empty scans, uploaded
    // while anyone else's requests go on. Before the check it was stored and took ~38 s to decode.
    const { client } = await signedUp();
    const bomb = scanBomb(await samplePhotoJpeg(3264, 2448), 35_000);
    const form = new FormData();
    form.append("images", new Blob([bomb], { type: "image/jpeg" }), "foto.jpg");
    const [upload, ...config] = await Promise.all([
      timed(() => client.request("/api/products/upload-images", { method: "POST", body: form })),
      ...Array.from({ length: 20 }, (_, i) => sleep(i * 25).then(() => timed(() => new Client().request("/api/config")))),
    ]);
    const error = (JSON.parse(upload.body) as { error?: string }).error ?? "";
    const slowestConfig = Math.max(...config.map((c) => c.ms));
    record(
      `a progressive JPEG of 35,000 empty scans (3264×2448, ${Math.round(bomb.length / KiB)} KiB) uploaded while /api/config is asked 20 times`,
      "1 + 20",
      [upload.status, ...config.map((c) => c.status)],
      `refused in ${ms(upload.ms)}: "${error.slice(0, 60)}…"; /api/config slowest ${ms(slowestConfig)} meanwhile`,
      upload.status === 400 && error.startsWith("«foto.jpg» es un JPEG progresivo") && config.every((c) => c.status === 200),
    );

    // The same file as if stored before uploads were checked: anyone may ask for its renditions and preview.
    const hash = `${"B".repeat(42)}A`;
    const file = join(state, "bomba.jpg");
    writeFileSync(file, bomb);
    wranglerLocal(["r2", "object", "put", `vidriera-images/o/${hash}.jpg`, "--file", file, "--content-type", "image/jpeg"]);
    const paths = [360, 540, 720, 1080].map((w) => `/img/r/${w}/o/${hash}-jpg.webp`).concat(`/u/_/og/o/${hash}-jpg.jpg`);
    const [asked, during] = await Promise.all([
      Promise.all(paths.flatMap((path) => [1, 2, 3].map(() => timed(() => new Client().request(path))))),
      Promise.all(Array.from({ length: 20 }, (_, i) => sleep(i * 10).then(() => timed(() => new Client().request("/api/config"))))),
    ]);
    wranglerLocal(["r2", "object", "delete", `vidriera-images/o/${hash}.jpg`]);
    const slowest = Math.max(...asked.map((a) => a.ms));
    const configDuring = Math.max(...during.map((c) => c.ms));
    record(
      "the same file stored before the check: its 4 renditions and link preview, each asked 3 times at once, with /api/config meanwhile",
      "15 + 20",
      [...asked.map((a) => a.status), ...during.map((c) => c.status)],
      `never decoded: slowest answer ${ms(slowest)}; /api/config slowest ${ms(configDuring)}`,
      asked.every((a) => a.status === 404) && during.every((c) => c.status === 200),
    );
    const worst = Math.max(upload.ms, slowest, slowestConfig, configDuring);
    recordRow({
      row: "abuse-scan-bomb",
      what: "Scan bomb (3264×2448 progressive JPEG + 35,000 empty scans): the slowest of its refused upload, its renditions and link preview when already stored, and /api/config meanwhile (38 s before the check)",
      figure: `${ms(worst)} (upload refused in ${ms(upload.ms)}, renditions and preview 404 in ≤ ${ms(slowest)}, /api/config ≤ ${ms(Math.max(slowestConfig, configDuring))})`,
      budget: "under 1 s",
      over: worst >= 1000,
      how: "npm run bench:abuse",
    });
  }

  {
    // Renditions under other spellings of a width: each used to be decoded, encoded and kept under its own key.
    const { client } = await signedUp();
    const product = await uploaded(client);
    const { products } = (await (await client.request(`/api/products/list/${await profileId(client)}`)).json()) as {
      products: { id: string; imageURL: string }[];
    };
    const source = products.find((p) => p.id === product)!.imageURL.slice("/img/".length);
    const file = source.replace(/^([ogl])\/(.*)\.(jpg|png|webp)$/, "$1/$2-$3.webp");
    const widths = ["0360", "00360", "0540", "0720", "01080", "001080", "0000360", "00540"];
    const answers = await burst(40, (i) => new Client().request(`/img/r/${widths[i % widths.length]}/${file}`));
    const statuses = answers.map((r) => r.status);
    record(
      `renditions under other spellings of a width (${widths.slice(0, 5).join(", ")}, …)`,
      "40",
      statuses,
      "none made (check:ledger's R2 checks below find no other key)",
      statuses.every((s) => s === 404),
    );
  }

  {
    const tag = Date.now().toString(16);
    const answers = await burst(20, (i) =>
      new Client(`2001:db8:${tag.slice(-4)}:1::${(i + 1).toString(16)}`).json("POST", "/api/auth/register", {
        email: `v6-${tag}-${i}@example.com`,
        password: PASSWORD,
      }),
    );
    const statuses = answers.map((r) => r.status);
    const made = statuses.filter((s) => s === 201).length;
    record("sign-ups from 20 addresses of one IPv6 /64", "20", statuses, `${made} accounts (${made} × 500 free credits)`, made === 10);
  }

  {
    // Random recovery links from one /64 while someone else signs in: each used to cost an scrypt hash.
    const owner = await signedUp();
    const alone = await timed(() =>
      new Client("198.51.100.251").json("POST", "/api/auth/login", { email: owner.email, password: PASSWORD }),
    );
    const [links, signIn] = await Promise.all([
      burst(50, (i) =>
        new Client(`2001:db8:dead:1::${(i + 1).toString(16)}`).json("POST", "/api/auth/password-reset/confirm", {
          token: `${crypto.randomUUID()}${crypto.randomUUID()}`.replace(/-/g, ""),
          password: "una-clave-nueva",
        }),
      ),
      sleep(50).then(() =>
        timed(() => new Client("198.51.100.251").json("POST", "/api/auth/login", { email: owner.email, password: PASSWORD })),
      ),
    ]);
    const statuses = links.map((r) => r.status);
    record(
      "random recovery links (second step) from 50 addresses of one /64, while the owner signs in",
      "50 + 1",
      [...statuses, signIn.status],
      `${statuses.filter((s) => s === 400).length} checked, none hashed; owner signed in (${signIn.status}) in ${ms(signIn.ms)} (${ms(alone.ms)} alone just before)`,
      statuses.filter((s) => s === 400).length === 10 && signIn.status === 200 && alone.status === 200,
    );
    recordRow({
      row: "abuse-recovery-signin",
      what: "A sign-in while 50 random recovery links are tried at once from one IPv6 /64 (7.3 s before the link was checked first)",
      figure: `${ms(signIn.ms)} (${ms(alone.ms)} alone just before)`,
      budget: "",
      over: false,
      how: "npm run bench:abuse",
    });
  }

  {
    const { client } = await signedUp();
    const answers = await burst(60, () => client.json("POST", "/api/payments/create-dlocal-payment", { packId: "pack-10" }));
    const statuses = answers.map((r) => r.status);
    const opened = statuses.filter((s) => s === 201).length;
    record("pack checkouts opened at once by one seller", "60", statuses, `${opened} opened`, opened === 5);
  }

  {
    // A paying customer's notification is lost while 300 abandoned checkouts, 15 minutes to 47 hours old,
    // wait for the cron (written into D1 as a busy day, or an attacker with many accounts, leaves them).
    const { client, id } = await signedUp();
    const opened = await client.json("POST", "/api/payments/create-dlocal-payment", { packId: "pack-10" });
    const { paymentId } = (await opened.json()) as { paymentId: string };
    const before = await credits(client);
    payAtProvider(paymentId);
    const now = Date.now();
    wranglerLocal([
      "d1",
      "execute",
      "DB",
      "--command",
      `UPDATE payments SET created_at = ${now - 12 * 60 * 1000} WHERE id = '${paymentId}';
       INSERT INTO payments (id, user_id, provider, purpose, pack_id, credits, amount, currency, provider_checkout_id, created_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
       SELECT 'abandonada-' || i, '${id}', 'dlocalgo', 'credits', 'pack-10', 500, 4.4, 'USD', 'DP-ABANDONADA-' || i,
              ${now} - 15 * 60 * 1000 - (i * 7919 % 47) * 3600 * 1000 - i * 1000 FROM n;`,
    ]);
    const asked = fakeSeen;
    const started = performance.now();
    const run = await new Client().request("/cdn-cgi/local/scheduled?cron=*/10+*+*+*+*");
    let after = before;
    while (after === before && performance.now() - started < 60_000) {
      await sleep(200);
      after = await credits(client);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    record(
      "a checkout paid, its notification lost, behind 300 abandoned checkouts: one cron run",
      "300 + 1",
      [run.status],
      after > before
        ? `credited by the first run (balance ${before} → ${after}, ${seconds} s after it started; ${fakeSeen - asked} questions to dLocal Go)`
        : `not credited after ${seconds} s`,
      after - before === 500,
    );
  }

  {
    const { client } = await signedUp();
    const product = await uploaded(client);
    const JOBS = 8;
    const before = await credits(client);
    const gallery = async () =>
      (
        (await (await client.request(`/api/products/images/by-user/${await profileId(client)}`)).json()) as {
          images: { imageId: string }[];
        }
      ).images.map((image) => image.imageId);
    const started = performance.now();
    const tabs = Array.from({ length: JOBS }, () => new AbortController());
    const sent = tabs.map((tab, i) =>
      client
        .request(`/api/products/${i % 2 ? "back-image" : "generate-ad"}/${product}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
          signal: tab.signal,
        })
        .then((r) => r.status)
        .catch(() => 0),
    );
    // Once every job is charged, every tab closes at once; then only D1's job list is read (GET /api/jobs).
    while ((await credits(client)) > before - 50 * JOBS && performance.now() - started < 120_000) await sleep(100);
    for (const tab of tabs) tab.abort();
    await Promise.all(sent);
    const running = async () =>
      ((await (await client.request("/api/jobs")).json()) as { jobs: { status: string }[] }).jobs.filter((j) => j.status === "running")
        .length;
    while ((await running()) > 0 && performance.now() - started < 300_000) await sleep(250);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const made = await gallery();
    const after = await credits(client);
    const left = await running();
    // The work itself: each picture's time in the studio, over its slots (read once, after all finished).
    let pictureMs = 0;
    const reads: number[] = [];
    for (const id of made) {
      const read = await client.request(`/api/jobs/${id}`);
      reads.push(read.status);
      pictureMs += ((await read.json()) as { job: { providerMs: number | null } }).job.providerMs ?? 0;
    }
    record(
      "generations whose tabs all close at once (nobody waits)",
      `${JOBS}`,
      // Here the statuses are those of each finished job read once at GET /api/jobs/:id.
      reads,
      `${made.length} of ${JOBS} succeeded, ${left} left running, all within ${seconds} s of the first request for ${(pictureMs / STUDIO_SLOTS / 1000).toFixed(1)} s of work (${STUDIO_SLOTS} slots); charged ${(before - after) / 50} × 50, none refunded`,
      made.length === JOBS && left === 0 && before - after === 50 * JOBS,
    );
  }
} finally {
  app.stop();
  dlocalgo.close();
}

async function profileId(client: Client) {
  return ((await (await client.request("/api/auth/profile")).json()) as { user: { id: string } }).user.id;
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

// The app is stopped: check:ledger reads the database it used, once nothing else holds it.
await processEnded(workerd);
const ledger = checkLedger(state);
if (!ledger.ok) problems.push("check:ledger reports a broken invariant");
if (fakeRefused > 0) problems.push(`${fakeRefused} requests reached the fake dLocal Go without the right Authorization`);
recordRow({
  row: "abuse:ledger",
  what: "`check:ledger` on the database after every attack above",
  figure: ledger.ok
    ? `all ${ledger.output.split("\n").filter((line) => line.startsWith("ok")).length} checks ok (${ledger.output.split("\n").at(-1)})`
    : `broken: ${ledger.output
        .split("\n")
        .filter((line) => line.startsWith("BROKEN"))
        .join("; ")}`,
  budget: "every money invariant holds",
  over: !ledger.ok,
  how: "npm run bench:abuse",
});

console.log(`\n| attack | burst | accepted | refused | statuses | result |\n| --- | --- | --- | --- | --- | --- |`);
for (const row of rows)
  console.log(`| ${row.attack} | ${row.burst} | ${row.accepted} | ${row.refused} | ${row.statuses} | ${row.result} |`);
console.log(`\nfake dLocal Go: ${fakeSeen} requests, ${fakePayments.size} payments`);
console.log(`\nnpm run check:ledger -- --persist-to ${state}\n${ledger.output.replace(/^/gm, "  ")}`);
if (problems.length) {
  console.error(`\nFAILED:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
