import { Hono } from "hono";
import { z } from "zod";
import type { StoreMoney } from "../../common/store-money";
import { database, shopDatabase } from "../db/client";
import type { Env } from "../env";
import { limitBody, MiB, smallJson } from "../lib/body-limit";
import { priceField, sellerMoney } from "../lib/price-field";
import { productChangeFields, sizesField } from "../lib/product-core/fields";
import { publishProduct, saveProducts } from "../lib/product-core/save";
import { listProducts, ownProduct, toApiProduct } from "../lib/products";
import { requireUser } from "../lib/sessions";
import { validate, validateFor } from "../lib/validation";

/** A product of the pricing screen (and of a batch's 'Publicar todos'); its price is read in the store's money. */
const pricingItem = (money: StoreMoney) =>
  z.object(
    {
      ...productChangeFields(money),
      id: z.string({ error: "Falta el producto." }).min(1, "Falta el producto.").max(64),
      price: priceField(money),
      sizes: sizesField.default([]),
    },
    { error: "Los datos de un producto no son válidos." },
  );

const pricingPayload = (money: StoreMoney) =>
  z.object(
    {
      products: z
        .array(pricingItem(money), { error: "Faltan los productos." })
        .min(1, "No hay cambios para guardar.")
        .max(500, "Guarda de a 500 productos como máximo.")
        .refine((items) => new Set(items.map((p) => p.id)).size === items.length, "Un producto aparece dos veces."),
    },
    { error: "Faltan los productos." },
  );

/** Prices, sizes, stock and store images of a seller's products (POST /api/products/update-pricing). */
export const pricingRoutes = new Hono<Env>()
  .post(
    "/update-pricing",
    limitBody(1 * MiB),
    requireUser,
    validateFor("json", (c) => pricingPayload(sellerMoney(c.get("user")))),
    async (c) => {
      const db = database(c.env.DB);
      const user = c.get("user");
      const shopDb = shopDatabase(c.env, user);
      await saveProducts(db, shopDb, user, c.req.valid("json").products);
      return c.json({ products: await listProducts(shopDb, user.id) }, 200);
    },
  )
  .post(
    "/publish",
    smallJson(),
    requireUser,
    validate(
      "json",
      z.object(
        {
          id: z.string({ error: "Falta el producto." }).min(1, "Falta el producto.").max(64),
          published: z.boolean({ error: "Indica si el producto se publica." }),
        },
        { error: "Faltan los datos del producto." },
      ),
    ),
    async (c) => {
      const db = database(c.env.DB);
      const user = c.get("user");
      const shopDb = shopDatabase(c.env, user);
      const { id, published } = c.req.valid("json");
      await publishProduct(db, shopDb, user.id, id, published);
      return c.json({ product: toApiProduct(await ownProduct(shopDb, user.id, id)) }, 200);
    },
  );
