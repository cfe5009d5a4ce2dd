import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { COUNTRY_CODES } from "../../common/store";
import { countryLocaleOf, STORE_CURRENCIES, STORE_LOCALES } from "../../common/store-locale";
import { database, shopDatabase } from "../db/client";
import { users } from "../db/schema";
import type { Env } from "../env";
import { smallJson } from "../lib/body-limit";
import { requireUser } from "../lib/sessions";
import { storeMoneyOf } from "../lib/store-locale";
import { changeStoreMoney } from "../lib/store-money-change";
import { countryOfCurrency, payMethodsKept, previewMoneyChange } from "../lib/store-money-preview";
import { validate } from "../lib/validation";

const currency = z.enum(STORE_CURRENCIES as [string, ...string[]], { error: "Elige una moneda de la lista." });
const country = z.enum(COUNTRY_CODES, { error: "Elige un país de la lista." });

const settings = z.object(
  {
    currency,
    locale: z.enum(STORE_LOCALES as [string, ...string[]], { error: "Elige un idioma de la lista." }),
    /**
     * Take this country's defaults with the change (the preview's `newCountry`): its shoppers' language instead
     * of `locale`, and only the store's ways to pay that the country has (Pix goes when a Brazilian store sells
     * in pesos). Absent: the language is `locale` and the ways to pay stay as they are.
     */
    countryDefaults: country.optional(),
  },
  { error: "Elige la moneda y el idioma de tu tienda." },
);

const previewQuery = z.object({ currency, country: country.optional() }, { error: "Elige una moneda de la lista." });

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

/**
 * The store's money and its shoppers' language: GET to read, GET /preview?currency=ARS[&country=AR] for what a
 * change would do (worker/lib/store-money-preview.ts MoneyChangePreview), PUT to change them (prices keep their
 * numbers, exactly back on a round trip without edits).
 */
export const storeLocaleRoutes = new Hono<Env>()
  .get("/", requireUser, async (c) => c.json(await readSettings(database(c.env.DB), c.get("user").id), 200))
  .get("/preview", requireUser, validate("query", previewQuery), async (c) => {
    const user = c.get("user");
    const preview = await previewMoneyChange(database(c.env.DB), shopDatabase(c.env, user), user.id, c.req.valid("query"));
    return c.json({ preview }, 200);
  })
  .put("/", smallJson(), requireUser, validate("json", settings), async (c) => {
    const db = database(c.env.DB);
    const user = c.get("user");
    const shopDb = shopDatabase(c.env, user);
    const input = c.req.valid("json");
    const country = input.countryDefaults && countryOfCurrency(input.currency, input.countryDefaults);
    await changeStoreMoney(
      db,
      shopDb,
      user.id,
      country
        ? {
            currency: input.currency,
            locale: countryLocaleOf(country).locale,
            keepPayMethods: (methods) => payMethodsKept(methods, country),
          }
        : { currency: input.currency, locale: input.locale },
    );
    return c.json(await readSettings(db, user.id), 200);
  });
