/** One e-mail as the app writes it: plain text and HTML bodies of the same content. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail: the real provider (cloudflare.ts) or, offline, the local outbox (outbox.ts). */
export interface Mailer {
  readonly name: "cloudflare" | "outbox";
  send(message: EmailMessage): Promise<void>;
}

/** The provider refused or failed; `code` is its machine-readable error (never the recipient or the body). */
export class EmailSendError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`e-mail provider answered ${status} ${code}`);
  }
}
