/**
 * A product's handle: its identity in the catalogue CSV ('Identificador de URL'), unique within the seller's
 * products. A product gets one when it is made and keeps it when renamed, so an exported file imported back
 * names the same products.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products } from "../../db/schema";
import { isCodeTaken } from "../short-codes";

export const HANDLE_MAX_LENGTH = 200;

/** A URL identifier as Tiendanube writes them: lowercase words without accents, joined by "-". */
export function urlIdentifier(name: string, suffix: string): string {
  const words = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${words || "producto"}-${suffix}`;
}

/** The handle a new product gets: its name's words and the start of its id, as the export always wrote them. */
export const newHandle = (name: string, id: string) => urlIdentifier(name, id.slice(0, 6).toLowerCase());

/**
 * Gives a handle to each of the seller's products made before handles existed, from the same urlIdentifier
 * the export wrote (so a file downloaded before still matches), made unique where two would be the same. Each
 * write applies only while the product still has none, so two of these at once agree; a clash with a handle
 * set meanwhile is left for the next call.
 */
export async function ensureHandles(shopDb: Db, userId: string): Promise<void> {
  const rows = await shopDb
    .select({ id: products.id, name: products.name, handle: products.handle })
    .from(products)
    .where(eq(products.userId, userId));
  const missing = rows.filter((r) => r.handle === null);
  if (!missing.length) return;
  const taken = new Set(rows.map((r) => r.handle).filter((h): h is string => h !== null));
  const writes = missing.map((row) => {
    let handle = newHandle(row.name, row.id);
    if (taken.has(handle)) handle = urlIdentifier(row.name, row.id.toLowerCase());
    for (let n = 2; taken.has(handle); n++) handle = urlIdentifier(row.name, `${row.id.toLowerCase()}-${n}`);
    taken.add(handle);
    return shopDb
      .update(products)
      .set({ handle })
      .where(and(eq(products.id, row.id), isNull(products.handle)));
  });
  try {
    await shopDb.batch(writes as unknown as [(typeof writes)[number]]);
  } catch (error) {
    if (!isHandleTaken(error)) throw error;
  }
}

export const isHandleTaken = (err: unknown) => isCodeTaken(err, "products.handle");
