/**
 * The store's size guides: what a guide may hold (cleaned and bounded like every text a shop shows), one guide
 * per product and per category, at most MAX_GUIDES a store (checked in the inserting statement itself, so
 * guides saved together cannot pass it), the store's pages renewed with every change, and which guide a
 * product page shows.
 */
import { and, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import {
  GUIDE_MEASURE_MAX_LENGTH,
  GUIDE_NOTE_MAX_LENGTH,
  GUIDE_TITLE_MAX_LENGTH,
  GUIDE_VALUE_MAX_LENGTH,
  MAX_GUIDE_MEASURES,
  MAX_GUIDE_ROWS,
  MAX_GUIDES,
  SIZE_GUIDE_UNITS,
  type SizeGuide,
} from "../../common/size-guides";
import { SIZE_NAME_MAX_LENGTH } from "../../common/store";
import { cleanCategory, MAX_CATEGORY_LENGTH } from "../../common/store-browse";
import { cleanText } from "../../common/text";
import type { Db, ShopDb } from "../db/client";
import { products, sizeGuides } from "../db/schema";
import { ApiError } from "./errors";
import { randomId } from "./ids";
import { writeAcross } from "./shop-writes";
import { storeChanged } from "./store-version";

export const GUIDE_NOT_FOUND = "No encontramos esa guía de talles.";
export const GUIDE_PRODUCT_NOT_FOUND = "Ese producto no es de tu tienda.";
export const GUIDE_TAKEN = "Ya tienes una guía para ese producto o categoría: edítala en lugar de crear otra.";
export const TOO_MANY_GUIDES = `Puedes tener hasta ${MAX_GUIDES} guías de talles. Borra una que no uses para crear otra.`;

const text = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .transform((v) => cleanText(v))
    .pipe(z.string().min(1, required).max(max, tooLong));

export const sizeGuideInput = z
  .object(
    {
      title: text(
        GUIDE_TITLE_MAX_LENGTH,
        "Ponle un nombre a la guía.",
        `El nombre puede tener hasta ${GUIDE_TITLE_MAX_LENGTH} caracteres.`,
      ),
      scope: z.union(
        [
          z.object({ productId: z.string().min(1).max(64) }),
          z.object({
            category: z
              .string()
              .max(MAX_CATEGORY_LENGTH * 2)
              .transform((v) => cleanCategory(v))
              .pipe(z.string({ error: "Elige una categoría." }).min(1, "Elige una categoría.").max(MAX_CATEGORY_LENGTH)),
          }),
        ],
        { error: "Elige a qué producto o categoría se aplica la guía." },
      ),
      unit: z.enum(SIZE_GUIDE_UNITS, { error: "Elige la unidad de las medidas." }),
      measures: z
        .array(
          text(
            GUIDE_MEASURE_MAX_LENGTH,
            "Completa el nombre de cada medida.",
            `Una medida puede tener hasta ${GUIDE_MEASURE_MAX_LENGTH} caracteres.`,
          ),
          {
            error: "Agrega al menos una medida.",
          },
        )
        .min(1, "Agrega al menos una medida.")
        .max(MAX_GUIDE_MEASURES, `Una guía puede tener hasta ${MAX_GUIDE_MEASURES} medidas.`),
      rows: z
        .array(
          z.object({
            size: text(
              SIZE_NAME_MAX_LENGTH,
              "Completa el nombre de cada talle.",
              `El nombre de un talle no puede tener más de ${SIZE_NAME_MAX_LENGTH} caracteres.`,
            ),
            values: z.array(
              z
                .string()
                .transform((v) => cleanText(v))
                .pipe(z.string().max(GUIDE_VALUE_MAX_LENGTH, `Cada medida puede tener hasta ${GUIDE_VALUE_MAX_LENGTH} caracteres.`)),
            ),
          }),
          { error: "Agrega al menos un talle." },
        )
        .min(1, "Agrega al menos un talle.")
        .max(MAX_GUIDE_ROWS, `Una guía puede tener hasta ${MAX_GUIDE_ROWS} talles.`),
      note: z
        .string()
        .transform((v) => cleanText(v))
        .pipe(z.string().max(GUIDE_NOTE_MAX_LENGTH, `La nota puede tener hasta ${GUIDE_NOTE_MAX_LENGTH} caracteres.`))
        .nullish()
        .transform((v) => v || null),
    },
    { error: "Faltan los datos de la guía." },
  )
  .superRefine((guide, ctx) => {
    if (guide.rows.some((r) => r.values.length !== guide.measures.length))
      ctx.addIssue({ code: "custom", message: "Cada talle tiene que tener un valor por medida.", path: ["rows"] });
    if (new Set(guide.rows.map((r) => r.size.toLowerCase())).size !== guide.rows.length)
      ctx.addIssue({ code: "custom", message: "Hay talles repetidos en la guía.", path: ["rows"] });
  });
export type SizeGuideInput = z.infer<typeof sizeGuideInput>;

type Row = typeof sizeGuides.$inferSelect;

const toGuide = (row: Row): SizeGuide => ({
  id: row.id,
  title: row.title,
  scope: row.productId ? { productId: row.productId } : { category: row.category ?? "" },
  unit: row.unit,
  measures: JSON.parse(row.measures) as string[],
  rows: JSON.parse(row.rows) as SizeGuide["rows"],
  note: row.note,
});

export async function listGuides(shopDb: Db, sellerId: string): Promise<SizeGuide[]> {
  const rows = await shopDb.select().from(sizeGuides).where(eq(sizeGuides.sellerId, sellerId)).orderBy(sizeGuides.title, sizeGuides.id);
  return rows.map(toGuide);
}

const isTaken = (err: unknown) => {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (e.message.includes("UNIQUE")) return true;
  return false;
};

async function checkProduct(shopDb: Db, sellerId: string, input: SizeGuideInput) {
  if (!("productId" in input.scope)) return;
  const own = await shopDb
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, input.scope.productId), eq(products.userId, sellerId)))
    .get();
  if (!own) throw new ApiError(404, GUIDE_PRODUCT_NOT_FOUND);
}

function columns(input: SizeGuideInput) {
  return {
    title: input.title,
    productId: "productId" in input.scope ? input.scope.productId : null,
    category: "category" in input.scope ? input.scope.category : null,
    unit: input.unit,
    measures: JSON.stringify(input.measures),
    rows: JSON.stringify(input.rows),
    note: input.note,
    updatedAt: new Date(),
  };
}

/** A new guide, refused past MAX_GUIDES (in the same statement) or where its product or category has one. */
export async function createGuide(db: Db, shopDb: ShopDb, sellerId: string, input: SizeGuideInput): Promise<SizeGuide> {
  await checkProduct(shopDb, sellerId, input);
  const id = randomId();
  const values = columns(input);
  // INSERT … SELECT … WHERE: the count and the insert are one statement, so guides saved together cannot pass it.
  const insert = shopDb.insert(sizeGuides).select(sql`
    SELECT ${id} AS id, ${sellerId} AS seller_id, ${values.title} AS title, ${values.productId} AS product_id,
           ${values.category} AS category, ${values.unit} AS unit, ${values.measures} AS measures, ${values.rows} AS rows,
           ${values.note} AS note, ${values.updatedAt.getTime()} AS updated_at
    WHERE (SELECT count(*) FROM size_guides WHERE seller_id = ${sellerId}) < ${MAX_GUIDES}`);
  let written: unknown[];
  try {
    ({ shop: written } = await writeAcross(db, shopDb, { shop: [insert], after: [storeChanged(db, sellerId)] }));
  } catch (err) {
    if (isTaken(err)) throw new ApiError(409, GUIDE_TAKEN);
    throw err;
  }
  const changes = (written[0] as { meta?: { changes?: number } } | undefined)?.meta?.changes ?? 0;
  if (!changes) throw new ApiError(409, TOO_MANY_GUIDES);
  return toGuide((await shopDb.select().from(sizeGuides).where(eq(sizeGuides.id, id)).get())!);
}

/** The seller's guide by id, or 404: another seller's looks missing, and nothing of anyone's is touched for it. */
async function ownGuide(shopDb: Db, sellerId: string, id: string) {
  const mine = and(eq(sizeGuides.id, id), eq(sizeGuides.sellerId, sellerId));
  if (!(await shopDb.select({ id: sizeGuides.id }).from(sizeGuides).where(mine).get())) throw new ApiError(404, GUIDE_NOT_FOUND);
  return mine;
}

export async function updateGuide(db: Db, shopDb: ShopDb, sellerId: string, id: string, input: SizeGuideInput): Promise<SizeGuide> {
  const mine = await ownGuide(shopDb, sellerId, id);
  await checkProduct(shopDb, sellerId, input);
  try {
    await writeAcross(db, shopDb, {
      shop: [shopDb.update(sizeGuides).set(columns(input)).where(mine)],
      after: [storeChanged(db, sellerId)],
    });
  } catch (err) {
    if (isTaken(err)) throw new ApiError(409, GUIDE_TAKEN);
    throw err;
  }
  const row = await shopDb.select().from(sizeGuides).where(mine).get();
  if (!row) throw new ApiError(404, GUIDE_NOT_FOUND);
  return toGuide(row);
}

export async function deleteGuide(db: Db, shopDb: ShopDb, sellerId: string, id: string): Promise<void> {
  const mine = await ownGuide(shopDb, sellerId, id);
  const { shop } = await writeAcross(db, shopDb, {
    shop: [shopDb.delete(sizeGuides).where(mine).returning({ id: sizeGuides.id })],
    after: [storeChanged(db, sellerId)],
  });
  if (!(shop[0] as unknown[]).length) throw new ApiError(404, GUIDE_NOT_FOUND);
}

/** The guide a product page shows: the product's own, else its category's, else none. */
export async function guideForProduct(
  shopDb: Db,
  sellerId: string,
  product: { id: string; category: string | null },
): Promise<SizeGuide | null> {
  const rows = await shopDb
    .select()
    .from(sizeGuides)
    .where(
      and(
        eq(sizeGuides.sellerId, sellerId),
        or(eq(sizeGuides.productId, product.id), product.category ? eq(sizeGuides.category, product.category) : undefined),
      ),
    );
  const row = rows.find((r) => r.productId === product.id) ?? rows[0];
  return row ? toGuide(row) : null;
}

/** Which of these products have a guide (their own or their category's): one read of the store's guides. */
export async function guidedProducts(shopDb: Db, sellerId: string, list: { id: string; category: string | null }[]): Promise<Set<string>> {
  if (!list.length) return new Set();
  const guides = await shopDb
    .select({ productId: sizeGuides.productId, category: sizeGuides.category })
    .from(sizeGuides)
    .where(eq(sizeGuides.sellerId, sellerId));
  if (!guides.length) return new Set();
  const products = new Set(guides.map((g) => g.productId).filter(Boolean));
  const categories = new Set(guides.map((g) => g.category).filter(Boolean));
  return new Set(list.filter((p) => products.has(p.id) || (p.category !== null && categories.has(p.category))).map((p) => p.id));
}
