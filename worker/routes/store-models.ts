/**
 * 'Modelo de mi tienda' (issue 13.5): list, keep one of the seller's own
 * generated images as an audience's model (replacing the one before), remove.
 * Generations read it at job start (worker/lib/store-models.ts).
 */
import { and, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { IMAGE_VARIANTS, variantOf, type ImageVariant } from "../../common/image-variants";
import {
  audienceOfVariant,
  fitsAudience,
  STORE_MODEL_AUDIENCES,
  STORE_MODEL_NO_PERSON,
  STORE_MODEL_WRONG_AUDIENCE,
  type StoreModel,
} from "../../common/store-models";
import { shopDatabase } from "../db/client";
import { generatedImages, storeModels } from "../db/schema";
import type { Env } from "../env";
import { noBody, smallJson } from "../lib/body-limit";
import { ApiError } from "../lib/errors";
import { imageUrl } from "../lib/images";
import { requireUser } from "../lib/sessions";
import { listStoreModels } from "../lib/store-models";
import { validate } from "../lib/validation";
import { IMAGE_NOT_FOUND } from "./generation";

const audienceParam = z.object({
  audience: z.enum(STORE_MODEL_AUDIENCES, { error: "El público debe ser adulto, bebé, niño o niña." }),
});
const imageBody = z.object({
  imageId: z
    .string({ error: "Elige una imagen de tu galería." })
    .min(1, "Elige una imagen de tu galería.")
    .max(64, "Imagen no encontrada."),
});

export const storeModelRoutes = new Hono<Env>()
  .use(requireUser)
  .get("/", async (c) => {
    return c.json({ models: await listStoreModels(shopDatabase(c.env, c.get("user")), c.get("user").id) }, 200);
  })
  /** Keeps an image as the audience's model; the one before (if any) is replaced in the same row. */
  .put("/:audience", smallJson(), validate("param", audienceParam), validate("json", imageBody), async (c) => {
    const user = c.get("user");
    const { audience } = c.req.valid("param");
    const { imageId } = c.req.valid("json");
    const db = shopDatabase(c.env, user);
    // Only the seller's own image that the gallery shows; anyone else's looks missing, as everywhere.
    const image = await db
      .select({ id: generatedImages.id, key: generatedImages.key, kind: generatedImages.kind, variant: generatedImages.variant })
      .from(generatedImages)
      .where(and(eq(generatedImages.id, imageId), eq(generatedImages.userId, user.id), isNull(generatedImages.replacedBy)))
      .get();
    if (!image) throw new ApiError(404, IMAGE_NOT_FOUND);
    const variant: ImageVariant = IMAGE_VARIANTS.includes(image.variant as ImageVariant)
      ? (image.variant as ImageVariant)
      : variantOf(image.kind);
    if (audienceOfVariant(variant) === null) throw new ApiError(422, STORE_MODEL_NO_PERSON);
    if (!fitsAudience(variant, audience)) throw new ApiError(422, STORE_MODEL_WRONG_AUDIENCE);
    // One statement: the ownership check and the upsert together, so an image deleted meanwhile writes
    // nothing, and saves fired together for one audience end as one row (the last one wins).
    const now = Date.now();
    const saved = await db.$client
      .prepare(
        `INSERT INTO store_models (user_id, audience, image_id, key, updated_at)
       SELECT user_id, ?, id, key, ? FROM generated_images WHERE id = ? AND user_id = ? AND replaced_by IS NULL
       ON CONFLICT (user_id, audience) DO UPDATE SET image_id = excluded.image_id, key = excluded.key, updated_at = excluded.updated_at
       RETURNING audience, image_id, key, updated_at`,
      )
      .bind(audience, now, image.id, user.id)
      .first<{ audience: StoreModel["audience"]; image_id: string; key: string; updated_at: number }>();
    if (!saved) throw new ApiError(404, IMAGE_NOT_FOUND);
    const model: StoreModel = {
      audience: saved.audience,
      imageId: saved.image_id,
      imageUrl: imageUrl(saved.key)!,
      updatedAt: new Date(saved.updated_at).toISOString(),
    };
    return c.json({ model }, 200);
  })
  /** Later generations for that audience show a new person again. Removing one that is not there is no error. */
  .delete("/:audience", noBody(), validate("param", audienceParam), async (c) => {
    const user = c.get("user");
    await shopDatabase(c.env, user)
      .delete(storeModels)
      .where(and(eq(storeModels.userId, user.id), eq(storeModels.audience, c.req.valid("param").audience)));
    return c.json({ ok: true }, 200);
  });
