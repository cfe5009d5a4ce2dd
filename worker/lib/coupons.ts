/**
 * The store's discount codes: what a coupon may hold (checked in the seller's Spanish), the seller's list and
 * changes, and the two statements the order core runs inside its own batches: claiming a use (refused by the
 * table's check when none is left, or when the coupon was paused, ran out of dates or changed since the order
 * was priced) and giving it back when the order is cancelled.
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  COUPON_CODE_MAX_LENGTH,
  COUPON_CODE_MIN_LENGTH,
  COUPON_KINDS,
  type Coupon,
  isValidCouponCode,
  MAX_COUPON_USES,
  MAX_COUPONS,
  normalizeCouponCode,
} from "../../common/coupons";
import type { StoreMoney } from "../../common/store-money";
import type { Db, ShopDb } from "../db/client";
import { coupons, orders } from "../db/schema";
import { ApiError } from "./errors";
import { randomId } from "./ids";
import { priceField } from "./price-field";
import { isMoneyGuard, sameShopCurrency } from "./shop-money";

export const COUPON_NOT_FOUND = "No encontramos ese cupón.";
export const COUPON_TAKEN = "Ya tienes un cupón con ese código: elige otro.";
export const TOO_MANY_COUPONS = `Puedes tener hasta ${MAX_COUPONS} cupones. Borra uno que no uses para crear otro.`;
export const COUPON_CODE_INVALID = `El código lleva de ${COUPON_CODE_MIN_LENGTH} a ${COUPON_CODE_MAX_LENGTH} letras o números, sin espacios ni símbolos.`;
export const COUPON_MONEY_CHANGED = "Tu tienda cambió de moneda mientras guardabas: revisa los montos y guarda de nuevo.";

const dateTime = (message: string) =>
  z
    .string({ error: message })
    .max(40, message)
    .refine((v) => !Number.isNaN(Date.parse(v)), message)
    .transform((v) => new Date(v))
    .nullish()
    .transform((v) => v ?? null);

/** The seller's coupon, read in the store's money (`money`): amounts as typed ("12.500", "129,90"). */
export const couponInput = (money: StoreMoney) =>
  z
    .object(
      {
        code: z
          .string({ error: "Escribe el código del cupón." })
          .max(COUPON_CODE_MAX_LENGTH * 4, COUPON_CODE_INVALID)
          .transform(normalizeCouponCode)
          .pipe(z.string().min(1, "Escribe el código del cupón.").refine(isValidCouponCode, COUPON_CODE_INVALID)),
        kind: z.enum(COUPON_KINDS, { error: "Elige qué descuenta el cupón." }),
        percent: z
          .number({ error: "El porcentaje va de 1 a 100." })
          .int("El porcentaje va de 1 a 100.")
          .min(1, "El porcentaje va de 1 a 100.")
          .max(100, "El porcentaje va de 1 a 100.")
          .nullish(),
        amount: priceField(money).nullish(),
        minimum: priceField(money)
          .nullish()
          .transform((v) => (v ? v : null)),
        startsAt: dateTime("Revisa la fecha de inicio."),
        endsAt: dateTime("Revisa la fecha de fin."),
        maxUses: z
          .number({ error: `El límite de usos va de 1 a ${MAX_COUPON_USES}.` })
          .int(`El límite de usos va de 1 a ${MAX_COUPON_USES}.`)
          .min(1, `El límite de usos va de 1 a ${MAX_COUPON_USES}.`)
          .max(MAX_COUPON_USES, `El límite de usos va de 1 a ${MAX_COUPON_USES}.`)
          .nullish()
          .transform((v) => v ?? null),
        active: z.boolean({ error: "Datos inválidos." }).default(true),
      },
      { error: "Faltan los datos del cupón." },
    )
    .superRefine((c, ctx) => {
      if (c.kind === "percent" && !c.percent) ctx.addIssue({ code: "custom", message: "El porcentaje va de 1 a 100.", path: ["percent"] });
      if (c.kind === "amount" && !c.amount)
        ctx.addIssue({ code: "custom", message: "Escribe cuánto descuenta el cupón.", path: ["amount"] });
      if (c.startsAt && c.endsAt && c.endsAt <= c.startsAt)
        ctx.addIssue({ code: "custom", message: "La fecha de fin tiene que ser posterior a la de inicio.", path: ["endsAt"] });
    });
export type CouponInput = z.infer<ReturnType<typeof couponInput>>;

type Row = typeof coupons.$inferSelect;

const amountsIn = (row: Pick<Row, "kind" | "minimum">) => row.kind === "amount" || row.minimum !== null;

export const toCoupon = (row: Row, storeCurrency: string): Coupon => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  value: row.value,
  currency: row.currency,
  minimum: row.minimum,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  maxUses: row.maxUses,
  uses: row.uses,
  active: row.active,
  otherMoney: amountsIn(row) && row.currency !== storeCurrency,
});

export async function listCoupons(shopDb: Db, sellerId: string, storeCurrency: string): Promise<Coupon[]> {
  const rows = await shopDb.select().from(coupons).where(eq(coupons.sellerId, sellerId)).orderBy(coupons.code);
  return rows.map((row) => toCoupon(row, storeCurrency));
}

const isTaken = (err: unknown) => {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (e.message.includes("UNIQUE")) return true;
  return false;
};

function columns(input: CouponInput, currency: string) {
  return {
    code: input.code,
    kind: input.kind,
    value: input.kind === "percent" ? input.percent! : input.kind === "amount" ? input.amount! : 0,
    currency,
    minimum: input.minimum,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    maxUses: input.maxUses,
    active: input.active,
    updatedAt: new Date(),
  };
}

/** Runs a coupon's write behind the guard that the store still sells in the money its amounts were typed in. */
async function guarded<T>(shopDb: ShopDb, sellerId: string, currency: string, write: Parameters<ShopDb["batch"]>[0][number]) {
  try {
    const [, result] = await shopDb.batch([sameShopCurrency(shopDb, sellerId, currency), write]);
    return result as T;
  } catch (err) {
    if (isTaken(err)) throw new ApiError(409, COUPON_TAKEN);
    if (isMoneyGuard(err)) throw new ApiError(409, COUPON_MONEY_CHANGED);
    if (isClaimRefused(err)) throw new ApiError(409, "El límite de usos no puede ser menor que los usos que ya tiene el cupón.");
    throw err;
  }
}

/** A new coupon in the store's money, refused past MAX_COUPONS (in the inserting statement) or when its code is taken. */
export async function createCoupon(shopDb: ShopDb, sellerId: string, currency: string, input: CouponInput): Promise<Coupon> {
  const id = randomId();
  const v = columns(input, currency);
  // INSERT … SELECT … WHERE: the count and the insert are one statement, so coupons saved together cannot pass it.
  const insert = shopDb.insert(coupons).select(sql`
    SELECT ${id} AS id, ${sellerId} AS seller_id, ${v.code} AS code, ${v.kind} AS kind, ${v.value} AS value,
           ${v.currency} AS currency, ${v.minimum} AS minimum, ${v.startsAt?.getTime() ?? null} AS starts_at,
           ${v.endsAt?.getTime() ?? null} AS ends_at, ${v.maxUses} AS max_uses, 0 AS uses, ${v.active ? 1 : 0} AS active,
           ${Date.now()} AS created_at, ${v.updatedAt.getTime()} AS updated_at
    WHERE (SELECT count(*) FROM coupons WHERE seller_id = ${sellerId}) < ${MAX_COUPONS}`);
  const written = await guarded<{ meta?: { changes?: number } }>(shopDb, sellerId, currency, insert);
  if (!written?.meta?.changes) throw new ApiError(409, TOO_MANY_COUPONS);
  return toCoupon((await shopDb.select().from(coupons).where(eq(coupons.id, id)).get())!, currency);
}

const mine = (sellerId: string, id: string) => and(eq(coupons.id, id), eq(coupons.sellerId, sellerId));

/** The seller's coupon changed (its uses stay: a limit below them is refused by the table's check). */
export async function updateCoupon(shopDb: ShopDb, sellerId: string, currency: string, id: string, input: CouponInput): Promise<Coupon> {
  const rows = await guarded<{ id: string }[]>(
    shopDb,
    sellerId,
    currency,
    shopDb.update(coupons).set(columns(input, currency)).where(mine(sellerId, id)).returning({ id: coupons.id }),
  );
  if (!rows.length) throw new ApiError(404, COUPON_NOT_FOUND);
  return toCoupon((await shopDb.select().from(coupons).where(mine(sellerId, id)).get())!, currency);
}

/** Pauses or resumes a coupon: a paused one is refused at checkout until resumed. */
export async function setCouponActive(shopDb: ShopDb, sellerId: string, currency: string, id: string, active: boolean): Promise<Coupon> {
  const rows = await shopDb.update(coupons).set({ active, updatedAt: new Date() }).where(mine(sellerId, id)).returning();
  if (!rows[0]) throw new ApiError(404, COUPON_NOT_FOUND);
  return toCoupon(rows[0], currency);
}

/** Deletes a coupon; the orders that used it keep its code and discount in their own columns. */
export async function deleteCoupon(shopDb: ShopDb, sellerId: string, id: string): Promise<void> {
  const rows = await shopDb.delete(coupons).where(mine(sellerId, id)).returning({ id: coupons.id });
  if (!rows.length) throw new ApiError(404, COUPON_NOT_FOUND);
}

/** The store's coupon with this code as the shopper typed it, or null. */
export async function findCoupon(shopDb: Db, sellerId: string, typed: string): Promise<Row | null> {
  const code = normalizeCouponCode(typed);
  if (!isValidCouponCode(code)) return null;
  return (
    (await shopDb
      .select()
      .from(coupons)
      .where(and(eq(coupons.sellerId, sellerId), eq(coupons.code, code)))
      .get()) ?? null
  );
}

/** Why a coupon does not apply to a cart now, as the shopper's message key, or null when it does. */
export function couponProblem(
  row: Row | null,
  cart: { subtotal: number; currency: string; delivery: "envio" | "retiro" | null },
  now: number,
):
  | "cart.couponUnknown"
  | "cart.couponExpired"
  | "cart.couponNotYet"
  | "cart.couponUsedUp"
  | "cart.couponMinimum"
  | "cart.couponShippingOnly"
  | null {
  if (!row?.active) return "cart.couponUnknown";
  if (amountsIn(row) && row.currency !== cart.currency) return "cart.couponUnknown";
  if (row.startsAt && row.startsAt.getTime() > now) return "cart.couponNotYet";
  if (row.endsAt && row.endsAt.getTime() <= now) return "cart.couponExpired";
  if (row.maxUses !== null && row.uses >= row.maxUses) return "cart.couponUsedUp";
  if (row.minimum !== null && cart.subtotal < row.minimum) return "cart.couponMinimum";
  if (row.kind === "free_shipping" && cart.delivery === "retiro") return "cart.couponShippingOnly";
  return null;
}

/**
 * Claims one use of the coupon `row` as the order was priced with it, to run in the order's batch before its
 * insert. When the coupon is paused, outside its dates, or its terms changed since `row` was read, the new count
 * is -1; when its last use went to another order it passes max_uses: either way the table's check fails the
 * whole batch, so no order is saved with a discount its coupon no longer gives.
 */
export function claimCoupon(shopDb: ShopDb, row: Row, now: number) {
  const same = sql`${coupons.active} = 1
    and (${coupons.startsAt} is null or ${coupons.startsAt} <= ${now})
    and (${coupons.endsAt} is null or ${coupons.endsAt} > ${now})
    and ${coupons.kind} = ${row.kind} and ${coupons.value} = ${row.value} and ${coupons.currency} = ${row.currency}
    and ${coupons.minimum} is ${row.minimum}`;
  return shopDb
    .update(coupons)
    .set({ uses: sql`case when ${same} then ${coupons.uses} + 1 else -1 end` })
    .where(eq(coupons.id, row.id));
}

/** Whether a batch failed on a coupon's claim (its check): the order is priced again and explained. */
export function isClaimRefused(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (/coupons_claim/.test(e.message)) return true;
  return false;
}

/**
 * Gives a cancelled order's use back, to run in the same batch as the move that sets coupon_returned_at and
 * before it: it applies only while the order is still in the status the move starts from and has not given it
 * back, so two cancellations at once give back one use.
 */
export function returnCouponUse(shopDb: ShopDb, order: { id: string; couponId: string; status: string }) {
  return shopDb
    .update(coupons)
    .set({ uses: sql`${coupons.uses} - 1` })
    .where(
      and(
        eq(coupons.id, order.couponId),
        sql`${coupons.uses} > 0`,
        sql`exists (select 1 from ${orders} where ${orders.id} = ${order.id} and ${orders.status} = ${order.status} and ${orders.couponReturnedAt} is null)`,
      ),
    );
}
