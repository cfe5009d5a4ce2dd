import { Hono } from "hono";
import { z } from "zod";
import { database, shopDatabase } from "../db/client";
import { readStoreLocale } from "../lib/store-locale";
import type { Env } from "../env";
import { smallJson } from "../lib/body-limit";
import { forgetCustomer, listCustomers } from "../lib/customers";
import { requireUser } from "../lib/sessions";
import { validate } from "../lib/validation";

const forgetRequest = z.object(
  { key: z.string({ error: "Falta el cliente." }).min(1, "Falta el cliente.").max(200, "Falta el cliente.") },
  { error: "Falta el cliente." },
);

/** 'Clientes': the buyers of the seller's orders, and erasing one buyer's data on their request. */
export const customerRoutes = new Hono<Env>()
  .use(requireUser)
  .get("/", async (c) => {
    const user = c.get("user");
    const shopDb = shopDatabase(c.env, user);
    // Amounts are written the store's way ("R$ 129,90"), each in its own currency.
    const { locale } = (await readStoreLocale(database(c.env.DB), user.id, shopDb))!;
    return c.json({ customers: await listCustomers(shopDb, user.id), locale }, 200);
  })
  .post("/forget", smallJson(), validate("json", forgetRequest), async (c) => {
    const user = c.get("user");
    const erased = await forgetCustomer(shopDatabase(c.env, user), user.id, c.req.valid("json").key);
    return c.json({ erased }, 200);
  });
