import { and, eq, isNotNull, sql } from "drizzle-orm";
import { SUGGESTED_CATEGORIES } from "../../common/store-browse";
import { database } from "../db/client";
import { batchItems, products } from "../db/schema";
import type { Bindings } from "../env";
import { mimeOfKey } from "../lib/images";
import { errorName, log } from "../lib/log";
import { storeChanged } from "../lib/store-version";
import { draftFromName, StudioDescriber } from "../providers/describe-studio";
import { productDescriber } from "../providers/select";
import { ProviderTransientError } from "../providers/types";

/**
 * Names a product from its photo, for a photo uploaded for a batch: the
 * describer of this site (describerFor) drafts a name, a category and a
 * one-line description, at no charge. The draft replaces the name only while
 * the product still has the name it came with (a seller who renamed it
 * meanwhile keeps theirs), and never publishes anything: the seller reviews
 * it in the pricing grid. A describer that refuses or answers nonsense leaves
 * the file's name with the offline drafter's; one that is busy (429, 5xx)
 * throws, for the queue to try again later.
 */
export async function draftProduct(env: Bindings, itemId: string): Promise<void> {
  const db = database(env.DB);
  const row = await db
    .select({
      draftFrom: batchItems.draftFrom,
      draftedAt: batchItems.draftedAt,
      productId: products.id,
      userId: products.userId,
      name: products.name,
      imageKey: products.imageKey,
    })
    .from(batchItems)
    .innerJoin(products, eq(products.id, batchItems.productId))
    .where(eq(batchItems.id, itemId))
    .get();
  if (!row || row.draftFrom === null || row.draftedAt !== null) return;
  const markDrafted = db.update(batchItems).set({ draftedAt: new Date() }).where(eq(batchItems.id, itemId));
  const source = row.name === row.draftFrom && row.imageKey ? await env.IMAGES.get(row.imageKey) : null;
  if (!source || !row.imageKey) {
    // Renamed by the seller already, or its photo is gone: nothing to draft.
    await markDrafted;
    return;
  }
  const photo = { bytes: new Uint8Array(await source.arrayBuffer()), mimeType: mimeOfKey(row.imageKey) };
  const categories = await storeCategories(db, row.userId);
  const describer = await productDescriber(env);
  const context = { fileName: row.draftFrom, categories };
  let draft = await describer.describe(photo, context).catch(async (err: unknown) => {
    if (err instanceof ProviderTransientError) throw err;
    log("warn", "photo not read; named offline", { item: itemId, describer: describer.name, error: errorName(err) });
    return null;
  });
  // Not read: the offline drafter names it (from a photo it cannot decode either, from the file's name alone).
  draft ??= await new StudioDescriber().describe(photo, context).catch(() => draftFromName(context.fileName, null, categories));
  await db.batch([
    db
      .update(products)
      .set({
        name: draft.name,
        category: sql`COALESCE(${products.category}, ${draft.category})`,
        description: sql`COALESCE(${products.description}, ${draft.description})`,
      })
      .where(and(eq(products.id, row.productId), eq(products.name, row.draftFrom))),
    storeChanged(db, row.userId),
    markDrafted,
  ]);
  log("info", "product named from its photo", { item: itemId, describer: describer.name });
}

/** The categories the seller's products use, then the suggested ones: a draft picks from these first. */
async function storeCategories(db: ReturnType<typeof database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: products.category })
    .from(products)
    .where(and(eq(products.userId, userId), isNotNull(products.category)))
    .limit(50);
  const own = rows.map((row) => row.category!).filter(Boolean);
  return [...new Set([...own, ...SUGGESTED_CATEGORIES])];
}
