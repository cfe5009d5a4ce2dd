/**
 * The offline payment provider for `npm run dev` and the tests: a local
 * checkout page where the payer approves or rejects, and a webhook signed
 * exactly as Mercado Pago signs its own (signature.ts), verified by the same
 * code. It keeps no state of its own: a payment id carries the checkout,
 * outcome and amount under an HMAC, so "re-fetching" it cannot be forged.
 * Keys derive from SESSION_SECRET; the routes refuse it in live mode.
 */
import { jwtVerify, SignJWT } from "jose";
import type { PaymentRoute } from "../../common/packs";
import { hmacSha256Hex, constantTimeEqual, verifyTimestampedSignature, signTimestamped } from "./signature";
import type { Checkout, CheckoutRequest, Notification, PaymentProvider, RemotePayment } from "./types";

export const SIMULATED_CHECKOUT_PATH = "/api/payments/simulated/checkout";
export const SIMULATED_WEBHOOK_PATH = "/api/payments/webhooks/simulated";
const SESSION_TTL = "1h";

export interface SimulatedSession {
  paymentId: string;
  amount: number;
  currency: string;
  title: string;
  route: PaymentRoute;
  returnUrl: string;
}

export type SimulatedDecision = "approve" | "reject";

export class SimulatedPaymentProvider implements PaymentProvider {
  readonly name = "simulated";

  constructor(
    private readonly sessionSecret: string,
    readonly route: PaymentRoute,
  ) {}

  /** Separate keys per use, so a value signed for one purpose means nothing in another. */
  private key(purpose: string) {
    return hmacSha256Hex(this.sessionSecret, `vidriera simulated payments: ${purpose}`);
  }

  webhookSecret() {
    return this.key("webhook");
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const session: SimulatedSession = {
      paymentId: request.paymentId,
      amount: request.amount,
      currency: request.currency,
      title: request.title,
      route: this.route,
      returnUrl: request.returnUrl,
    };
    const token = await new SignJWT({ session })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt()
      .setExpirationTime(SESSION_TTL)
      .sign(new TextEncoder().encode(await this.key("checkout")));
    const url = new URL(SIMULATED_CHECKOUT_PATH, request.returnUrl);
    url.searchParams.set("session", token);
    return { checkoutId: `sim-${request.paymentId}`, redirectUrl: url.toString() };
  }

  /** The checkout the page shows, or null when the link is forged or expired. */
  async readSession(token: string): Promise<SimulatedSession | null> {
    try {
      const { payload } = await jwtVerify(token, new TextEncoder().encode(await this.key("checkout")), { algorithms: ["HS256"] });
      return (payload as { session: SimulatedSession }).session;
    } catch {
      return null;
    }
  }

  /**
   * The payer's decision becomes a provider payment id. The same decision on
   * the same checkout gives the same id, so clicking twice is one payment.
   */
  async decide(session: SimulatedSession, decision: SimulatedDecision): Promise<string> {
    const status = decision === "approve" ? "approved" : "rejected";
    const body = `${session.paymentId}-${status}-${Math.round(session.amount * 100)}-${session.currency.toLowerCase()}`;
    return `sp-${body}-${(await hmacSha256Hex(await this.key("payment"), body)).slice(0, 32)}`;
  }

  /** The notification the simulated provider sends, signed like Mercado Pago's. */
  async notification(origin: string, remoteId: string): Promise<Request> {
    const url = new URL(SIMULATED_WEBHOOK_PATH, origin);
    url.searchParams.set("type", "payment");
    url.searchParams.set("data.id", remoteId);
    const requestId = crypto.randomUUID();
    return new Request(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-request-id": requestId,
        "x-signature": await signTimestamped(await this.webhookSecret(), remoteId, requestId),
      },
      body: JSON.stringify({ action: "payment.updated", type: "payment", data: { id: remoteId } }),
    });
  }

  async verifyNotification(request: Request): Promise<Notification> {
    const query = new URL(request.url).searchParams;
    const dataId = query.get("data.id") ?? undefined;
    await verifyTimestampedSignature({
      signature: request.headers.get("x-signature"),
      requestId: request.headers.get("x-request-id"),
      dataId,
      secret: await this.webhookSecret(),
    });
    if (query.get("type") !== "payment" || !dataId) return { kind: "ignored", reason: "not a payment" };
    return { kind: "payment", paymentId: dataId };
  }

  /** The simulation delivers its notification in the same request as the decision: nothing can be missed. */
  async paymentsForCheckout(): Promise<RemotePayment[]> {
    return [];
  }

  async fetchPayment(id: string): Promise<RemotePayment | null> {
    const match = /^sp-([a-z0-9]+)-(approved|rejected)-(\d+)-([a-z]{3})-([0-9a-f]{32})$/.exec(id);
    if (!match) return null;
    const [, reference, status, cents, currency, mac] = match as unknown as [
      string,
      string,
      "approved" | "rejected",
      string,
      string,
      string,
    ];
    const body = `${reference}-${status}-${cents}-${currency}`;
    const expected = (await hmacSha256Hex(await this.key("payment"), body)).slice(0, 32);
    if (!constantTimeEqual(expected, mac)) return null;
    return { id, status, rawStatus: status, amount: Number(cents) / 100, currency: currency.toUpperCase(), reference };
  }
}
