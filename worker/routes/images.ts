import { and, desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { GalleryImage } from "../../common/product";
import { database } from "../db/client";
import { generatedImages, products } from "../db/schema";
import type { Env } from "../env";
import { ApiError } from "../lib/errors";
import { imageUrl } from "../lib/images";
import { ownProduct } from "../lib/products";
import { requireUser } from "../lib/sessions";
import { storeChanged } from "../lib/store-version";
import { validate } from "../lib/validation";
import { IMAGE_NOT_FOUND } from "./generation";
import { noBody } from "../lib/body-limit";

const idParam = z.object({ id: z.string().min(1).max(64) });

/** The gallery of generated images and each product's images for the store (spec section 7). */
export const imageRoutes = new Hono<Env>()
  .use(requireUser)
  .get("/images/by-user/:userId", validate("param", z.object({ userId: z.string().min(1).max(64) })), async (c) => {
    const user = c.get("user");
    if (c.req.valid("param").userId !== user.id) throw new ApiError(404, "No encontrado.");
    const rows = await database(c.env.DB)
      .select({
        imageId: generatedImages.id,
        key: generatedImages.key,
        productId: generatedImages.productId,
        productName: products.name,
        createdAt: generatedImages.createdAt,
      })
      .from(generatedImages)
      .leftJoin(products, eq(products.id, generatedImages.productId))
      .where(eq(generatedImages.userId, user.id))
      .orderBy(desc(generatedImages.createdAt), desc(generatedImages.id));
    const images: GalleryImage[] = rows.map((r) => ({
      imageId: r.imageId,
      imageUrl: imageUrl(r.key)!,
      productId: r.productId,
      productName: r.productName,
      createdAt: r.createdAt.toISOString(),
    }));
    return c.json({ images }, 200);
  })
  .delete("/images/:id", noBody(), validate("param", idParam), async (c) => {
    const user = c.get("user");
    const db = database(c.env.DB);
    const image = await db
      .delete(generatedImages)
      .where(and(eq(generatedImages.id, c.req.valid("param").id), eq(generatedImages.userId, user.id)))
      .returning()
      .get();
    if (!image) throw new ApiError(404, IMAGE_NOT_FOUND);
    // A store showing this image stops showing it (with none left it shows the product's own photo).
    await db.batch([
      db
        .update(products)
        .set({
          storeImageKeys: sql`(SELECT json_group_array(value) FROM json_each(${products.storeImageKeys}) WHERE value != ${image.key})`,
        })
        .where(and(eq(products.id, image.productId), eq(products.userId, user.id))),
      storeChanged(db, user.id),
    ]);
    await c.env.IMAGES.delete(image.key);
    return c.json({ ok: true }, 200);
  })
  .get("/generated-images/:id", validate("param", idParam), async (c) => {
    const user = c.get("user");
    const db = database(c.env.DB);
    const product = await ownProduct(db, user.id, c.req.valid("param").id);
    const rows = await db
      .select({ id: generatedImages.id, key: generatedImages.key })
      .from(generatedImages)
      .where(eq(generatedImages.productId, product.id))
      .orderBy(desc(generatedImages.createdAt), desc(generatedImages.id));
    // The spec marks the seller's own photo with id -1, labelled 'Original'.
    const original = product.imageKey ? [{ id: "-1", url: imageUrl(product.imageKey)! }] : [];
    return c.json({ images: [...original, ...rows.map((r) => ({ id: r.id, url: imageUrl(r.key)! }))] }, 200);
  });
