import { and, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { AGES, BODY_TYPES, GENDERS, hasPersonalization, SKIN_TONES, type GenerationKind } from "../../common/generation";
import { database, shopDatabase } from "../db/client";
import { generatedImages } from "../db/schema";
import type { Env } from "../env";
import { balanceOf } from "../lib/credits";
import { ApiError } from "../lib/errors";
import { randomId } from "../lib/ids";
import { acceptPhoto, decodeBase64Image, mimeOfKey } from "../lib/images";
import { ownProduct, toApiProduct } from "../lib/products";
import { nameFromPhoto } from "../batches/drafts";
import { requireUser } from "../lib/sessions";
import { createProducts } from "../lib/product-core/create";
import { storeChanged } from "../lib/store-version";
import { validate } from "../lib/validation";
import { runJob, type JobRequest } from "../jobs/start-job";
import type { JobView } from "../jobs/job-types";
import { saveOriginal, UPLOAD_TOO_LARGE } from "./products";
import { limitBody, MiB, smallJson } from "../lib/body-limit";
import { inSellerLanguage } from "../lib/seller-language";

export const MISSING_IMAGE = "El producto no tiene imagen. Sube una foto antes de generar.";
export const EMPTY_INSTRUCTION = "Por favor, ingresa las instrucciones para modificar la imagen.";
export const IMAGE_NOT_FOUND = "Imagen no encontrada.";

/** The spec's name for each kind's result URL. */
const RESULT_FIELD = {
  ad: "adImageUrl",
  back: "backImageUrl",
  baby: "babyImageUrl",
  kid: "kidImageUrl",
  "girl-kid": "girlKidImageUrl",
  outfit: "outfitImageUrl",
  personalized: "personalizedImageUrl",
  modify: "modifiedImageUrl",
  product: "generatedImageUrl",
} as const satisfies Record<GenerationKind, string>;

const quality = z.enum(["standard", "pro"], { error: "Calidad inválida." }).default("standard");
const options = z.object({ quality }, { error: "Envía un objeto JSON." });
const idParam = z.object({ id: z.string().min(1).max(64) });
const personalization = z.object(
  {
    gender: z.enum(GENDERS, { error: "Género inválido." }).optional(),
    age: z.enum(AGES, { error: "Edad inválida." }).optional(),
    skinTone: z.enum(SKIN_TONES, { error: "Tono de piel inválido." }).optional(),
    bodyType: z.enum(BODY_TYPES, { error: "Tipo de cuerpo inválido." }).optional(),
    quality,
  },
  { error: "Envía un objeto JSON." },
);

type ResultField<K extends GenerationKind> = (typeof RESULT_FIELD)[K];
type Success<K extends GenerationKind> = { [F in ResultField<K>]: string } & {
  imageId: string;
  jobId: string;
  credits: number;
  message: string;
};

/** Answers a job the way the spec's endpoint does: its URL field and imageId, 202 while running, or the error. */
async function answer<K extends GenerationKind, X extends object = object>(
  c: Context<Env>,
  kind: K,
  job: JobView & { startMs: number },
  extra?: X,
) {
  // Lets the bench (and anyone profiling) tell the provider's time from the pipeline's, step by step.
  if (job.timing) {
    const { gate, provider, store, record } = job.timing;
    c.header(
      "server-timing",
      `start;dur=${job.startMs}, gate;dur=${gate}, provider;dur=${provider}, store;dur=${store}, record;dur=${record}`,
    );
  }
  if (job.status === "running") return c.json({ jobId: job.id, status: "running" as const }, 202);
  if (job.status === "failed") {
    return c.json({ error: job.error ?? "No se pudo generar la imagen.", jobId: job.id }, (job.httpStatus ?? 502) as 422 | 502 | 503 | 504);
  }
  const credits = await balanceOf(database(c.env.DB), c.get("user").id);
  return c.json(
    {
      [RESULT_FIELD[kind]]: job.imageUrl!,
      imageId: job.imageId!,
      jobId: job.id,
      credits,
      message: inSellerLanguage(c, "¡Imagen generada con éxito!"),
      ...extra,
    } as Success<K> & X,
    200,
  );
}

/** Starts a generation from a product's own photo. */
async function generateFromProduct<K extends GenerationKind>(
  c: Context<Env>,
  productId: string,
  kind: K,
  rest: Partial<JobRequest> & Pick<JobRequest, "quality">,
) {
  const user = c.get("user");
  const product = await ownProduct(shopDatabase(c.env, user), user.id, productId);
  if (!product.imageKey) throw new ApiError(400, MISSING_IMAGE);
  const job = await runJob(c.env, {
    userId: user.id,
    shard: user.shard,
    productId: product.id,
    kind,
    includeModel: true,
    sourceKey: product.imageKey,
    sourceMime: mimeOfKey(product.imageKey),
    ...rest,
  });
  return answer(c, kind, job);
}

export const generationRoutes = new Hono<Env>()
  .use(requireUser)
  .post(
    "/generate-ad/:id",
    smallJson(),
    validate("param", idParam),
    validate(
      "json",
      z.object(
        { includeModel: z.boolean({ error: "includeModel debe ser verdadero o falso." }).default(true), quality },
        { error: "Envía un objeto JSON." },
      ),
    ),
    (c) => {
      const { includeModel, quality } = c.req.valid("json");
      return generateFromProduct(c, c.req.valid("param").id, "ad", { includeModel, quality });
    },
  )
  .post("/back-image/:id", smallJson(), validate("param", idParam), validate("json", options), (c) =>
    generateFromProduct(c, c.req.valid("param").id, "back", c.req.valid("json")),
  )
  .post("/baby-image/:id", smallJson(), validate("param", idParam), validate("json", options), (c) =>
    generateFromProduct(c, c.req.valid("param").id, "baby", c.req.valid("json")),
  )
  .post("/kid-image/:id", smallJson(), validate("param", idParam), validate("json", options), (c) =>
    generateFromProduct(c, c.req.valid("param").id, "kid", c.req.valid("json")),
  )
  .post("/girl-kid-image/:id", smallJson(), validate("param", idParam), validate("json", options), (c) =>
    generateFromProduct(c, c.req.valid("param").id, "girl-kid", c.req.valid("json")),
  )
  .post("/outfit-image/:id", smallJson(), validate("param", idParam), validate("json", options), (c) =>
    generateFromProduct(c, c.req.valid("param").id, "outfit", c.req.valid("json")),
  )
  .post("/personalize/:id", smallJson(), validate("param", idParam), validate("json", personalization), (c) => {
    const { quality, ...choices } = c.req.valid("json");
    if (!hasPersonalization(choices)) throw new ApiError(400, "Elige al menos una opción de personalización.");
    return generateFromProduct(c, c.req.valid("param").id, "personalized", { quality, personalization: choices });
  })
  .post(
    "/images/modify/:id",
    smallJson(),
    validate("param", idParam),
    validate(
      "json",
      z.object(
        {
          prompt: z
            .string({ error: EMPTY_INSTRUCTION })
            .trim()
            .min(1, EMPTY_INSTRUCTION)
            .max(500, "Las instrucciones no pueden tener más de 500 caracteres."),
          quality,
        },
        { error: EMPTY_INSTRUCTION },
      ),
    ),
    async (c) => {
      const user = c.get("user");
      const image = await shopDatabase(c.env, user)
        .select()
        .from(generatedImages)
        .where(and(eq(generatedImages.id, c.req.valid("param").id), eq(generatedImages.userId, user.id)))
        .get();
      if (!image) throw new ApiError(404, IMAGE_NOT_FOUND);
      const { prompt, quality } = c.req.valid("json");
      const job = await runJob(c.env, {
        userId: user.id,
        shard: user.shard,
        productId: image.productId,
        kind: "modify",
        quality,
        includeModel: true,
        instruction: prompt,
        originalId: image.id,
        sourceKey: image.key,
        sourceMime: mimeOfKey(image.key),
      });
      return answer(c, "modify", job);
    },
  )
  .post(
    "/generate-product-and-image",
    limitBody(25 * MiB, UPLOAD_TOO_LARGE),
    validate(
      "json",
      z.object(
        {
          image: z.string({ error: "Falta la imagen." }).min(1, "Falta la imagen."),
          includeModel: z.boolean({ error: "includeModel debe ser verdadero o falso." }).default(true),
          quality,
          // The photo's file name, when the screen has one: the product's name is drafted from it and the photo.
          fileName: z
            .string({ error: "El nombre del archivo no es válido." })
            .max(255, "El nombre del archivo es demasiado largo.")
            .optional(),
        },
        { error: "Falta la imagen." },
      ),
    ),
    async (c) => {
      const user = c.get("user");
      const db = database(c.env.DB);
      const { image, includeModel, quality, fileName } = c.req.valid("json");
      const bytes = decodeBase64Image(image);
      const mime = await acceptPhoto(bytes);
      // The product and its photo are kept even if the generation then fails: nothing the seller sent is lost.
      const key = await saveOriginal(c.env, user.id, bytes, mime);
      const id = randomId();
      const shopDb = shopDatabase(c.env, user);
      const name = await nameFromPhoto(shopDb, user.id, { bytes, mimeType: mime }, fileName);
      await createProducts(db, shopDb, user.id, [{ id, userId: user.id, name, imageKey: key }], [storeChanged(db, user.id)]);
      const job = await runJob(c.env, {
        userId: user.id,
        shard: user.shard,
        productId: id,
        kind: "product",
        includeModel,
        quality,
        sourceKey: key,
        sourceMime: mime,
      });
      const product = toApiProduct(await ownProduct(shopDb, user.id, id));
      if (job.status === "failed") {
        return c.json(
          { error: job.error ?? "No se pudo generar la imagen.", jobId: job.id, product },
          (job.httpStatus ?? 502) as 422 | 502 | 503 | 504,
        );
      }
      return answer(c, "product", job, { product });
    },
  );
