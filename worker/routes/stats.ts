import { Hono } from "hono";
import { z } from "zod";
import { database, replicaDatabase, shopDatabase } from "../db/client";
import type { Env } from "../env";
import { KiB, limitBody, smallJson } from "../lib/body-limit";
import { ApiError } from "../lib/errors";
import { clientAddress, clientNeighbourhood } from "../lib/client-address";
import { requireUser, sessionKey } from "../lib/sessions";
import { rememberedStoreVersion, storeVersionTtl } from "../lib/store-version";
import { validate } from "../lib/validation";
import { storeVersion } from "../lib/store-data";
import { StatsReadError } from "../stats/analytics-engine";
import { admitCartAdd } from "../stats/cart-add-guard";
import { findShop } from "../lib/shops";
import { countCartAdd, countCartAddsCapped } from "../stats/count";
import { TOO_MANY_CART_EVENTS } from "../lib/throttle";
import { couponFigures } from "../stats/coupon-figures";
import { statsReport } from "../stats/report";
import { statsEngine } from "../stats/select";
import { setWeeklyEmail, unsubscribeTokenUser, weeklyEmailOn } from "../stats/weekly";
import { shopperFacing } from "../lib/seller-language";

export const NO_STORE = "Todavía no tienes una tienda: créala en 'Mi Tienda' para ver sus estadísticas.";
export const STATS_UNAVAILABLE = "No pudimos leer tus estadísticas en este momento. Intenta de nuevo en unos minutos.";
export const UNSUBSCRIBE_LINK_INVALID =
  "El enlace para darte de baja no es válido. Puedes desactivar el resumen semanal desde Estadísticas, con tu sesión iniciada.";

const cartAdd = z.object(
  {
    store: z.string().regex(/^[a-z0-9]{1,20}$/),
    product: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  },
  { error: "Evento inválido." },
);

/**
 * The seller's statistics (only ever their own store's: the store is the
 * session's, never a parameter), the cart script's report of a cart add,
 * and the weekly e-mail's setting and its unsubscribe link.
 */
export const statsRoutes = new Hono<Env>()
  .get("/", requireUser, async (c) => {
    const user = c.get("user");
    if (!user.username) throw new ApiError(404, NO_STORE);
    const db = database(c.env.DB);
    try {
      const shopDb = shopDatabase(c.env, user);
      const [report, weeklyEmail, coupons] = await Promise.all([
        statsReport(statsEngine(c.env), shopDb, user),
        weeklyEmailOn(db, user.id),
        couponFigures(shopDb, user.id),
      ]);
      return c.json({ report: { ...report, weeklyEmail, coupons } }, 200);
    } catch (err) {
      if (err instanceof StatsReadError) throw new ApiError(503, STATS_UNAVAILABLE);
      throw err;
    }
  })
  // sendBeacon from the store's cart script; nothing to answer. Only a product the store sells counts,
  // and only so many from one address and its neighbourhood (admitCartAdd), so nobody can inflate a store's
  // figures; the hour a cart add is refused, the store's statistics say their figure has a cap.
  .post("/events", shopperFacing, limitBody(1 * KiB), validate("json", cartAdd), async (c) => {
    const { store, product } = c.req.valid("json");
    const found = await rememberedStoreVersion(store, storeVersionTtl(c.env.STORE_VERSION_TTL_MS), () =>
      storeVersion(replicaDatabase(c.env.DB), store),
    );
    if (!found) throw new ApiError(404, "Esta tienda no existe.");
    const db = database(c.env.DB);
    const shop = await findShop(db, found.id);
    if (!shop) throw new ApiError(404, "Esta tienda no existe.");
    const admitted = await admitCartAdd(db, shopDatabase(c.env, shop), sessionKey(c), {
      storeId: found.id,
      productId: product,
      address: clientAddress(c),
      neighbourhood: clientNeighbourhood(c),
    });
    if (admitted.firstRefusal) countCartAddsCapped(c, found.id);
    if (!admitted.counted) throw new ApiError(429, TOO_MANY_CART_EVENTS);
    countCartAdd(c, found.id, product);
    return c.body(null, 204);
  })
  .put(
    "/weekly-email",
    smallJson(),
    requireUser,
    validate("json", z.object({ enabled: z.boolean({ error: "Indica sí o no." }) })),
    async (c) => {
      const { enabled } = c.req.valid("json");
      await setWeeklyEmail(database(c.env.DB), c.get("user").id, enabled);
      return c.json({ weeklyEmail: enabled }, 200);
    },
  )
  .post(
    "/weekly-email/unsubscribe",
    smallJson(),
    validate("json", z.object({ token: z.string({ error: UNSUBSCRIBE_LINK_INVALID }).min(1, UNSUBSCRIBE_LINK_INVALID).max(2000) })),
    async (c) => {
      const userId = await unsubscribeTokenUser(c.env, c.req.valid("json").token);
      if (!userId) throw new ApiError(400, UNSUBSCRIBE_LINK_INVALID);
      await setWeeklyEmail(database(c.env.DB), userId, false);
      return c.json({ weeklyEmail: false }, 200);
    },
  );
