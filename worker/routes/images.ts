import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { Hono } from "hono";
import { z } from "zod";
import { IMAGE_VARIANTS, VARIANT_LABELS, variantOf, type ImageVariant } from "../../common/image-variants";
import type { GalleryImage } from "../../common/product";
import { database, type Db, shopDatabase } from "../db/client";
import { generatedImages, products } from "../db/schema";
import type { Env } from "../env";
import { ApiError } from "../lib/errors";
import { imageUrl } from "../lib/images";
import { deleteImages } from "../lib/renditions";
import { ownProduct } from "../lib/products";
import { requireUser } from "../lib/sessions";
import { storeChanged } from "../lib/store-version";
import { forgetStorePicture } from "../lib/product-core/pictures";
import { writeAcross } from "../lib/shop-writes";
import { validate } from "../lib/validation";
import { IMAGE_NOT_FOUND } from "./generation";
import { noBody } from "../lib/body-limit";

export const ORIGINAL_GONE = "La imagen original ya no está guardada o ya está en la galería.";

const idParam = z.object({ id: z.string().min(1).max(64) });
const original = alias(generatedImages, "original");

/** The gallery's images (those not standing behind a modification), newest first; `id` narrows to one. */
async function galleryImages(db: Db, userId: string, id?: string): Promise<GalleryImage[]> {
  const rows = await db
    .select({
      imageId: generatedImages.id,
      key: generatedImages.key,
      kind: generatedImages.kind,
      variant: generatedImages.variant,
      productId: generatedImages.productId,
      productName: products.name,
      createdAt: generatedImages.createdAt,
      originalId: original.id,
      originalKey: original.key,
    })
    .from(generatedImages)
    .leftJoin(products, eq(products.id, generatedImages.productId))
    .leftJoin(original, and(eq(original.id, generatedImages.originalId), eq(original.userId, generatedImages.userId)))
    .where(
      and(
        eq(generatedImages.userId, userId),
        isNull(generatedImages.replacedBy),
        id === undefined ? undefined : eq(generatedImages.id, id),
      ),
    )
    .orderBy(desc(generatedImages.createdAt), desc(generatedImages.id));
  return rows.map((r) => {
    const variant: ImageVariant = IMAGE_VARIANTS.includes(r.variant as ImageVariant) ? (r.variant as ImageVariant) : variantOf(r.kind);
    return {
      imageId: r.imageId,
      imageUrl: imageUrl(r.key)!,
      productId: r.productId,
      productName: r.productName,
      variant,
      variantLabel: VARIANT_LABELS[variant],
      createdAt: r.createdAt.toISOString(),
      original: r.originalId && r.originalKey ? { imageId: r.originalId, imageUrl: imageUrl(r.originalKey)! } : null,
    };
  });
}

/** The gallery of generated images and each product's images for the store (spec section 7). */
export const imageRoutes = new Hono<Env>()
  .use(requireUser)
  .get("/images/by-user/:userId", validate("param", z.object({ userId: z.string().min(1).max(64) })), async (c) => {
    const user = c.get("user");
    if (c.req.valid("param").userId !== user.id) throw new ApiError(404, "No encontrado.");
    return c.json({ images: await galleryImages(shopDatabase(c.env, user), user.id) }, 200);
  })
  /**
   * 'Restaurar original': the original comes back to the gallery in the modification's place; the
   * modification is kept behind it (paid work is never thrown away) and stays linked to it.
   */
  .post("/images/:id/restore-original", noBody(), validate("param", idParam), async (c) => {
    const user = c.get("user");
    const db = shopDatabase(c.env, user);
    const modified = await db
      .select()
      .from(generatedImages)
      .where(and(eq(generatedImages.id, c.req.valid("param").id), eq(generatedImages.userId, user.id)))
      .get();
    if (!modified) throw new ApiError(404, IMAGE_NOT_FOUND);
    if (!modified.originalId) throw new ApiError(409, "Esta imagen no tiene una original para restaurar.");
    const originalId = modified.originalId;
    // Both rows change in one batch, each only if still as read: two restores at once cannot both swap.
    const [shown] = await db.batch([
      db
        .update(generatedImages)
        .set({ replacedBy: null })
        .where(and(eq(generatedImages.id, originalId), eq(generatedImages.userId, user.id), eq(generatedImages.replacedBy, modified.id)))
        .returning({ id: generatedImages.id }),
      db
        .update(generatedImages)
        .set({ replacedBy: originalId })
        .where(
          and(
            eq(generatedImages.id, modified.id),
            isNull(generatedImages.replacedBy),
            sql`EXISTS (SELECT 1 FROM generated_images o WHERE o.id = ${originalId} AND o.replaced_by IS NULL)`,
          ),
        ),
    ]);
    if (shown.length === 0) throw new ApiError(404, ORIGINAL_GONE);
    const [image] = await galleryImages(db, user.id, originalId);
    return c.json({ image: image! }, 200);
  })
  .delete("/images/:id", noBody(), validate("param", idParam), async (c) => {
    const user = c.get("user");
    const db = database(c.env.DB);
    const shopDb = shopDatabase(c.env, user);
    const image = await shopDb
      .delete(generatedImages)
      .where(and(eq(generatedImages.id, c.req.valid("param").id), eq(generatedImages.userId, user.id)))
      .returning()
      .get();
    if (!image) throw new ApiError(404, IMAGE_NOT_FOUND);
    // A store showing this image stops showing it (with none left it shows the product's own photo),
    // and an original it stood in front of comes back to the gallery.
    await writeAcross(db, shopDb, {
      shop: [
        forgetStorePicture(shopDb, { id: image.productId, userId: user.id }, image.key),
        shopDb
          .update(generatedImages)
          .set({ replacedBy: null })
          .where(and(eq(generatedImages.userId, user.id), eq(generatedImages.replacedBy, image.id))),
      ],
      after: [storeChanged(db, user.id)],
    });
    // Its renditions and link preview go with it: nothing derived from a deleted image keeps answering.
    await deleteImages(c.env.IMAGES, [image.key]);
    return c.json({ ok: true }, 200);
  })
  .get("/generated-images/:id", validate("param", idParam), async (c) => {
    const user = c.get("user");
    const shopDb = shopDatabase(c.env, user);
    const product = await ownProduct(shopDb, user.id, c.req.valid("param").id);
    const rows = await shopDb
      .select({ id: generatedImages.id, key: generatedImages.key })
      .from(generatedImages)
      .where(and(eq(generatedImages.productId, product.id), isNull(generatedImages.replacedBy)))
      .orderBy(desc(generatedImages.createdAt), desc(generatedImages.id));
    // The spec marks the seller's own photo with id -1, labelled 'Original'.
    const original = product.imageKey ? [{ id: "-1", url: imageUrl(product.imageKey)! }] : [];
    return c.json({ images: [...original, ...rows.map((r) => ({ id: r.id, url: imageUrl(r.key)! }))] }, 200);
  });
