import type { Bindings } from "../env";
import { database } from "../db/client";
import { paymentsLog } from "./log";
import { notifyingProvider } from "./select";
import { settlePayment, type SettleOutcome } from "./settle";
import { ProviderHttpError, WebhookRejected, type Notification, type RemotePayment } from "./types";

export const BAD_SIGNATURE = "Firma de notificación inválida.";
export const PROVIDER_UNREACHABLE = "No pudimos consultar el pago con el proveedor.";
export const PAYMENT_NOT_READABLE_YET = "El proveedor todavía no muestra este pago; vuelve a enviar la notificación.";

export type NotificationAnswer =
  | { status: 200; body: { received: true; outcome?: SettleOutcome | "ignored" } }
  | { status: 401 | 404 | 502 | 503; body: { error: string } };

/**
 * One path for every provider's webhook, the simulated one included:
 * verify the signature (401 otherwise), ask the provider for the payment,
 * settle it. Answers 200 whenever retrying could not change the outcome, so
 * providers stop resending; 502 when the provider could not be asked.
 */
export async function handleNotification(
  env: Bindings,
  request: Request,
  providerName: string,
  requestId?: string,
): Promise<NotificationAnswer> {
  const log = paymentsLog(requestId, providerName);
  const provider = notifyingProvider(env, request.url, providerName);
  if (!provider) return { status: 404, body: { error: "No encontrado." } };

  let notice: Notification;
  try {
    notice = await provider.verifyNotification(request);
  } catch (err) {
    if (!(err instanceof WebhookRejected)) throw err;
    // Its reasons are fixed phrases of ours (missing, malformed, mismatch, stale), never the request's text.
    log("warn", "webhook refused", { reason: err.message });
    return { status: 401, body: { error: BAD_SIGNATURE } };
  }
  if (notice.kind === "ignored") return { status: 200, body: { received: true, outcome: "ignored" } };

  let remote: RemotePayment | null;
  try {
    remote = await provider.fetchPayment(notice.paymentId);
  } catch (err) {
    if (!(err instanceof ProviderHttpError)) throw err;
    log("error", "payment re-fetch failed", { providerPaymentId: notice.paymentId, status: err.status });
    return { status: 502, body: { error: PROVIDER_UNREACHABLE } };
  }
  if (!remote) {
    // A signed notification for a payment the API cannot read yet (Mercado Pago's API lags its webhooks):
    // answering 2xx would drop it for good, so the provider is asked to send it again.
    log("warn", "provider does not know the notified payment yet; asking for a retry", { providerPaymentId: notice.paymentId });
    return { status: 503, body: { error: PAYMENT_NOT_READABLE_YET } };
  }
  const outcome = await settlePayment(database(env.DB), provider, remote, requestId);
  return { status: 200, body: { received: true, outcome } };
}
