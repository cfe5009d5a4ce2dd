import { Hono } from "hono";
import { z } from "zod";
import { parseAlias, parseCbu } from "../../common/bank-account";
import {
  HOLDER_MAX_LENGTH,
  mercadoPagoLink,
  MAX_ZONES,
  MERCADOPAGO_LINK_INVALID,
  PICKUP_ADDRESS_MAX_LENGTH,
  ZONE_NAME_MAX_LENGTH,
} from "../../common/checkout";
import { cleanText } from "../../common/text";
import { database } from "../db/client";
import { storeCheckout } from "../db/schema";
import type { Env } from "../env";
import { smallJson } from "../lib/body-limit";
import { readCheckout } from "../lib/checkout";
import { requireUser } from "../lib/sessions";
import { storeChanged } from "../lib/store-version";
import { validate } from "../lib/validation";
import { priceField } from "./pricing";

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

/** A parser of common/ as a zod step: its value, or its Spanish reason as the issue. */
const parsed = <T>(parse: (input: string) => T | { error: string }) =>
  z.string({ error: "El dato no es válido." }).transform((value, ctx) => {
    const result = parse(value);
    if (result && typeof result === "object" && "error" in result) {
      ctx.addIssue({ code: "custom", message: (result as { error: string }).error });
      return z.NEVER;
    }
    return result as T;
  });

/** Empty means "not given". */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    schema.nullish().transform((v) => v ?? null),
  );

const zone = z.object(
  {
    name: text(ZONE_NAME_MAX_LENGTH, `El nombre de una zona puede tener hasta ${ZONE_NAME_MAX_LENGTH} caracteres.`).pipe(
      z.string().min(1, ZONE_NAME_REQUIRED),
    ),
    // As the seller types prices ("3.500"); 0 is free delivery to that zone.
    cost: priceField,
  },
  { error: "Las zonas de envío no son válidas." },
);

const delivery = z
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
          .array(zone, { error: "Las zonas de envío no son válidas." })
          .max(MAX_ZONES, `Puedes tener hasta ${MAX_ZONES} zonas de envío.`)
          .refine((zones) => new Set(zones.map((z) => z.name.toLowerCase())).size === zones.length, DUPLICATE_ZONE),
        // Empty or 0: no threshold.
        freeFrom: priceField.transform((v) => (v > 0 ? v : null)),
      }),
    },
    { error: "Faltan los datos de entrega." },
  )
  .refine((d) => d.pickup.enabled || d.shipping.enabled, NO_DELIVERY);

const payments = z.object(
  {
    transfer: z
      .object({
        alias: optional(parsed(parseAlias).transform((r) => r.alias)),
        cbu: optional(parsed(parseCbu).transform((r) => r.cbu)),
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

/** 'Entrega y pagos': how the seller's store delivers and takes money (GET to read, PUT to save both). */
export const checkoutSettingsRoutes = new Hono<Env>()
  .get("/", requireUser, async (c) => c.json(await readCheckout(database(c.env.DB), c.get("user").id), 200))
  .put("/", smallJson(), requireUser, validate("json", z.object({ delivery, payments }, { error: "Faltan los datos." })), async (c) => {
    const db = database(c.env.DB);
    const user = c.get("user");
    const input = c.req.valid("json");
    const values = { delivery: JSON.stringify(input.delivery), payments: JSON.stringify(input.payments), updatedAt: new Date() };
    // The store page lists the zones and the ways to pay: it is renewed with them.
    await db.batch([
      db
        .insert(storeCheckout)
        .values({ userId: user.id, ...values })
        .onConflictDoUpdate({ target: storeCheckout.userId, set: values }),
      storeChanged(db, user.id),
    ]);
    return c.json(await readCheckout(db, user.id), 200);
  });
