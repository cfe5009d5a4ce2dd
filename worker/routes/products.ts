import { and, eq, inArray, ne } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { nameFromFile } from "../../common/product-names";
import { MAX_FILES_PER_UPLOAD, TOO_MANY_FILES } from "../../common/uploads";
import { database, type Db, shopDatabase } from "../db/client";
import { generatedImages, products } from "../db/schema";
import type { Env } from "../env";
import { ApiError } from "../lib/errors";
import { randomId } from "../lib/ids";
import { acceptPhoto, decodeBase64Image, fileSubject, imageKey, storeImage } from "../lib/images";
import type { ImageMime } from "../providers/types";
import { deleteImages, writeRenditionsLater } from "../lib/renditions";
import { listProducts, ownProduct, toApiProduct } from "../lib/products";
import { requireUser } from "../lib/sessions";
import { createProducts } from "../lib/product-core/create";
import { productChangeFields } from "../lib/product-core/fields";
import { deleteProduct, saveProducts } from "../lib/product-core/save";
import { storeChanged } from "../lib/store-version";
import { productNameField } from "../lib/product-fields";
import { validate, validateFor } from "../lib/validation";
import { sellerMoney } from "../lib/price-field";
import { limitBody, noBody } from "../lib/body-limit";

const UPLOAD_LIMIT_BYTES = 25 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = "Las imágenes superan el máximo de 25 MB por envío. Súbelas de a poco.";
export const ONE_PHOTO_FOR_NAME = "Un nombre va con una sola imagen.";
export const NO_FILES = "Elige al menos una imagen para subir.";

const productName = productNameField;

const idParam = z.object({ id: z.string().min(1).max(64) });
const userParam = z.object({ userId: z.string().min(1).max(64) });

/** Saves a photo that `acceptPhoto` let in for a seller in R2 and answers its key. */
export async function saveOriginal(env: Env["Bindings"], userId: string, bytes: Uint8Array, mime: ImageMime) {
  const key = await imageKey("o", userId, bytes, mime);
  await storeImage(env.IMAGES, key, bytes, mime);
  writeRenditionsLater(env.RENDITIONS, key);
  return key;
}

/** Deletes photos no product of the shop's database points to any more (the same photo may back two products), with what was made from them. */
async function deleteUnusedObjects(shopDb: Db, bucket: R2Bucket, keys: string[], keptProductId?: string) {
  if (keys.length === 0) return;
  const stillUsed = await shopDb
    .select({ key: products.imageKey })
    .from(products)
    .where(and(inArray(products.imageKey, keys), keptProductId ? ne(products.id, keptProductId) : undefined));
  const used = new Set(stillUsed.map((r) => r.key));
  const unused = keys.filter((k) => !used.has(k));
  if (unused.length) await deleteImages(bucket, unused);
}

export const productRoutes = new Hono<Env>()
  .use(requireUser)
  .get("/list/:userId", validate("param", userParam), async (c) => {
    // Only ever the signed-in seller's own list: another id looks missing.
    if (c.req.valid("param").userId !== c.get("user").id) throw new ApiError(404, "No encontrado.");
    return c.json({ products: await listProducts(shopDatabase(c.env, c.get("user")), c.get("user").id) }, 200);
  })
  .get("/get/:id", validate("param", idParam), async (c) => {
    const row = await ownProduct(shopDatabase(c.env, c.get("user")), c.get("user").id, c.req.valid("param").id);
    return c.json({ product: toApiProduct(row) }, 200);
  })
  .post("/upload-images", limitBody(UPLOAD_LIMIT_BYTES, UPLOAD_TOO_LARGE), async (c) => {
    const form = await c.req.formData().catch(() => {
      throw new ApiError(400, "Envía las imágenes como formulario (multipart/form-data) en el campo images.");
    });
    const files = form.getAll("images").filter((f): f is File => typeof f !== "string");
    if (files.length === 0) throw new ApiError(400, NO_FILES);
    if (files.length > MAX_FILES_PER_UPLOAD) throw new ApiError(400, TOO_MANY_FILES);
    // 'Agregar Nuevo Producto' sends one photo with the name the seller typed; without it each product is named after its file.
    const typedName = form.get("name");
    let name: string | undefined;
    if (typedName !== null) {
      if (files.length !== 1) throw new ApiError(400, ONE_PHOTO_FOR_NAME);
      const parsed = productName.safeParse(typeof typedName === "string" ? typedName : undefined);
      if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? "El nombre es obligatorio.");
      name = parsed.data;
    }
    const user = c.get("user");
    // Check every file before storing any, so a bad one in the batch leaves nothing half-done. One at a
    // time: each check decodes its photo, and ten decoded photos at once would not fit in an isolate.
    const photos = [];
    for (const file of files) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const mime = await acceptPhoto(bytes, fileSubject(file.name));
      photos.push({ bytes, mime, name: name ?? nameFromFile(file.name) });
    }
    const db = database(c.env.DB);
    const shopDb = shopDatabase(c.env, user);
    const rows = [];
    // Lists and the store show the newest first, and products made in one statement batch would share their
    // millisecond and fall back on their random ids: the first photo picked is made the newest, a millisecond
    // apart, so the photos read in the order they were picked (the client sends a batch's groups last first).
    const madeAt = Date.now() + photos.length;
    for (const [index, photo] of photos.entries()) {
      const key = await saveOriginal(c.env, user.id, photo.bytes, photo.mime);
      rows.push({ id: randomId(), userId: user.id, name: photo.name, imageKey: key, createdAt: new Date(madeAt - index) });
    }
    await createProducts(db, shopDb, user.id, rows, [storeChanged(db, user.id)]);
    const created = await Promise.all(rows.map((row) => ownProduct(shopDb, user.id, row.id)));
    return c.json({ products: created.map(toApiProduct) }, 201);
  })
  .put(
    "/update",
    limitBody(UPLOAD_LIMIT_BYTES, UPLOAD_TOO_LARGE),
    validateFor("json", (c) =>
      z.object(
        {
          ...productChangeFields(sellerMoney(c.get("user"))),
          id: z.string({ error: "Falta el producto." }).min(1, "Falta el producto."),
          name: productName,
          imageBase64: z.string().optional(),
        },
        { error: "Faltan los datos del producto." },
      ),
    ),
    async (c) => {
      const db = database(c.env.DB);
      const user = c.get("user");
      const shopDb = shopDatabase(c.env, user);
      const { imageBase64, ...change } = c.req.valid("json");
      const before = await ownProduct(shopDb, user.id, change.id);
      let photoKey = before.imageKey;
      if (imageBase64) {
        const bytes = decodeBase64Image(imageBase64);
        photoKey = await saveOriginal(c.env, user.id, bytes, await acceptPhoto(bytes));
      }
      await saveProducts(db, shopDb, user, [{ ...change, imageKey: photoKey }]);
      if (before.imageKey && before.imageKey !== photoKey) {
        await deleteUnusedObjects(shopDb, c.env.IMAGES, [before.imageKey]);
      }
      return c.json({ product: toApiProduct(await ownProduct(shopDb, user.id, change.id)) }, 200);
    },
  )
  .delete("/delete/:id", noBody(), validate("param", idParam), async (c) => {
    const db = database(c.env.DB);
    const user = c.get("user");
    const shopDb = shopDatabase(c.env, user);
    const product = await ownProduct(shopDb, user.id, c.req.valid("param").id);
    const generated = await shopDb
      .select({ key: generatedImages.key })
      .from(generatedImages)
      .where(eq(generatedImages.productId, product.id));
    await deleteProduct(db, shopDb, user.id, product.id);
    if (generated.length)
      await deleteImages(
        c.env.IMAGES,
        generated.map((g) => g.key),
      );
    if (product.imageKey) await deleteUnusedObjects(shopDb, c.env.IMAGES, [product.imageKey]);
    return c.json({ ok: true }, 200);
  });
