/**
 * 'Botón de arrepentimiento' requests (Argentina, Resolución 424/2020 of the Secretaría de Comercio Interior):
 * a buyer asks to revoke a purchase with the order's code, a name and a contact, and gets the request's code at
 * once; the seller sees it in Pedidos and answers it. The rules live here, for the store's form and the
 * seller's API alike: who may receive one (Argentine stores), what the fields hold, one request per order and
 * contact (a second send of the form answers the first request), and which order it names.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { cleanText } from "../../common/text";
import type { WithdrawalRequest } from "../../common/withdrawals";
export { offersWithdrawal } from "../../common/withdrawals";
import type { Db } from "../db/client";
import { orders, withdrawalRequests } from "../db/schema";
import { randomId } from "./ids";
import { CODE_ALPHABET } from "./short-codes";

export type { WithdrawalRequest };

/** How many of a seller's requests Pedidos lists (newest first). */
export const WITHDRAWALS_LISTED = 100;

const CODE_LENGTH = 6;
export const WITHDRAWAL_CODE = /^ARR-[A-Z0-9]{6}$/;

function withdrawalCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH));
  return `ARR-${[...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("")}`;
}

/** Why a field of the form is refused, as keys of the shopper's catalogue (the page says it in the store's language). */
export type WithdrawalProblem = "withdrawal.orderRequired" | "withdrawal.nameRequired" | "withdrawal.contactRequired";

const text = (max: number, problem: WithdrawalProblem) =>
  z
    .string({ error: problem })
    .transform((v) => cleanText(v))
    .pipe(z.string().min(1, problem).max(max, problem));

/** The form as the buyer sends it. The order's code is read as buyers quote it: "#K7P2", "k7p2", " K7P2 ". */
export const withdrawalForm = z.object({
  order: text(20, "withdrawal.orderRequired").transform((v) => v.replace(/^#/, "").toUpperCase()),
  name: text(80, "withdrawal.nameRequired"),
  contact: text(120, "withdrawal.contactRequired"),
});
export type WithdrawalInput = z.infer<typeof withdrawalForm>;

type Row = typeof withdrawalRequests.$inferSelect;

const toRequest = (row: Row): WithdrawalRequest => ({
  id: row.id,
  code: row.code,
  orderCode: row.orderCode,
  orderFound: row.orderId !== null,
  buyerName: row.buyerName,
  contact: row.contact,
  createdAt: row.createdAt.toISOString(),
  answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
});

/**
 * Saves a buyer's request in the shop's database and answers it with its code. Nothing the buyer wrote is
 * refused for not matching an order (the resolution allows no other step): the seller sees whether it did.
 * The same order and contact sent again answer the request already saved, so a double tap makes one.
 */
export async function requestWithdrawal(shopDb: Db, sellerId: string, input: WithdrawalInput): Promise<WithdrawalRequest> {
  const order = await shopDb
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), eq(orders.code, input.order)))
    .get();
  for (let draw = 0; draw < 5; draw++) {
    const inserted = await shopDb
      .insert(withdrawalRequests)
      .values({
        id: randomId(),
        sellerId,
        code: withdrawalCode(),
        orderCode: input.order,
        orderId: order?.id ?? null,
        buyerName: input.name,
        contact: input.contact,
      })
      // A clash on the code draws again; a clash on (order, contact) is the same request sent twice.
      .onConflictDoNothing()
      .returning()
      .get();
    if (inserted) return toRequest(inserted);
    const same = await shopDb
      .select()
      .from(withdrawalRequests)
      .where(
        and(
          eq(withdrawalRequests.sellerId, sellerId),
          eq(withdrawalRequests.orderCode, input.order),
          eq(withdrawalRequests.contact, input.contact),
        ),
      )
      .get();
    if (same) return toRequest(same);
  }
  throw new Error("no free withdrawal code after 5 draws");
}

/** The seller's latest requests, newest first, unanswered or not. */
export async function listWithdrawals(shopDb: Db, sellerId: string): Promise<WithdrawalRequest[]> {
  const rows = await shopDb
    .select()
    .from(withdrawalRequests)
    .where(eq(withdrawalRequests.sellerId, sellerId))
    .orderBy(desc(withdrawalRequests.createdAt), desc(withdrawalRequests.id))
    .limit(WITHDRAWALS_LISTED);
  return rows.map(toRequest);
}

/** Marks one of the seller's requests answered (once: a second mark keeps the first time); null when it is not theirs. */
export async function answerWithdrawal(shopDb: Db, sellerId: string, id: string): Promise<WithdrawalRequest | null> {
  await shopDb
    .update(withdrawalRequests)
    .set({ answeredAt: new Date() })
    .where(and(eq(withdrawalRequests.id, id), eq(withdrawalRequests.sellerId, sellerId), isNull(withdrawalRequests.answeredAt)));
  const row = await shopDb
    .select()
    .from(withdrawalRequests)
    .where(and(eq(withdrawalRequests.id, id), eq(withdrawalRequests.sellerId, sellerId)))
    .get();
  return row ? toRequest(row) : null;
}
