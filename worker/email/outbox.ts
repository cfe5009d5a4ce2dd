import { desc } from "drizzle-orm";
import type { Db } from "../db/client";
import { emailOutbox } from "../db/schema";
import type { EmailMessage, Mailer } from "./types";

/**
 * Offline e-mail for `npm run dev` and the tests: each message is kept in D1,
 * listed at /api/dev/outbox (local hosts only), and printed to the dev console.
 */
/** How the console copy of a message begins (scripts/dev-output.ts frames it, the Worker tests keep it aside). */
export const OUTBOX_CONSOLE_MARK = "[outbox] ";

export class OutboxMailer implements Mailer {
  readonly name = "outbox" as const;

  constructor(private readonly db: Db) {}

  async send(message: EmailMessage): Promise<void> {
    await this.db.insert(emailOutbox).values(message);
    // Not a JSON log line on purpose: it holds a link and an address, which production logs never do.
    console.log(`\n${OUTBOX_CONSOLE_MARK}Correo para ${message.to}: ${message.subject}\n${message.text}\n(también en /api/dev/outbox)\n`);
  }
}

export function latestOutbox(db: Db, limit = 20) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
}
