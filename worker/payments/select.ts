import type { PaymentRoute } from "../../common/packs";
import type { Bindings } from "../env";
import { ApiError } from "../lib/errors";
import { isLocalHost } from "../lib/local-host";
import { DLocalGoProvider } from "./dlocalgo";
import { MercadoPagoProvider } from "./mercadopago";
import { SimulatedPaymentProvider } from "./simulated";
import type { PaymentProvider } from "./types";

export const PAYMENTS_NOT_CONFIGURED = "Los pagos no están configurados en este servidor.";

type Mode = "live" | "simulated";

/**
 * PAYMENTS_MODE=live uses the real providers; "simulated" the offline one.
 * The simulation approves pretend payments for real credits, so, like the
 * Google stand-in, it only ever answers on a local host (localhost,
 * *.localhost, *.test), whether PAYMENTS_MODE says "simulated" or is unset:
 * no setting (not even a secret `check:deploy` cannot see) turns it on for a
 * real deployment, which answers "not configured" instead.
 */
export function paymentsMode(env: Bindings, requestUrl: string): Mode | "unconfigured" {
  const mode = env.PAYMENTS_MODE?.trim();
  if (mode === "live") return "live";
  if (mode && mode !== "simulated") throw new Error(`PAYMENTS_MODE must be "live" or "simulated", not "${mode}"`);
  return isLocalHost(requestUrl) ? "simulated" : "unconfigured";
}

function simulated(env: Bindings, route: PaymentRoute): SimulatedPaymentProvider {
  const secret = env.SESSION_SECRET;
  if (!secret || secret.length < 32) throw new Error("SESSION_SECRET is missing or shorter than 32 characters");
  return new SimulatedPaymentProvider(secret, route);
}

function mercadoPago(env: Bindings): MercadoPagoProvider | null {
  if (!env.MERCADOPAGO_ACCESS_TOKEN || !env.MERCADOPAGO_WEBHOOK_SECRET) return null;
  return new MercadoPagoProvider({
    accessToken: env.MERCADOPAGO_ACCESS_TOKEN,
    webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET,
    baseUrl: env.MERCADOPAGO_BASE_URL,
  });
}

function dLocalGo(env: Bindings): DLocalGoProvider | null {
  if (!env.DLOCALGO_API_KEY || !env.DLOCALGO_SECRET_KEY) return null;
  return new DLocalGoProvider({ apiKey: env.DLOCALGO_API_KEY, secretKey: env.DLOCALGO_SECRET_KEY, baseUrl: env.DLOCALGO_BASE_URL });
}

/** Who opens a checkout for this route; 503 when the real provider lacks its keys. */
export function checkoutProvider(env: Bindings, requestUrl: string, route: PaymentRoute): PaymentProvider {
  const mode = paymentsMode(env, requestUrl);
  if (mode === "simulated") return simulated(env, route);
  const provider = mode === "live" ? (route === "mercadopago" ? mercadoPago(env) : dLocalGo(env)) : null;
  if (!provider) throw new ApiError(503, PAYMENTS_NOT_CONFIGURED);
  return provider;
}

/** Who may notify us at /webhooks/<name>: only the providers of the current mode, configured. */
export function notifyingProvider(env: Bindings, requestUrl: string, name: string): PaymentProvider | null {
  const mode = paymentsMode(env, requestUrl);
  if (name === "simulated") return mode === "simulated" ? simulated(env, "mercadopago") : null;
  if (mode !== "live") return null;
  if (name === "mercadopago") return mercadoPago(env);
  if (name === "dlocalgo") return dLocalGo(env);
  return null;
}
