import { and, asc, eq } from "drizzle-orm";
import type { Audience } from "../../common/generation";
import type { StoreModel } from "../../common/store-models";
import type { Db } from "../db/client";
import { storeModels } from "../db/schema";
import { imageUrl } from "./images";

export async function listStoreModels(db: Db, userId: string): Promise<StoreModel[]> {
  const rows = await db.select().from(storeModels).where(eq(storeModels.userId, userId)).orderBy(asc(storeModels.createdAt));
  return rows.map((r) => ({ audience: r.audience, imageId: r.imageId, imageUrl: imageUrl(r.key)!, updatedAt: r.updatedAt.toISOString() }));
}

/** The R2 key of the audience's model, read when a job starts. */
export async function storeModelKey(db: Db, userId: string, audience: Audience): Promise<string | undefined> {
  const row = await db
    .select({ key: storeModels.key })
    .from(storeModels)
    .where(and(eq(storeModels.userId, userId), eq(storeModels.audience, audience)))
    .get();
  return row?.key;
}
