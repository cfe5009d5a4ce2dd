import { Hono } from "hono";
import { z } from "zod";
import { translator } from "../../common/i18n";
import { database, shopDatabase } from "../db/client";
import type { Env } from "../env";
import { KiB, limitBody, noBody, smallJson } from "../lib/body-limit";
import { clientAddress } from "../lib/client-address";
import {
  couponInput,
  couponProblem,
  createCoupon,
  deleteCoupon,
  findCoupon,
  listCoupons,
  setCouponActive,
  updateCoupon,
} from "../lib/coupons";
import { ApiError } from "../lib/errors";
import { sellerMoney } from "../lib/price-field";
import { requireUser } from "../lib/sessions";
import { findStore } from "../lib/store-data";
import { readStoreLocale } from "../lib/store-locale";
import { attempt } from "../lib/throttle";
import { validate, validateFor } from "../lib/validation";

const idParam = z.object({ id: z.string().min(1).max(64) });
const couponCheck = z.object({ username: z.string().min(1).max(64), code: z.string().max(80) }, { error: "Datos inválidos." });

/**
 * 'Cupones': the seller's discount codes, and the cart's check of a typed code (public, throttled per address
 * like orders, since it tells whether a code exists). The check answers the code's terms so the cart shows the
 * discounted total; the order re-reads them and claims the use (worker/lib/order-core/place.ts).
 */
export const couponRoutes = new Hono<Env>()
  .post("/check", limitBody(1 * KiB), validate("json", couponCheck), async (c) => {
    const db = database(c.env.DB);
    const { username, code } = c.req.valid("json");
    const store = await findStore(db, username);
    const shopDb = store ? shopDatabase(c.env, store) : null;
    const locale = store && shopDb ? await readStoreLocale(db, store.id, shopDb) : null;
    if (!store || !shopDb || !locale) throw new ApiError(404, translator("es-AR").t("order.storeGone"));
    await attempt(db, [["couponAddress", clientAddress(c)]]);
    const row = await findCoupon(shopDb, store.id, code);
    // The minimum and the delivery are the cart's to show: it has the terms and re-checks them as the cart changes.
    const problem = couponProblem(row, { subtotal: Number.POSITIVE_INFINITY, currency: locale.currency, delivery: null }, Date.now());
    const { t } = translator(locale.locale);
    if (problem || !row)
      throw new ApiError(problem === "cart.couponUsedUp" ? 409 : 400, t(problem ?? "cart.couponUnknown", { amount: "" }));
    return c.json({ coupon: { code: row.code, kind: row.kind, value: row.value, currency: row.currency, minimum: row.minimum } }, 200);
  })
  .get("/", requireUser, async (c) => {
    const user = c.get("user");
    return c.json({ coupons: await listCoupons(shopDatabase(c.env, user), user.id, sellerMoney(user).currency) }, 200);
  })
  .post(
    "/",
    smallJson(),
    requireUser,
    validateFor("json", (c) => couponInput(sellerMoney(c.get("user")))),
    async (c) => {
      const user = c.get("user");
      const coupon = await createCoupon(shopDatabase(c.env, user), user.id, sellerMoney(user).currency, c.req.valid("json"));
      return c.json({ coupon }, 201);
    },
  )
  .put(
    "/:id",
    smallJson(),
    requireUser,
    validate("param", idParam),
    validateFor("json", (c) => couponInput(sellerMoney(c.get("user")))),
    async (c) => {
      const user = c.get("user");
      const { id } = c.req.valid("param");
      const coupon = await updateCoupon(shopDatabase(c.env, user), user.id, sellerMoney(user).currency, id, c.req.valid("json"));
      return c.json({ coupon }, 200);
    },
  )
  .put(
    "/:id/active",
    smallJson(),
    requireUser,
    validate("param", idParam),
    validate("json", z.object({ active: z.boolean({ error: "Datos inválidos." }) }, { error: "Datos inválidos." })),
    async (c) => {
      const user = c.get("user");
      const { id } = c.req.valid("param");
      const coupon = await setCouponActive(shopDatabase(c.env, user), user.id, sellerMoney(user).currency, id, c.req.valid("json").active);
      return c.json({ coupon }, 200);
    },
  )
  .delete("/:id", noBody(), requireUser, validate("param", idParam), async (c) => {
    const user = c.get("user");
    await deleteCoupon(shopDatabase(c.env, user), user.id, c.req.valid("param").id);
    return c.json({ ok: true }, 200);
  });
