import { and, eq, isNotNull, ne, notExists, sql } from "drizzle-orm";
import { distinctName, isCameraName, nameFromFile } from "../../common/product-names";
import { SUGGESTED_CATEGORIES } from "../../common/store-browse";
import { database } from "../db/client";
import { batchItems, products } from "../db/schema";
import type { Bindings } from "../env";
import { mimeOfKey } from "../lib/images";
import { errorName, log } from "../lib/log";
import { writeAcross } from "../lib/shop-writes";
import { storeChanged } from "../lib/store-version";
import { itemDatabase } from "./item-database";
import { draftFromName, StudioDescriber } from "../providers/describe-studio";
import { productDescriber } from "../providers/select";
import { ProviderTransientError, type SourceImage } from "../providers/types";

/**
 * Names a product from its photo, for a photo uploaded for a batch: the
 * describer of this site (describerFor) drafts a name, a category and a
 * one-line description, at no charge. The draft replaces the name only while
 * the product still has the name it came with (a seller who renamed it
 * meanwhile keeps theirs, and one published meanwhile keeps the name it was
 * published with), and never publishes anything: the seller reviews it in
 * the pricing grid, which waits for the drafts. No two products of a seller
 * are given the same draft ('Prenda verde', 'Prenda verde 2'). A describer that refuses or answers nonsense leaves
 * the file's name with the offline drafter's; one that is busy (429, 5xx)
 * throws, for the queue to try again later.
 */
export async function draftProduct(env: Bindings, itemId: string): Promise<void> {
  const db = await itemDatabase(env, itemId);
  if (!db) return;
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
  // A reader that only echoed the camera's file name said nothing: the offline drafter names it instead.
  if (draft && isCameraName(draft.name)) draft = null;
  // Not read: the offline drafter names it (from a photo it cannot decode either, from the file's name alone).
  draft ??= await new StudioDescriber().describe(photo, context).catch(() => draftFromName(context.fileName, null, categories));
  const named = await nameDistinctly(db, { productId: row.productId, userId: row.userId, draftFrom: row.draftFrom }, draft.name);
  if (named) {
    const global = database(env.DB);
    await writeAcross(global, db, {
      shop: [
        db
          .update(products)
          .set({
            category: sql`COALESCE(${products.category}, ${draft.category})`,
            description: sql`COALESCE(${products.description}, ${draft.description})`,
          })
          .where(eq(products.id, row.productId)),
        markDrafted,
      ],
      after: [storeChanged(global, row.userId)],
    });
  } else await markDrafted;
  log("info", "product named from its photo", { item: itemId, describer: describer.name, named });
}

/**
 * The name of a product made from one photo outside a batch ('Generar' in the add dialog): the offline
 * drafter's, from the file's name when the screen sent it and the garment's colour ('remera-roja.jpg' is
 * 'Remera roja', a camera's photo of a blue one 'Prenda azul'), never 'Producto 1', and not one the seller's
 * other products have ('Remera roja 2').
 */
export async function nameFromPhoto(
  db: ReturnType<typeof database>,
  userId: string,
  photo: SourceImage,
  fileName: string | undefined,
): Promise<string> {
  const context = { fileName: nameFromFile(fileName ?? ""), categories: [] };
  const draft = await new StudioDescriber().describe(photo, context).catch(() => draftFromName(context.fileName, null, []));
  const others = await db.select({ name: products.name }).from(products).where(eq(products.userId, userId));
  return distinctName(
    draft.name,
    others.map((other) => other.name),
  );
}

/** Tries of a name before giving up: each one lost only to a draft of the same seller landing at that moment. */
const NAME_TRIES = 8;

/**
 * Gives the product the drafted name, or 'name 2', 'name 3'… when another product of the seller has it: no two
 * drafts read the same. Each try is one conditional statement (the product still has the name it came with,
 * is not published, and no other product of the seller has that name), so drafts landing at once never take
 * the same name. False when the seller renamed or published it meanwhile: theirs stays.
 */
async function nameDistinctly(
  db: ReturnType<typeof database>,
  row: { productId: string; userId: string; draftFrom: string },
  drafted: string,
): Promise<boolean> {
  for (let attempt = 0; attempt < NAME_TRIES; attempt++) {
    const others = await db
      .select({ name: products.name })
      .from(products)
      .where(and(eq(products.userId, row.userId), ne(products.id, row.productId)));
    const name = distinctName(
      drafted,
      others.map((other) => other.name),
    );
    const taken = db
      .select({ one: sql`1` })
      .from(products)
      .where(and(eq(products.userId, row.userId), ne(products.id, row.productId), sql`lower(${products.name}) = lower(${name})`));
    const updated = await db
      .update(products)
      .set({ name })
      .where(and(eq(products.id, row.productId), eq(products.name, row.draftFrom), eq(products.published, false), notExists(taken)))
      .returning({ id: products.id });
    if (updated.length > 0) return true;
    const still = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, row.productId), eq(products.name, row.draftFrom), eq(products.published, false)))
      .get();
    if (!still) return false;
  }
  log("warn", "no free name for a drafted product; it keeps its own", { product: row.productId });
  return false;
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
