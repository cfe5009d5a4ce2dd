/**
 * What every payment provider (Mercado Pago, dLocal Go, the offline
 * simulation) offers the routes: open a checkout, prove a notification came
 * from it, and tell the truth about a payment when asked again.
 */
import type { PaymentRoute } from "../../common/packs";
import type { PaymentStatus } from "../../common/payments";

export type ProviderName = "mercadopago" | "dlocalgo" | "simulated";

export interface CheckoutRequest {
  /** Our payment id: travels as the provider's external reference / order id. */
  paymentId: string;
  amount: number;
  currency: string;
  /** Our item code: a pack id or "store-plan". */
  itemId: string;
  /** Shown to the payer, e.g. "Pack de 50 imágenes". */
  title: string;
  /** Only for dLocal Go; omitted when unknown so the payer picks it there. */
  country: string | null;
  /** Where the payer comes back to, whatever the outcome. */
  returnUrl: string;
  /** Where the provider sends its notifications. */
  notificationUrl: string;
}

export interface Checkout {
  /** The provider's id for the checkout (preference id, dLocal Go payment id). */
  checkoutId: string;
  redirectUrl: string;
}

/** A payment as the provider reports it when asked directly. */
export interface RemotePayment {
  id: string;
  status: PaymentStatus;
  /** The provider's own word for it (approved, PAID, in_process…), for the logs. */
  rawStatus: string;
  amount: number;
  currency: string;
  /** Our payment id as the provider echoes it back. */
  reference: string | null;
}

export type Notification = { kind: "payment"; paymentId: string } | { kind: "ignored"; reason: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Which real provider this one collects for; the simulation stands in for either. */
  readonly route: PaymentRoute;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Throws WebhookRejected when the notification is not provably the provider's. */
  verifyNotification(request: Request): Promise<Notification>;
  /** Throws ProviderHttpError on failure; answers null when the provider does not know the id. */
  fetchPayment(id: string): Promise<RemotePayment | null>;
  /**
   * Reconciliation: every payment the provider holds for one of our checkouts, asked by our
   * reference (Mercado Pago) or by the checkout's own id (dLocal Go). Throws ProviderHttpError.
   */
  paymentsForCheckout(checkout: { paymentId: string; checkoutId: string | null }): Promise<RemotePayment[]>;
}

/** A notification whose signature is missing, forged or stale. */
export class WebhookRejected extends Error {}

/** The provider accepted the checkout but gave no address to send the payer to. */
export class MissingCheckoutUrl extends Error {}

/** The provider answered with an error status (or not at all: status 0). */
export class ProviderHttpError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    detail: string,
  ) {
    super(`${provider} answered HTTP ${status}: ${detail.slice(0, 300)}`);
  }
}
