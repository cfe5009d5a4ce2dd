import { placeNewShop } from "./shops";
import { eq } from "drizzle-orm";
import { SIGNUP_CREDITS } from "../../common/credits";
import type { User } from "../../common/user";
import { isSellerLanguage, type SellerLanguage } from "../../common/seller-language";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { moveCredits, type MovementResult } from "./credits";
import { ApiError } from "./errors";
import { randomId } from "./ids";
import { storeMoneyOf } from "./store-locale";
import type { SessionUser } from "../env";

/** Internal: createAccount lost a race for the e-mail. Routes turn it into a login, never show it. */
export const EMAIL_TAKEN = "Ya existe una cuenta con este email. Inicia sesión.";

export function toApiUser(row: SessionUser): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    username: row.username,
    phone: row.phone,
    imageUrl: row.imageUrl,
    countryCode: row.countryCode,
    credits: row.credits,
    paidMiTienda: row.paidMiTienda,
    paidMiTiendaDate: row.paidMiTiendaDate?.toISOString() ?? null,
    storeMoney: storeMoneyOf(row).money,
    sellerLanguage: isSellerLanguage(row.sellerLanguage) ? row.sellerLanguage : null,
  };
}

export function findUserByEmail(db: Db, email: string) {
  return db.select().from(users).where(eq(users.email, email)).get();
}

export function findUserById(db: Db, id: string) {
  return db.select().from(users).where(eq(users.id, id)).get();
}

export interface NewAccount {
  email: string;
  passwordHash?: string;
  googleSub?: string;
  name?: string;
  imageUrl?: string;
  /** The language the sign-up came in (worker/lib/seller-language.ts): the app starts in it on every device. */
  sellerLanguage?: SellerLanguage;
}

/**
 * Creates the user and grants the sign-up credits in one atomic batch: either
 * the account exists with its 500 credits and their ledger row, or nothing.
 * A second sign-up with the same e-mail (even a concurrent one) gets 409.
 */
export async function createAccount(db: Db, account: NewAccount, env?: { DB: D1Database; SHOP_DBS_OPEN?: string }): Promise<SessionUser> {
  const id = randomId();
  let result: MovementResult;
  try {
    result = await moveCredits(
      db,
      { userId: id, delta: SIGNUP_CREDITS, reason: "signup_bonus", idempotencyKey: `signup:${id}` },
      { before: [db.insert(users).values({ id, ...account })] },
    );
  } catch (err) {
    if (isUniqueEmailViolation(err)) throw new ApiError(409, EMAIL_TAKEN);
    throw err;
  }
  if (result.status !== "applied") throw new Error(`sign-up bonus not applied: ${result.status}`);
  // A new shop has no rows yet: it goes to the shop database the placement rule picks, before it has any.
  if (env) await placeNewShop(env, id);
  const user = await findUserById(db, id);
  if (!user) throw new Error("account vanished right after creation");
  return user;
}

function isUniqueEmailViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e.message.includes("users.email")) return true;
  }
  return false;
}

/** Remembers the language the seller reads the app in, for every device they sign in on. */
export async function setSellerLanguage(db: Db, userId: string, language: SellerLanguage): Promise<SessionUser> {
  const user = await db.update(users).set({ sellerLanguage: language }).where(eq(users.id, userId)).returning().get();
  if (!user) throw new Error("account vanished while setting its language");
  return user;
}
