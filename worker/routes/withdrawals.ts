import { Hono } from "hono";
import { z } from "zod";
import { shopDatabase } from "../db/client";
import type { Env } from "../env";
import { noBody } from "../lib/body-limit";
import { ApiError } from "../lib/errors";
import { requireUser } from "../lib/sessions";
import { validate } from "../lib/validation";
import { answerWithdrawal, listWithdrawals } from "../lib/withdrawals";

export const WITHDRAWAL_NOT_FOUND = "No encontramos ese pedido de arrepentimiento.";

const idParam = z.object({ id: z.string().min(1).max(64) });

/** The 'Botón de arrepentimiento' requests buyers sent to the seller's store, for Pedidos. */
export const withdrawalRoutes = new Hono<Env>()
  .use(requireUser)
  .get("/", async (c) => {
    const user = c.get("user");
    return c.json({ withdrawals: await listWithdrawals(shopDatabase(c.env, user), user.id) }, 200);
  })
  .post("/:id/answered", noBody(), validate("param", idParam), async (c) => {
    const user = c.get("user");
    const request = await answerWithdrawal(shopDatabase(c.env, user), user.id, c.req.valid("param").id);
    // Another seller's request looks missing.
    if (!request) throw new ApiError(404, WITHDRAWAL_NOT_FOUND);
    return c.json({ withdrawal: request }, 200);
  });
