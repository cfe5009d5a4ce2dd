import { EmailSendError, type EmailMessage, type Mailer } from "./types";

const TIMEOUT_MS = 15_000;

export interface CloudflareEmailConfig {
  accountId: string;
  apiToken: string;
  /** A sender address on a domain onboarded to Email Sending, e.g. no-responder@vidriera.com.ar. */
  from: string;
  baseUrl?: string;
}

/**
 * Cloudflare Email Service, REST API: POST /accounts/{account_id}/email/sending/send
 * with a Bearer API token (permission "Email Sending: Send"). Chosen over the
 * Workers `send_email` binding because a binding in wrangler.toml is part of
 * every `npm run dev` and test run, and the REST call is the same service
 * reached through fetch, which tests can answer with a fake upstream.
 * Docs: https://developers.cloudflare.com/email-service/api/send-emails/rest-api/
 * Success: { success: true, result: { delivered, permanent_bounces, queued } };
 * failure: { success: false, errors: [{ code, message }] } with an HTTP error status.
 */
export class CloudflareEmail implements Mailer {
  readonly name = "cloudflare" as const;

  constructor(private readonly config: CloudflareEmailConfig) {}

  async send(message: EmailMessage): Promise<void> {
    const base = (this.config.baseUrl ?? "https://api.cloudflare.com/client/v4").replace(/\/+$/, "");
    let response: Response;
    try {
      response = await fetch(`${base}/accounts/${encodeURIComponent(this.config.accountId)}/email/sending/send`, {
        method: "POST",
        headers: { authorization: `Bearer ${this.config.apiToken}`, "content-type": "application/json" },
        body: JSON.stringify({
          to: message.to,
          from: { address: this.config.from, name: "Vidriera" },
          subject: message.subject,
          html: message.html,
          text: message.text,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new EmailSendError(0, "network");
    }
    const body = (await response.json().catch(() => null)) as {
      success?: boolean;
      errors?: { code?: number; message?: string }[];
      result?: { permanent_bounces?: string[] } | null;
    } | null;
    if (!response.ok || body?.success !== true) {
      const first = body?.errors?.[0];
      throw new EmailSendError(response.status, first?.message ?? String(first?.code ?? "unexpected-answer"));
    }
    // A 200 can still report the address as bouncing for good: the mail did not go out.
    if (body.result?.permanent_bounces?.length) throw new EmailSendError(response.status, "permanent-bounce");
  }
}
