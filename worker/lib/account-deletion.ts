import { and, eq, inArray, isNotNull, lte, notInArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { KEPT_ORDER_PAGE_DAYS, OPEN_STATUSES } from "../../common/order-status";
import { type Db, inGlobalDatabase, type ShopDb } from "../db/client";
import {
  generatedImages,
  orders,
  passwordResets,
  products,
  sessions,
  shopMoney,
  sizeGuides,
  storeCheckout,
  storeModels,
  users,
  withdrawalRequests,
} from "../db/schema";
import { deleteImages } from "./renditions";
import { moveCredits } from "./credits";
import { ApiError } from "./errors";
import { errorName, log } from "./log";
import { verifyPassword } from "./passwords";
import type { Bindings, SessionUser } from "../env";
import { forgetArchivedOrders } from "./archive-orders";
import { deleteExportObjects, forgetExportRows } from "./data-export";
import { storeChanged } from "./store-version";
import { attempt, forgetAccount, passwordAccepted, passwordSubjects } from "./throttle";

export const PASSWORD_TO_DELETE = "Escribe tu contraseña para confirmar.";
export const EMAIL_TO_DELETE = "Escribe el email de tu cuenta para confirmar.";
export const WRONG_PASSWORD_TO_DELETE = "La contraseña no es correcta.";
export const WRONG_EMAIL_TO_DELETE = "El email no coincide con el de tu cuenta.";
export const GENERATIONS_RUNNING = "Tienes imágenes generándose. Espera a que terminen y vuelve a intentar.";
export const BALANCE_CHANGED = "Tu saldo de créditos cambió mientras eliminábamos la cuenta. Intenta de nuevo.";

/** The e-mail a deleted account keeps: unique (the column is) and no e-mail anyone can sign in with. */
export const deletedEmail = (userId: string) => `borrada:${userId}`;

/**
 * Deleting is irreversible, so a borrowed session is not enough: the seller
 * proves who they are again. Wrong passwords count against the same
 * throttle as failed logins, or a stolen cookie would be a free guessing oracle.
 */
export async function confirmIdentity(
  db: Db,
  user: SessionUser,
  input: { password?: string; email?: string },
  address: string,
): Promise<void> {
  if (!user.passwordHash) {
    // Google-only accounts have no password; typing the e-mail is the deliberate step.
    if (!input.email) throw new ApiError(400, EMAIL_TO_DELETE);
    if (input.email !== user.email) throw new ApiError(403, WRONG_EMAIL_TO_DELETE);
    return;
  }
  if (!input.password) throw new ApiError(400, PASSWORD_TO_DELETE);
  const subjects = passwordSubjects(user.email, address);
  await attempt(db, subjects);
  if (!(await verifyPassword(input.password, user.passwordHash))) throw new ApiError(403, WRONG_PASSWORD_TO_DELETE);
  await passwordAccepted(db, subjects);
}

// A batch's pictures still waiting for their turn count as running: each would begin a job later.
const runningWorkSql = sql<number>`(SELECT COUNT(*) FROM generation_jobs AS gj WHERE gj.user_id = "users"."id" AND gj.status = 'running')
                                 + (SELECT COUNT(*) FROM batch_items AS bi WHERE bi.user_id = "users"."id" AND bi.status = 'queued')`;

/** The seller's running jobs and waiting batch pictures, in a shop database of its own. */
async function runningWork(shopDb: Db, userId: string): Promise<number> {
  const row = await shopDb.get<{ n: number }>(
    sql`SELECT (SELECT COUNT(*) FROM generation_jobs WHERE user_id = ${userId} AND status = 'running')
             + (SELECT COUNT(*) FROM batch_items WHERE user_id = ${userId} AND status = 'queued') AS n`,
  );
  return row?.n ?? 0;
}

/** Every image R2 holds for the seller: photos and store images (shop's database), generated images and the logo. */
async function ownedImageKeys(shopDb: Db, userId: string, logoUrl: string | null): Promise<string[]> {
  const sources = new Set<string>();
  const own = await shopDb
    .select({ imageKey: products.imageKey, storeImageKeys: products.storeImageKeys })
    .from(products)
    .where(eq(products.userId, userId));
  for (const row of own) {
    if (row.imageKey) sources.add(row.imageKey);
    for (const key of JSON.parse(row.storeImageKeys) as string[]) sources.add(key);
  }
  const generated = await shopDb.select({ key: generatedImages.key }).from(generatedImages).where(eq(generatedImages.userId, userId));
  for (const row of generated) sources.add(row.key);
  // A Google avatar URL is not ours to delete; an uploaded logo is served from /img/l/.
  if (logoUrl?.startsWith("/img/l/")) sources.add(logoUrl.slice("/img/".length));
  return [...sources];
}

export const KEPT_ORDER_PAGE_MS = KEPT_ORDER_PAGE_DAYS * 24 * 60 * 60 * 1000;

/**
 * What an order of a deleted account keeps for the accounts once no buyer needs its page: code, lines
 * (products, colours, sizes, quantities, prices), totals, delivery kind and zone, way to pay, status and
 * dates. Everything personal goes: the buyer's name, number and note, the store's bank details and
 * pick-up address as the buyer was told them, the store's contact kept for the page, and the private
 * link itself (the page is gone).
 */
const forgotten = {
  buyerName: null,
  buyerPhone: null,
  note: null,
  paymentDetails: null,
  pickupAddress: null,
  token: null,
  keptStoreName: null,
  keptStorePhone: null,
  keptUntil: null,
} as const;

/**
 * The buyers' side of a deletion, for its batch in the shop's database: an open order (not delivered nor
 * cancelled) keeps its page KEPT_ORDER_PAGE_DAYS days with the store's name, WhatsApp and locale as the
 * account has them (the session's row, read before it is wiped), so a buyer who paid can still reach the
 * store; the others keep only their accounting data at once.
 */
function keepOrdersForBuyers(db: Db, user: Pick<SessionUser, "id" | "name" | "username" | "phone" | "storeLocale">, now: number) {
  const userId = user.id;
  const name = user.name?.trim() || user.username;
  const phone = user.phone;
  // Orders placed before orders kept their locale take the store's saved one, if it had chosen one.
  const locale = sql<string | null>`coalesce(${orders.locale}, ${user.storeLocale})`;
  return [
    db
      .update(orders)
      .set({ keptStoreName: name, keptStorePhone: phone, keptUntil: new Date(now + KEPT_ORDER_PAGE_MS), locale })
      .where(and(eq(orders.sellerId, userId), inArray(orders.status, OPEN_STATUSES))),
    db
      .update(orders)
      .set(forgotten)
      .where(and(eq(orders.sellerId, userId), notInArray(orders.status, OPEN_STATUSES))),
  ] as const;
}

/**
 * Run by the 15-minute cron: orders of deleted accounts whose kept page has expired keep only their
 * accounting data. (The page itself is refused from the expiry on, whenever this runs.)
 */
export async function forgetExpiredOrderPages(db: Db, now = Date.now()): Promise<number> {
  try {
    const done = await db
      .update(orders)
      .set(forgotten)
      .where(and(isNotNull(orders.keptUntil), lte(orders.keptUntil, new Date(now))))
      .returning({ id: orders.id });
    if (done.length) log("info", "expired order pages forgotten", { orders: done.length });
    return done.length;
  } catch (err) {
    log("error", "expired order pages not forgotten", { error: errorName(err) });
    return 0;
  }
}

/**
 * Deletes a seller's account. The users row stays as an anonymous tombstone
 * (orders, payments, the ledger and jobs reference it and hold accounting
 * data); everything personal and everything the seller made goes, in one
 * atomic D1 batch, and then their R2 objects. Buyers of open orders keep
 * their order page for a while (keepOrdersForBuyers).
 */
export async function deleteAccount(
  db: Db,
  shopDb: ShopDb,
  bucket: R2Bucket,
  user: SessionUser,
  archives: Pick<Bindings, "DB" | "DATA">,
): Promise<void> {
  // One statement, so the balance and the running jobs are read at the same instant: a
  // generation started after it debits credits, and the closing debit below then overdraws and fails.
  // A shop in its own database reads its jobs there, before the balance: a generation debited after the count
  // makes the closing debit below overdraw and fail as well.
  const counted = inGlobalDatabase(shopDb) ? undefined : await runningWork(shopDb, user.id);
  const state = await db
    .select({ credits: users.credits, running: counted === undefined ? runningWorkSql : sql<number>`${counted}` })
    .from(users)
    .where(eq(users.id, user.id))
    .get();
  if (!state) return;
  // The job's Durable Object would write its image for a product that no longer exists.
  if (state.running > 0) throw new ApiError(409, GENERATIONS_RUNNING);

  const keys = await ownedImageKeys(shopDb, user.id, user.imageUrl);
  // Its key holds the e-mail; the identity was just confirmed, as a successful login clears it too.
  await forgetAccount(db, user.email);

  // The shop's own rows, in its database: the catalogue and its stock, the store's settings, and the orders
  // kept for their buyers or anonymised.
  const shopErase: BatchItem<"sqlite">[] = [
    // Its exports hold the buyers' names, phones and addresses: they go now, not at the 7-day purge.
    forgetExportRows(shopDb, user.id),
    // 'Modelo de mi tienda' points at generated images (their R2 objects are in `keys`): it goes first.
    shopDb.delete(storeModels).where(eq(storeModels.userId, user.id)),
    shopDb.delete(generatedImages).where(eq(generatedImages.userId, user.id)),
    // generation_jobs.product_id is ON DELETE SET NULL: the jobs stay for the ledger checks.
    shopDb.delete(products).where(eq(products.userId, user.id)),
    // The bank account and its holder's name are personal; an open order keeps what its buyer was told, for its page.
    shopDb.delete(storeCheckout).where(eq(storeCheckout.userId, user.id)),
    // A buyer's 'Botón de arrepentimiento' request holds their name and contact: it goes with the store.
    shopDb.delete(withdrawalRequests).where(eq(withdrawalRequests.sellerId, user.id)),
    // A category's guide is not a product's: it would outlive the catalogue.
    shopDb.delete(sizeGuides).where(eq(sizeGuides.sellerId, user.id)),
    // The money its prices were in, with its delivery zones' names: nothing is left for it to describe.
    shopDb.delete(shopMoney).where(eq(shopMoney.userId, user.id)),
    ...keepOrdersForBuyers(shopDb, user, Date.now()),
  ];
  // Where the shop has a database of its own, its rows go first as one batch of it: a failure of the account's
  // batch below (a balance that changed) leaves an account the seller deletes again, never a deleted account
  // whose bank details stay behind. Where it lives in the global database, everything is one batch.
  const together = inGlobalDatabase(shopDb);
  if (!together) await shopDb.batch(shopErase as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const erase: BatchItem<"sqlite">[] = [
    db.delete(sessions).where(eq(sessions.userId, user.id)),
    db.delete(passwordResets).where(eq(passwordResets.userId, user.id)),
    ...(together ? shopErase : []),
    storeChanged(db, user.id),
    db
      .update(users)
      .set({
        email: deletedEmail(user.id),
        name: null,
        username: null,
        phone: null,
        imageUrl: null,
        countryCode: null,
        // The ways to pay hold personal numbers (CPF, CLABE, account holder), as store_checkout does.
        storePayMethods: null,
        passwordHash: null,
        googleSub: null,
        deletedAt: new Date(),
      })
      .where(eq(users.id, user.id)),
  ];
  if (state.credits > 0) {
    const result = await moveCredits(
      db,
      { userId: user.id, delta: -state.credits, reason: "account_closed", idempotencyKey: `account_closed:${user.id}` },
      { before: erase },
    );
    if (result.status !== "applied") throw new ApiError(409, BALANCE_CHANGED);
  } else {
    await db.batch(erase as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }

  // Its archived orders (their summaries are in the shop's database) forget their buyers as the ones in D1 just did.
  await forgetArchivedOrders({ DB: shopDb.$client, DATA: archives.DATA }, user.id);
  await deleteExportObjects(archives.DATA, user.id);
  // With their renditions and link previews.
  const { deleted, failed } = await deleteImages(bucket, keys);
  if (failed > 0) {
    // The account is already gone; the leftovers are unreachable (their keys are unguessable). Counts only: no personal data.
    log("error", "account deletion left R2 objects", { deleted, failed });
  }
}
