import { desc, eq, sql } from "drizzle-orm";
import { nextStoreVersion } from "../lib/store-version";
import { Hono } from "hono";
import { imagesLabel, type CreditMovementView } from "../../common/credits";
import { STORE_PLAN } from "../../common/packs";
import { AUTO_CHARGE_DONE } from "../../common/payments";
import { database } from "../db/client";
import { creditLedger, users } from "../db/schema";
import type { Env } from "../env";
import { findUserById, toApiUser } from "../lib/accounts";
import { balanceOf, HISTORY_LENGTH, moveCredits } from "../lib/credits";
import { ApiError } from "../lib/errors";
import { requireUser } from "../lib/sessions";
import { noBody } from "../lib/body-limit";
import { inSellerLanguage } from "../lib/seller-language";

export { HISTORY_LENGTH };

export const STORE_ALREADY_ACTIVE = "Tu Tienda ya está activa: no se descontaron créditos.";

export function notEnoughForStore(balance: number): string {
  return `No tienes imágenes suficientes: activar tu Tienda cuesta ${imagesLabel(STORE_PLAN.credits)} y tienes ${imagesLabel(balance)}.`;
}

/** Credit packs and the automatic charge that activates the store plan with 500 credits. */
export const creditRoutes = new Hono<Env>()
  // The seller's own movements, newest first: what the balance is made of (a plan paid twice shows as credits).
  .get("/history", requireUser, async (c) => {
    const rows = await database(c.env.DB)
      .select({
        id: creditLedger.id,
        delta: creditLedger.delta,
        reason: creditLedger.reason,
        balanceAfter: creditLedger.balanceAfter,
        createdAt: creditLedger.createdAt,
      })
      .from(creditLedger)
      .where(eq(creditLedger.userId, c.get("user").id))
      .orderBy(desc(creditLedger.id))
      .limit(HISTORY_LENGTH);
    const movements: CreditMovementView[] = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    return c.json({ movements }, 200);
  })
  .post("/auto-charge", noBody(), requireUser, async (c) => {
    const db = database(c.env.DB);
    const user = c.get("user");
    if (user.paidMiTienda)
      return c.json({ message: inSellerLanguage(c, STORE_ALREADY_ACTIVE), charged: false, user: toApiUser(user) }, 200);

    // One key per seller: the plan is paid once, so no reload, retry or second tab can charge again.
    const result = await moveCredits(
      db,
      { userId: user.id, delta: -STORE_PLAN.credits, reason: "store_plan", idempotencyKey: `store_plan:${user.id}` },
      {
        // Only while the plan is not active as the batch runs: a plan payment settled since this
        // request read the session must not be followed by a charge in credits too.
        onlyIf: eq(users.paidMiTienda, false),
        after: [
          db
            .update(users)
            // The store's cached pages drop the 'Tienda en modo prueba' notice.
            .set({
              paidMiTienda: true,
              paidMiTiendaDate: sql`COALESCE(${users.paidMiTiendaDate}, ${Date.now()})`,
              storeVersion: nextStoreVersion(user.id),
            })
            .where(eq(users.id, user.id)),
        ],
      },
    );
    if (result.status === "insufficient") throw new ApiError(402, notEnoughForStore(await balanceOf(db, user.id)));
    const fresh = (await findUserById(db, user.id)) ?? user;
    if (result.status === "duplicate" || result.status === "skipped")
      return c.json({ message: inSellerLanguage(c, STORE_ALREADY_ACTIVE), charged: false, user: toApiUser(fresh) }, 200);
    return c.json({ message: inSellerLanguage(c, AUTO_CHARGE_DONE), charged: true, user: toApiUser(fresh) }, 200);
  });
