import { Hono } from "hono";
import { z } from "zod";
import { countryLocaleOf, STORE_CURRENCIES, STORE_LOCALES } from "../../common/store-locale";
import { database, shopDatabase } from "../db/client";
import { users } from "../db/schema";
import type { Env } from "../env";
import { smallJson } from "../lib/body-limit";
import { requireUser } from "../lib/sessions";
import { storeMoneyOf } from "../lib/store-locale";
import { changeStoreMoney } from "../lib/store-money-change";
import { validate } from "../lib/validation";
import { eq } from "drizzle-orm";

const settings = z.object(
  {
    currency: z.enum(STORE_CURRENCIES as [string, ...string[]], { error: "Elige una moneda de la lista." }),
    locale: z.enum(STORE_LOCALES as [string, ...string[]], { error: "Elige un idioma de la lista." }),
  },
  { error: "Elige la moneda y el idioma de tu tienda." },
);

async function readSettings(db: ReturnType<typeof database>, userId: string) {
  const row = (await db
    .select({ phone: users.phone, countryCode: users.countryCode, storeCurrency: users.storeCurrency, storeLocale: users.storeLocale })
    .from(users)
    .where(eq(users.id, userId))
    .get())!;
  const { country, currency, locale, money } = storeMoneyOf(row);
  const defaults = countryLocaleOf(country);
  return { country, currency, locale, money, defaults: { currency: defaults.currency, locale: defaults.locale } };
}

/** The store's money and its shoppers' language (GET to read, PUT to change both; prices keep their numbers). */
export const storeLocaleRoutes = new Hono<Env>()
  .get("/", requireUser, async (c) => c.json(await readSettings(database(c.env.DB), c.get("user").id), 200))
  .put("/", smallJson(), requireUser, validate("json", settings), async (c) => {
    const db = database(c.env.DB);
    const user = c.get("user");
    await changeStoreMoney(db, shopDatabase(c.env, user), user.id, c.req.valid("json"));
    return c.json(await readSettings(db, user.id), 200);
  });
