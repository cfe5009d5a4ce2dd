import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { parseAlias, parseCbu } from "../../common/bank-account";
import { MAX_ZONES, PICKUP_ADDRESS_MAX_LENGTH, ZONE_NAME_MAX_LENGTH } from "../../common/checkout";
import { MERCADOPAGO_LINK_INVALID, mercadoPagoLink } from "../../common/mercado-pago-link";
import {
  HOLDER_MAX_LENGTH,
  type PayMethod,
  type PayMethodKind,
  PAY_METHOD_NAMES,
  parsedBy,
  payMethodsOutside,
  payMethodsSchema,
} from "../../common/pay-methods";
import type { PaymentSettings } from "../../common/checkout";
import { countryByCode } from "../../common/store";
import { countryLocaleOf } from "../../common/store-locale";
import type { StoreMoney } from "../../common/store-money";
import { cleanText } from "../../common/text";
import { database, type Db, shopDatabase } from "../db/client";
import { storeCheckout, users } from "../db/schema";
import type { Env } from "../env";
import { smallJson } from "../lib/body-limit";
import { readCheckout } from "../lib/checkout";
import { requireUser } from "../lib/sessions";
import { nextStoreVersion } from "../lib/store-version";
import { readStoreLocale, storeMoneyOf } from "../lib/store-locale";
import { priceField } from "../lib/price-field";
import { ApiError } from "../lib/errors";
import { moneyGuarded, moneyGuards } from "../lib/store-money-change";
import { validateFor } from "../lib/validation";
import { writeAcross } from "../lib/shop-writes";

export const NO_DELIVERY = "Ofrece al menos una forma de entrega: envío a domicilio o retiro en el local.";
export const ZONE_NAME_REQUIRED = "Ponle un nombre a cada zona de envío.";
export const DUPLICATE_ZONE = "Hay zonas de envío con el mismo nombre.";
export const TRANSFER_NEEDS_ACCOUNT = "Para transferencias escribe tu alias o tu CBU/CVU.";
export const HOLDER_REQUIRED = "Escribe el nombre del titular de la cuenta.";

/** Plain text a buyer reads: cleaned, single line, within a length. */
const text = (max: number, tooLong: string) =>
  z
    .string({ error: "El texto no es válido." })
    .transform((v) => cleanText(v))
    .pipe(z.string().max(max, tooLong));

/** Empty means "not given". */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    schema.nullish().transform((v) => v ?? null),
  );

const zone = (money: StoreMoney) =>
  z.object(
    {
      name: text(ZONE_NAME_MAX_LENGTH, `El nombre de una zona puede tener hasta ${ZONE_NAME_MAX_LENGTH} caracteres.`).pipe(
        z.string().min(1, ZONE_NAME_REQUIRED),
      ),
      // As the seller types prices ("3.500", "99,90"); 0 is free delivery to that zone.
      cost: priceField(money),
    },
    { error: "Las zonas de envío no son válidas." },
  );

const delivery = (money: StoreMoney) =>
  z
    .object(
      {
        pickup: z.object({
          enabled: z.boolean({ error: "Indica si ofreces retiro en el local." }),
          address: optional(
            text(PICKUP_ADDRESS_MAX_LENGTH, `La dirección de retiro puede tener hasta ${PICKUP_ADDRESS_MAX_LENGTH} caracteres.`),
          ),
        }),
        shipping: z.object({
          enabled: z.boolean({ error: "Indica si haces envíos." }),
          zones: z
            .array(zone(money), { error: "Las zonas de envío no son válidas." })
            .max(MAX_ZONES, `Puedes tener hasta ${MAX_ZONES} zonas de envío.`)
            .refine((zones) => new Set(zones.map((z) => z.name.toLowerCase())).size === zones.length, DUPLICATE_ZONE),
          // Empty or 0: no threshold.
          freeFrom: priceField(money).transform((v) => (v > 0 ? v : null)),
        }),
      },
      { error: "Faltan los datos de entrega." },
    )
    .refine((d) => d.pickup.enabled || d.shipping.enabled, NO_DELIVERY);

const payments = z.object(
  {
    transfer: z
      .object({
        alias: optional(parsedBy(parseAlias).transform((r) => r.alias)),
        cbu: optional(parsedBy(parseCbu).transform((r) => r.cbu)),
        holder: text(HOLDER_MAX_LENGTH, `El nombre del titular puede tener hasta ${HOLDER_MAX_LENGTH} caracteres.`).pipe(
          z.string().min(1, HOLDER_REQUIRED),
        ),
      })
      .refine((t) => t.alias || t.cbu, TRANSFER_NEEDS_ACCOUNT)
      .nullable(),
    mercadoPago: z
      .object({
        link: z
          .string({ error: MERCADOPAGO_LINK_INVALID })
          .trim()
          .max(300, MERCADOPAGO_LINK_INVALID)
          // Saved as the buyer will open it: "mpago.la/2xYz9Ab" is kept as https://mpago.la/2xYz9Ab.
          .transform((link, ctx) => {
            const completed = mercadoPagoLink(link);
            if (completed) return completed;
            ctx.addIssue({ code: "custom", message: MERCADOPAGO_LINK_INVALID });
            return z.NEVER;
          }),
      })
      .nullable(),
    cash: z.boolean({ error: "Indica si aceptas efectivo." }),
  },
  { error: "Faltan las formas de pago." },
);

export const PAYMENTS_TWICE = "Envía tus formas de pago una sola vez.";
export const NO_PAYMENTS = "Faltan las formas de pago.";

/** "Pix no está disponible en México.": a way to pay the store's country does not have. */
export const notOffered = (kind: PayMethodKind, country: string) =>
  `${PAY_METHOD_NAMES[kind]} no está disponible en ${countryByCode(country)?.name ?? country}.`;

/**
 * What today's Argentine settings hold of a list of ways to pay (transfer with CBU/alias, Mercado Pago,
 * cash): saved beside the list, so whatever reads store_checkout.payments still sees those three.
 */
export function legacyPayments(methods: readonly PayMethod[]): PaymentSettings {
  const transfer = methods.find((m) => m.kind === "ar_transfer");
  const mercadoPago = methods.find((m) => m.kind === "mercadopago");
  return {
    transfer: transfer ? { alias: transfer.alias, cbu: transfer.cbu, holder: transfer.holder } : null,
    mercadoPago: mercadoPago ? { link: mercadoPago.link } : null,
    cash: methods.some((m) => m.kind === "cash"),
  };
}

/**
 * Either today's Argentine shape (`payments`: transfer, Mercado Pago, cash) or the list of ways to pay of
 * any country (`payMethods`, common/pay-methods.ts), never both; prices in the store's money.
 */
const settingsPayload = (money: StoreMoney) =>
  z
    .object(
      { delivery: delivery(money), payments: payments.optional(), payMethods: payMethodsSchema.optional() },
      { error: "Faltan los datos." },
    )
    .refine((s) => !(s.payments && s.payMethods), PAYMENTS_TWICE)
    .refine((s) => s.payments || s.payMethods, NO_PAYMENTS);

/** What 'Entrega y pagos' reads: the saved settings, the ways to pay, what the country offers and the store's money. */
async function readSettings(db: Db, shopDb: Db, sellerId: string) {
  const [checkout, locale] = await Promise.all([readCheckout(shopDb, sellerId), readStoreLocale(db, sellerId, shopDb)]);
  return {
    ...checkout,
    payMethods: locale!.payMethods,
    countryPayMethods: locale!.countryPayMethods,
    country: locale!.country,
    money: locale!.money,
  };
}

/** 'Entrega y pagos': how the seller's store delivers and takes money (GET to read, PUT to save both). */
export const checkoutSettingsRoutes = new Hono<Env>()
  .get("/", requireUser, async (c) =>
    c.json(await readSettings(database(c.env.DB), shopDatabase(c.env, c.get("user")), c.get("user").id), 200),
  )
  .put(
    "/",
    smallJson(),
    requireUser,
    validateFor("json", (c) => settingsPayload(storeMoneyOf(c.get("user")).money)),
    async (c) => {
      const db = database(c.env.DB);
      const user = c.get("user");
      const shopDb = shopDatabase(c.env, user);
      const input = c.req.valid("json");
      const { country } = storeMoneyOf(user);
      if (input.payMethods) {
        const outside = payMethodsOutside(input.payMethods, countryLocaleOf(country).payMethods);
        if (outside.length) throw new ApiError(400, notOffered(outside[0]!, country));
      }
      const paymentsSaved = input.payments ?? legacyPayments(input.payMethods!);
      const values = { delivery: JSON.stringify(input.delivery), payments: JSON.stringify(paymentsSaved), updatedAt: new Date() };
      // One batch where the shop lives in the global database: the store page lists the zones and the ways to
      // pay, so it is renewed with them. Today's Argentine shape clears the list, so the store offers exactly what
      // it says. The money guard (on the account) decides first, the account's part follows (worker/lib/shop-writes.ts).
      await moneyGuarded(
        writeAcross(db, shopDb, {
          ...moneyGuards(db, shopDb, user),
          shop: [
            shopDb
              .insert(storeCheckout)
              .values({ userId: user.id, ...values })
              .onConflictDoUpdate({ target: storeCheckout.userId, set: values }),
          ],
          after: [
            db
              .update(users)
              .set({
                storePayMethods: input.payMethods ? JSON.stringify(input.payMethods) : null,
                storeVersion: nextStoreVersion(user.id),
              })
              .where(eq(users.id, user.id)),
          ],
        }),
      );
      return c.json(await readSettings(db, shopDb, user.id), 200);
    },
  );
