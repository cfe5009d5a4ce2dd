import { waitUntil } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { BATCH_KINDS, type BatchView, MAX_BATCH_ITEMS } from "../../common/batches";
import { createBatch } from "../batches/create";
import { endUnstarted } from "../batches/refund-items";
import { keepBatchesMoving } from "../batches/upkeep";
import { batchView, ownBatch, recentBatches } from "../batches/view";
import { database, shopDatabase } from "../db/client";
import { batchItems } from "../db/schema";
import type { Env } from "../env";
import { gateStub } from "../jobs/gate-admission";
import { noBody, smallJson } from "../lib/body-limit";
import { log } from "../lib/log";
import { inSellerLanguage } from "../lib/seller-language";
import { requireUser } from "../lib/sessions";
import { validate } from "../lib/validation";

export const CANCELLED_PICTURE = "Cancelaste esta imagen antes de que empezara. Te devolvimos los créditos.";
const TOO_MANY = `Un lote puede tener hasta ${MAX_BATCH_ITEMS} imágenes.`;

const id = z.string().min(1).max(64);
const newBatch = z
  .object(
    {
      productIds: z
        .array(id, { error: "Elige los productos del lote." })
        .min(1, "Elige al menos un producto.")
        .max(MAX_BATCH_ITEMS, TOO_MANY)
        .refine((ids) => new Set(ids).size === ids.length, "Un producto aparece dos veces en el lote."),
      draftProductIds: z.array(id, { error: "Las fotos nuevas no son válidas." }).max(MAX_BATCH_ITEMS, TOO_MANY).default([]),
      kind: z.enum(BATCH_KINDS, { error: "Elige cómo quieres las fotos." }),
      includeModel: z.boolean({ error: "includeModel debe ser verdadero o falso." }).default(true),
      quality: z.enum(["standard", "pro"], { error: "Calidad inválida." }).default("standard"),
      notify: z.boolean({ error: "Indica si quieres el aviso por email." }).default(false),
    },
    { error: "Envía un objeto JSON." },
  )
  .refine(
    (batch) => batch.draftProductIds.every((draft) => batch.productIds.includes(draft)),
    "Una foto nueva no está entre los productos del lote.",
  );

/** The batch's view with each picture's failure in the seller's language (the reasons are kept in Spanish). */
const inLanguage = (c: Context<Env>, view: BatchView): BatchView => ({
  ...view,
  items: view.items.map((item) => ({ ...item, error: inSellerLanguage(c, item.error) })),
});

/** Batches: one look for many products (POST), their progress (GET), and 'Cancelar' for what has not begun. */
export const batchRoutes = new Hono<Env>()
  .use(requireUser)
  .post("/", smallJson(), validate("json", newBatch), async (c) => {
    const input = c.req.valid("json");
    const user = c.get("user");
    const { id: batchId } = await createBatch(c.env, { ...input, userId: user.id, shard: user.shard, origin: new URL(c.req.url).origin });
    return c.json({ batch: inLanguage(c, await batchView(database(c.env.DB), shopDatabase(c.env, user), c.env, user.id, batchId)) }, 201);
  })
  .get("/", async (c) => c.json({ batches: await recentBatches(shopDatabase(c.env, c.get("user")), c.get("user").id) }, 200))
  .get("/:id", validate("param", z.object({ id })), async (c) => {
    const user = c.get("user");
    const view = await batchView(database(c.env.DB), shopDatabase(c.env, user), c.env, user.id, c.req.valid("param").id);
    // Whoever follows a batch keeps it moving (lost messages, the e-mail at its end): `npm run dev` runs no crons.
    waitUntil(keepBatchesMoving(c.env, { batchId: view.id }));
    return c.json({ batch: inLanguage(c, view) }, 200);
  })
  .post("/:id/cancel", noBody(), validate("param", z.object({ id })), async (c) => {
    const db = database(c.env.DB);
    const user = c.get("user");
    const shopDb = shopDatabase(c.env, user);
    const batch = await ownBatch(shopDb, user.id, c.req.valid("param").id);
    const waiting = await shopDb
      .select({ id: batchItems.id, userId: batchItems.userId })
      .from(batchItems)
      .where(and(eq(batchItems.batchId, batch.id), eq(batchItems.status, "queued")));
    // Only pictures still waiting move (one the gate begins meanwhile is made and charged), each refunded once.
    await endUnstarted(
      db,
      waiting.map((item) => ({ ...item, cost: batch.unitCost })),
      "cancelled",
      CANCELLED_PICTURE,
      shopDb,
    );
    await gateStub(c.env, batch.provider).drop(
      batch.provider,
      waiting.map((item) => item.id),
    );
    log("info", "batch cancelled", { batch: batch.id, pictures: waiting.length });
    return c.json({ batch: inLanguage(c, await batchView(db, shopDb, c.env, user.id, batch.id)) }, 200);
  });
