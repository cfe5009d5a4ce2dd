import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Product } from "../../common/product";
import { GeminiProvider } from "../../worker/providers/gemini";
import { SESSION_COOKIE } from "../../worker/lib/sessions";
import { overrideProviderForTests } from "../../worker/providers/select";
import { Browser, withBindings } from "./browser";
import { photoOfSize, photoForm } from "./fixtures";
import { realPng } from "./png";
import { fakeUpstream, json, mercadoPagoSignature, postFrom } from "./payments-fakes";
import { openStore, storeName } from "./store-helpers";

/**
 * The structured logs of a realistic run: every line is JSON with a level,
 * a message and the request it belongs to (job lines also name their job),
 * each API call logs exactly one request line with its status, and nothing
 * personal or secret is ever written.
 */

const GEMINI = "https://fake-gemini.test";
const GEMINI_KEY = "AIzaSy-test-gemini-key-0123456789abcdef";
const MP = "https://fake-mercadopago.test";
const MP_TOKEN = "APP_USR-5555555555555555-010203-feedfacecafebeef0123456789abcdef-202809963";
const MP_SECRET = "mp-webhook-secret-that-must-never-be-logged";

afterEach(() => {
  overrideProviderForTests(undefined);
  vi.restoreAllMocks();
});

interface Line {
  level?: unknown;
  message?: unknown;
  requestId?: unknown;
  job?: unknown;
  status?: unknown;
  [field: string]: unknown;
}

function captureLogs() {
  const raw: string[] = [];
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      raw.push(args.map(String).join(" "));
    });
  }
  return raw;
}

describe("structured logs", () => {
  it("a run through accounts, store, generation, payments and an unhandled error logs safe JSON lines, one per API call", async () => {
    const raw = captureLogs();
    const calls: { requestId: string; status: number; path: string }[] = [];
    const app = withBindings({
      PAYMENTS_MODE: "live",
      MERCADOPAGO_ACCESS_TOKEN: MP_TOKEN,
      MERCADOPAGO_WEBHOOK_SECRET: MP_SECRET,
      MERCADOPAGO_BASE_URL: MP,
    });
    const recorded = async (request: Request) => {
      const response = await app(request);
      calls.push({
        requestId: response.headers.get("x-request-id") ?? "(none)",
        status: response.status,
        path: new URL(request.url).pathname,
      });
      return response;
    };

    const email = `Valentina.Private-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const password = "clave-muy-secreta-1234";
    const phone = "+54 9 11 6789-0123";
    const shop = storeName("Boutique Reservada");
    const browser = new Browser(recorded);

    expect((await browser.json("POST", "/api/auth/register", { email, password })).status).toBe(201);
    expect((await browser.json("POST", "/api/auth/login", { email, password: "una-clave-equivocada" })).status).toBe(401);
    expect((await browser.json("POST", "/api/auth/login", { email, password })).status).toBe(200);
    const session = browser.cookie(SESSION_COOKIE);
    const user = await openStore(browser, { storeName: shop, phoneNumber: phone });
    expect((await browser.request(`/u/${user.username}`)).status).toBe(200);

    const upload = await browser.request("/api/products/upload-images", {
      method: "POST",
      body: photoForm([{ bytes: photoOfSize("jpeg", 256, 5), name: "remera.jpg" }]),
    });
    const product = ((await upload.json()) as { products: Product[] }).products[0]!;

    // Generation through the real Gemini adapter, with its key configured, against a fake Gemini.
    let geminiFails = false;
    const image = btoa(String.fromCharCode(...(await realPng(24, 32, () => [40, 90, 200, 255]))));
    const upstream = fakeUpstream({
      [`POST ${GEMINI}/v1beta/models/gemini-nano-banana-2.1:generateContent`]: () =>
        geminiFails
          ? json({ error: { code: 400, message: `Invalid prompt for ${email}`, status: "INVALID_ARGUMENT" } }, 400)
          : json({ candidates: [{ content: { parts: [{ inlineData: { mimeType: "image/png", data: image } }] }, finishReason: "STOP" }] }),
      [`POST ${MP}/checkout/preferences`]: (seen) => {
        const sent = JSON.parse(seen.body);
        return json(
          {
            id: "pref-1",
            init_point: "https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=pref-1",
            external_reference: sent.external_reference,
          },
          201,
        );
      },
      [`GET ${MP}/v1/payments/1400000001`]: () =>
        json({
          id: 1400000001,
          status: "approved",
          currency_id: "ARS",
          transaction_amount: 1200,
          external_reference: paymentId,
          payer: { email },
        }),
    });
    overrideProviderForTests(() => new GeminiProvider({ apiKey: GEMINI_KEY, baseUrl: GEMINI }));
    const generated = await browser.json("POST", `/api/products/generate-ad/${product.id}`, {});
    expect(generated.status).toBe(200);
    const okJob = ((await generated.json()) as { jobId: string }).jobId;
    geminiFails = true;
    const failed = await browser.json("POST", `/api/products/images/modify/${okJob}`, {
      prompt: `poné el nombre ${shop} y el teléfono ${phone}`,
    });
    expect(failed.status).toBe(502);
    const failedJob = ((await failed.json()) as { jobId: string }).jobId;
    expect((await browser.request(`/api/jobs/${failedJob}`)).status).toBe(200);

    const checkout = await postFrom(browser, "/api/payments/create-preference", { packId: "pack-10", credits: 1200 }, "AR");
    expect(checkout.status).toBe(201);
    const paymentId = ((await checkout.json()) as { paymentId: string }).paymentId;
    const hookId = crypto.randomUUID();
    const webhook = await new Browser(recorded).request("/api/payments/webhooks/mercadopago?data.id=1400000001&type=payment", {
      method: "POST",
      origin: null,
      headers: {
        "content-type": "application/json",
        "x-signature": await mercadoPagoSignature(MP_SECRET, "1400000001", hookId),
        "x-request-id": hookId,
      },
      body: JSON.stringify({ type: "payment", data: { id: "1400000001" } }),
    });
    expect(await webhook.json()).toEqual({ received: true, outcome: "credited" });
    expect(upstream.length).toBe(4);

    // An unhandled error whose own message carries personal data.
    await env.DB.prepare(
      `CREATE TRIGGER logs_fault BEFORE INSERT ON products BEGIN SELECT RAISE(ABORT, 'cannot store for ${email}'); END`,
    ).run();
    try {
      const broken = await browser.request("/api/products/upload-images", {
        method: "POST",
        body: photoForm([{ bytes: photoOfSize("png", 64, 9), name: "b.png" }]),
      });
      expect(broken.status).toBe(500);
    } finally {
      await env.DB.prepare("DROP TRIGGER logs_fault").run();
    }
    expect((await browser.request("/api/auth/logout", { method: "DELETE" })).status).toBeLessThan(300);

    const lines = raw.map((text) => {
      let parsed: Line | undefined;
      expect(() => (parsed = JSON.parse(text) as Line), text).not.toThrow();
      return parsed!;
    });
    for (const line of lines) {
      expect(["info", "warn", "error"]).toContain(line.level);
      expect(typeof line.message).toBe("string");
      expect(typeof line.requestId, JSON.stringify(line)).toBe("string");
    }

    // Exactly one request line per API call, with the status the caller got.
    expect(calls.length).toBeGreaterThan(12);
    for (const call of calls) {
      const requestLines = lines.filter((l) => l.message === "request" && l.requestId === call.requestId);
      expect(requestLines, call.path).toHaveLength(1);
      expect(requestLines[0]!.status, call.path).toBe(call.status);
    }
    expect(lines.filter((l) => l.message === "request")).toHaveLength(calls.length);

    // Job lines name the job and the request that started it.
    const requestOf = (path: string) => calls.find((c) => c.path === path)!.requestId;
    const jobLines = (job: string) => lines.filter((l) => l.job === job);
    expect(jobLines(okJob).map((l) => l.message)).toEqual(["job started", "provider attempt", "provider answered", "job succeeded"]);
    expect(new Set(jobLines(okJob).map((l) => l.requestId))).toEqual(new Set([requestOf(`/api/products/generate-ad/${product.id}`)]));
    expect(jobLines(failedJob).map((l) => l.message)).toEqual([
      "job started",
      "provider attempt",
      "provider attempt failed",
      "job refunded",
      "job failed",
    ]);
    expect(jobLines(failedJob).find((l) => l.message === "provider attempt failed")).toMatchObject({
      provider: "gemini",
      attempt: 1,
      error: "ProviderFailure",
    });
    expect(jobLines(failedJob).find((l) => l.message === "job failed")).toMatchObject({ reason: "provider-failed" });
    expect(new Set(jobLines(failedJob).map((l) => l.requestId))).toEqual(new Set([requestOf(`/api/products/images/modify/${okJob}`)]));
    expect(lines.find((l) => l.message === "credits purchased")).toMatchObject({ provider: "mercadopago", paymentId });
    expect(lines.find((l) => l.message === "unhandled error")).toMatchObject({ level: "error", error: "Error" });

    // Nothing personal or secret, in any spelling the run used.
    const secrets = {
      email,
      emailLowercase: email.toLowerCase(),
      password,
      phone,
      phoneDigits: phone.replace(/\D/g, ""),
      storeName: shop,
      session: session!,
      SESSION_SECRET: env.SESSION_SECRET!,
      GEMINI_KEY,
      MP_TOKEN,
      MP_SECRET,
    };
    expect(session).toBeTruthy();
    const everything = raw.join("\n");
    for (const [name, secret] of Object.entries(secrets)) expect(everything.includes(secret), name).toBe(false);
  });
});
