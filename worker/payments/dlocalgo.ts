/**
 * dLocal Go (every country but Argentina), as REFERENCE.md "Payments"
 * describes it and public integrations use it (the official docs at
 * docs.dlocalgo.com were not reachable from here):
 * - POST /v1/payments with `Authorization: Bearer <api key>:<secret key>`,
 *   body { amount, currency, country, order_id, description, success_url,
 *   back_url, notification_url } → { id, status, redirect_url, … }
 * - GET /v1/payments/{id} → { id, amount, currency, status (PENDING, PAID,
 *   REJECTED, CANCELLED, EXPIRED), order_id, … }
 * - notifications: POST { "payment_id": "…" } with
 *   `Authorization: V2-HMAC-SHA256, Signature: <hex HMAC-SHA256(secret key, api key + raw body)>`.
 * The notification carries no status: the payment is always re-fetched.
 */
import type { PaymentStatus } from "../../common/payments";
import { callProvider, isRecord, stringOrNull, trimBase } from "./http";
import { constantTimeEqual, hmacSha256Hex } from "./signature";
import {
  MissingCheckoutUrl,
  ProviderHttpError,
  WebhookRejected,
  type Checkout,
  type CheckoutRequest,
  type Notification,
  type PaymentProvider,
  type RemotePayment,
} from "./types";

export interface DLocalGoConfig {
  apiKey: string;
  secretKey: string;
  baseUrl?: string;
}

const PROVIDER = "dLocal Go";

function statusOf(raw: string): PaymentStatus {
  if (raw === "PAID") return "approved";
  if (raw === "REJECTED" || raw === "CANCELLED" || raw === "EXPIRED") return "rejected";
  return "pending";
}

/** dLocal Go's error body: { code, message }. */
function errorDetail(body: unknown): string {
  if (isRecord(body)) return [body.code, body.message].filter((v) => v !== undefined).join(": ") || JSON.stringify(body);
  return String(body);
}

export class DLocalGoProvider implements PaymentProvider {
  readonly name = "dlocalgo";
  readonly route = "dlocalgo";
  private readonly baseUrl: string;

  constructor(private readonly config: DLocalGoConfig) {
    this.baseUrl = trimBase(config.baseUrl ?? "https://api.dlocalgo.com");
  }

  private get authorization() {
    return `Bearer ${this.config.apiKey}:${this.config.secretKey}`;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const body = {
      amount: request.amount,
      currency: request.currency,
      ...(request.country ? { country: request.country } : {}),
      order_id: request.paymentId,
      description: request.title,
      success_url: request.returnUrl,
      back_url: request.returnUrl,
      notification_url: request.notificationUrl,
    };
    const { status, body: answer } = await callProvider(PROVIDER, `${this.baseUrl}/v1/payments`, {
      method: "POST",
      headers: { authorization: this.authorization, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (status < 200 || status > 299) throw new ProviderHttpError(PROVIDER, status, errorDetail(answer));
    const id = isRecord(answer) ? stringOrNull(answer.id) : null;
    const redirectUrl = isRecord(answer) ? stringOrNull(answer.redirect_url) : null;
    if (!id || !redirectUrl) throw new MissingCheckoutUrl(`${PROVIDER} answered without id or redirect_url`);
    return { checkoutId: id, redirectUrl };
  }

  async verifyNotification(request: Request): Promise<Notification> {
    const raw = await request.text();
    const header = request.headers.get("authorization") ?? "";
    const match = /^V2-HMAC-SHA256,\s*Signature:\s*([0-9a-f]+)$/i.exec(header.trim());
    if (!match) throw new WebhookRejected("missing or malformed Authorization");
    const expected = await hmacSha256Hex(this.config.secretKey, this.config.apiKey + raw);
    if (!constantTimeEqual(expected, match[1]!.toLowerCase())) throw new WebhookRejected("signature mismatch");
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return { kind: "ignored", reason: "body is not JSON" };
    }
    const paymentId = isRecord(body) ? stringOrNull(body.payment_id) : null;
    if (!paymentId) return { kind: "ignored", reason: "no payment_id" };
    return { kind: "payment", paymentId };
  }

  async fetchPayment(id: string): Promise<RemotePayment | null> {
    const { status, body } = await callProvider(PROVIDER, `${this.baseUrl}/v1/payments/${encodeURIComponent(id)}`, {
      method: "GET",
      headers: { authorization: this.authorization },
    });
    if (status === 404) return null;
    if (status < 200 || status > 299) throw new ProviderHttpError(PROVIDER, status, errorDetail(body));
    if (!isRecord(body)) throw new ProviderHttpError(PROVIDER, status, "payment is not an object");
    const rawStatus = stringOrNull(body.status) ?? "unknown";
    return {
      id: stringOrNull(body.id) ?? id,
      status: statusOf(rawStatus),
      rawStatus,
      amount: typeof body.amount === "number" ? body.amount : Number(body.amount),
      currency: stringOrNull(body.currency) ?? "",
      reference: stringOrNull(body.order_id),
    };
  }

  /** The checkout is one dLocal Go payment: its id is the one the checkout answered (GET /v1/payments/{id}). */
  async paymentsForCheckout({ checkoutId }: { checkoutId: string | null }): Promise<RemotePayment[]> {
    if (!checkoutId) return [];
    const payment = await this.fetchPayment(checkoutId);
    return payment ? [payment] : [];
  }
}
