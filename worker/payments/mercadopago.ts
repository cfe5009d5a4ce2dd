/**
 * Mercado Pago Checkout Pro (Argentina). Shapes follow the official Node SDK
 * (mercadopago/sdk-nodejs: clients/preference/create, clients/payment/get,
 * utils/restClient, utils/webhook) and REFERENCE.md "Payments":
 * - POST /checkout/preferences → { id, init_point, … }
 * - GET /v1/payments/{id} → { id, status, transaction_amount, currency_id, external_reference, … }
 * - GET /v1/payments/search?external_reference=…&sort=date_created&criteria=desc → { paging, results }
 *   (https://www.mercadopago.com.ar/developers/en/reference/payments/_payments_search/get), for reconciliation.
 * - webhooks: POST <notification_url>?data.id=<id>&type=payment with x-signature and x-request-id.
 */
import type { PaymentStatus } from "../../common/payments";
import { callProvider, isRecord, stringOrNull, trimBase } from "./http";
import { verifyTimestampedSignature } from "./signature";
import {
  MissingCheckoutUrl,
  ProviderHttpError,
  type Checkout,
  type CheckoutRequest,
  type Notification,
  type PaymentProvider,
  type RemotePayment,
} from "./types";

export interface MercadoPagoConfig {
  accessToken: string;
  webhookSecret: string;
  baseUrl?: string;
}

const PROVIDER = "Mercado Pago";

/** Mercado Pago's payment statuses, reduced to ours; anything unknown stays pending. */
function statusOf(raw: string): PaymentStatus {
  if (raw === "approved") return "approved";
  if (raw === "rejected" || raw === "cancelled" || raw === "refunded" || raw === "charged_back") return "rejected";
  return "pending";
}

/** Mercado Pago's error body: { message, error, status, cause: [...] }. */
function errorDetail(body: unknown): string {
  if (isRecord(body)) return [body.error, body.message].filter((v) => typeof v === "string").join(": ") || JSON.stringify(body);
  return String(body);
}

export class MercadoPagoProvider implements PaymentProvider {
  readonly name = "mercadopago";
  readonly route = "mercadopago";
  private readonly baseUrl: string;

  constructor(private readonly config: MercadoPagoConfig) {
    this.baseUrl = trimBase(config.baseUrl ?? "https://api.mercadopago.com");
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const body = {
      items: [{ id: request.itemId, title: request.title, quantity: 1, unit_price: request.amount, currency_id: request.currency }],
      external_reference: request.paymentId,
      back_urls: { success: request.returnUrl, pending: request.returnUrl, failure: request.returnUrl },
      auto_return: "approved",
      notification_url: request.notificationUrl,
      statement_descriptor: "VIDRIERA",
    };
    const { status, body: answer } = await callProvider(PROVIDER, `${this.baseUrl}/checkout/preferences`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${this.config.accessToken}`,
        "content-type": "application/json",
        // A retried request for the same checkout must not open a second preference.
        "x-idempotency-key": request.paymentId,
      },
      body: JSON.stringify(body),
    });
    if (status < 200 || status > 299) throw new ProviderHttpError(PROVIDER, status, errorDetail(answer));
    const id = isRecord(answer) ? stringOrNull(answer.id) : null;
    const initPoint = isRecord(answer) ? stringOrNull(answer.init_point) : null;
    if (!id || !initPoint) throw new MissingCheckoutUrl(`${PROVIDER} answered without id or init_point`);
    return { checkoutId: id, redirectUrl: initPoint };
  }

  async verifyNotification(request: Request): Promise<Notification> {
    const query = new URL(request.url).searchParams;
    const dataId = query.get("data.id") ?? undefined;
    await verifyTimestampedSignature({
      signature: request.headers.get("x-signature"),
      requestId: request.headers.get("x-request-id"),
      // Mercado Pago signs alphanumeric ids in lowercase.
      dataId: dataId && /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId,
      secret: this.config.webhookSecret,
    });
    const type = query.get("type") ?? query.get("topic");
    if (type !== "payment") return { kind: "ignored", reason: `topic ${type ?? "none"}` };
    if (!dataId) return { kind: "ignored", reason: "no data.id" };
    return { kind: "payment", paymentId: dataId };
  }

  async fetchPayment(id: string): Promise<RemotePayment | null> {
    const { status, body } = await callProvider(PROVIDER, `${this.baseUrl}/v1/payments/${encodeURIComponent(id)}`, {
      method: "GET",
      headers: { authorization: `Bearer ${this.config.accessToken}` },
    });
    if (status === 404) return null;
    if (status < 200 || status > 299) throw new ProviderHttpError(PROVIDER, status, errorDetail(body));
    if (!isRecord(body)) throw new ProviderHttpError(PROVIDER, status, "payment is not an object");
    return toRemote(body, id);
  }

  /**
   * GET /v1/payments/search?external_reference=<our payment id>&sort=date_created&criteria=desc
   * → { paging, results: [payment, …] } (the Payments search API). A preference can take more
   * than one payment (a rejected card, then another), so every result is settled.
   */
  async paymentsForCheckout({ paymentId }: { paymentId: string }): Promise<RemotePayment[]> {
    const query = new URLSearchParams({ sort: "date_created", criteria: "desc", external_reference: paymentId });
    const { status, body } = await callProvider(PROVIDER, `${this.baseUrl}/v1/payments/search?${query}`, {
      method: "GET",
      headers: { authorization: `Bearer ${this.config.accessToken}` },
    });
    if (status < 200 || status > 299) throw new ProviderHttpError(PROVIDER, status, errorDetail(body));
    if (!isRecord(body) || !Array.isArray(body.results)) throw new ProviderHttpError(PROVIDER, status, "search answer has no results");
    return body.results.filter(isRecord).map((payment) => toRemote(payment, ""));
  }
}

function toRemote(body: Record<string, unknown>, id: string): RemotePayment {
  const rawStatus = stringOrNull(body.status) ?? "unknown";
  return {
    id: stringOrNull(body.id) ?? id,
    status: statusOf(rawStatus),
    rawStatus,
    amount: typeof body.transaction_amount === "number" ? body.transaction_amount : Number.NaN,
    currency: stringOrNull(body.currency_id) ?? "",
    reference: stringOrNull(body.external_reference),
  };
}
