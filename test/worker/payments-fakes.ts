/**
 * Shared pieces of the payment tests: a fake upstream that checks every
 * request against the routes it knows (anything else throws), an
 * independent HMAC (tests never sign with the code under test), and small
 * readers of D1.
 */
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { Browser, register } from "./browser";

export interface SeenRequest {
  method: string;
  url: string;
  headers: Headers;
  body: string;
}

type Reply = (request: SeenRequest) => Response | Promise<Response>;

/** Replaces global fetch: `"METHOD url"` → reply. Unknown addresses throw, as a closed network would. */
export function fakeUpstream(routes: Record<string, Reply>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const key = `${request.method} ${request.url}`;
    const reply = routes[key];
    if (!reply) throw new Error(`unexpected request: ${key}`);
    const call = { method: request.method, url: request.url, headers: request.headers, body: await request.text() };
    seen.push(call);
    return reply(call);
  });
  return seen;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export async function hmacHex(secret: string, message: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return [...new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(message)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}

/** Mercado Pago's x-signature for a notification about `dataId`, computed here from its documented manifest. */
export async function mercadoPagoSignature(secret: string, dataId: string, requestId: string, tsSeconds = Math.floor(Date.now() / 1000)) {
  return `ts=${tsSeconds},v1=${await hmacHex(secret, `id:${dataId};request-id:${requestId};ts:${tsSeconds};`)}`;
}

export async function newSeller(fetcher?: ConstructorParameters<typeof Browser>[0]) {
  const browser = new Browser(fetcher);
  const { user } = await register(browser);
  return { browser, userId: user.id };
}

export async function creditsOf(userId: string): Promise<number> {
  return (await env.DB.prepare("SELECT credits FROM users WHERE id = ?").bind(userId).first<{ credits: number }>())!.credits;
}

export async function paymentRow(id: string) {
  return env.DB.prepare(
    "SELECT user_id AS userId, provider, purpose, pack_id AS packId, credits, amount, currency, status, provider_checkout_id AS checkoutId, provider_payment_id AS providerPaymentId FROM payments WHERE id = ?",
  )
    .bind(id)
    .first<{
      userId: string;
      provider: string;
      purpose: string;
      packId: string | null;
      credits: number;
      amount: number;
      currency: string;
      status: string;
      checkoutId: string | null;
      providerPaymentId: string | null;
    }>();
}

export async function ledgerKeys(userId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT idempotency_key AS key FROM credit_ledger WHERE user_id = ? ORDER BY id")
    .bind(userId)
    .all<{ key: string }>();
  return results.map((r) => r.key);
}

export async function paidMiTienda(userId: string) {
  return env.DB.prepare("SELECT paid_mi_tienda AS paid, paid_mi_tienda_date AS date FROM users WHERE id = ?")
    .bind(userId)
    .first<{ paid: number; date: number | null }>();
}

/** A JSON POST from the seller's browser, seen by the edge as coming from `country`. */
export function postFrom(browser: Browser, path: string, body: unknown, country?: string) {
  return browser.request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    ...(country ? { cf: { country } } : {}),
  } as RequestInit);
}
