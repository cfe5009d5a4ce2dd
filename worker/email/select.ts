import { database } from "../db/client";
import type { Bindings } from "../env";
import { isLocalHost } from "../lib/local-host";
import { CloudflareEmail } from "./cloudflare";
import { OutboxMailer } from "./outbox";
import type { Mailer } from "./types";

/**
 * The real provider when all three settings are there; otherwise the local
 * outbox, but only on a local host, so a deployment that forgot the settings
 * says e-mail is unavailable instead of writing recovery links nobody reads.
 */
export function selectMailer(env: Bindings, requestUrl: string): Mailer | null {
  const { CLOUDFLARE_ACCOUNT_ID: accountId, CLOUDFLARE_EMAIL_API_TOKEN: apiToken, EMAIL_FROM: from } = env;
  if (accountId && apiToken && from) return new CloudflareEmail({ accountId, apiToken, from, baseUrl: env.CLOUDFLARE_API_BASE_URL });
  return isLocalHost(requestUrl) ? new OutboxMailer(database(env.DB)) : null;
}
