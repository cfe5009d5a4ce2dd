import { eq, inArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { isArgentineLandline, parseWhatsappNumber } from "../../common/phone";
import {
  cleanStoreName,
  COUNTRY_CODES,
  countryByCode,
  LOGO_MAX_BYTES,
  LOGO_NOT_AN_IMAGE,
  LOGO_TOO_LARGE,
  NAME_WITHOUT_LETTERS,
  REQUIRED_FIELDS,
  RESERVED_SLUGS,
  slugCandidate,
  slugFromStoreName,
  slugProblem,
  slugTaken,
  slugText,
  STORE_NAME_MAX_LENGTH,
} from "../../common/store";
import { database, type Db, shopDatabase } from "../db/client";
import { users } from "../db/schema";
import type { Env } from "../env";
import { findUserById, toApiUser } from "../lib/accounts";
import { ApiError } from "../lib/errors";
import { acceptPhoto, decodeBase64Image, imageKey, sniffImage, storeImage } from "../lib/images";
import type { ImageMime } from "../providers/types";
import { deleteImages, writeRenditionsLater } from "../lib/renditions";
import { requireUser } from "../lib/sessions";
import { storeChanged } from "../lib/store-version";
import { storeMoneyOf } from "../lib/store-locale";
import { validate } from "../lib/validation";
import { limitBody, MiB } from "../lib/body-limit";
import { findStore, storeProducts, toPublicProduct, toPublicStore } from "../lib/store-data";
import { inSellerLanguage } from "../lib/seller-language";

export const STORE_NOT_FOUND = "Esta página no existe";
export const NO_FREE_LINK = "No encontramos un enlace libre para ese nombre. Prueba con otro nombre de tienda.";

const storeName = z
  .string({ error: REQUIRED_FIELDS })
  .transform(cleanStoreName)
  .pipe(
    z
      .string()
      .min(1, REQUIRED_FIELDS)
      .max(STORE_NAME_MAX_LENGTH, `El nombre de la tienda no puede tener más de ${STORE_NAME_MAX_LENGTH} caracteres.`),
  );

const storePayload = z.object(
  {
    storeName,
    phoneNumber: z.string({ error: REQUIRED_FIELDS }).trim().min(1, REQUIRED_FIELDS).max(40, "El número de WhatsApp es demasiado largo."),
    countryCode: z.enum(COUNTRY_CODES, { error: "Elige un país de la lista." }).default("AR"),
    /** Argentina: the number is a landline (saved without the mobile 9). */
    landline: z.boolean({ error: "Indica si el número es un teléfono fijo." }).optional(),
    /** The link the seller saw and maybe edited; without it, the store keeps its link (a new one: the name's). */
    storeLink: z.string({ error: "El enlace no es válido." }).max(80, "El enlace no es válido.").optional(),
    storeLogo: z.string().nullish(),
  },
  { error: REQUIRED_FIELDS },
);

/** A 5 MB logo travels as about 6.7 MB of base64; anything much larger is a logo over the limit. */
const logoBodyLimit = limitBody(8 * MiB, LOGO_TOO_LARGE);

/** Links from this list that no other seller holds (the seller's own counts as free). */
async function freeLinks(db: Db, candidates: string[], userId: string): Promise<string[]> {
  const allowed = [...new Set(candidates)].filter((c) => !RESERVED_SLUGS.has(c));
  if (!allowed.length) return [];
  const owners = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, allowed));
  return allowed.filter((c) => !owners.some((o) => o.username === c && o.id !== userId));
}

/**
 * Up to three free links close to the one asked for: "donarosa2", "donarosa3", …
 * and the name's words with "tienda" (the seller picks; nothing is taken silently).
 */
export async function suggestLinks(db: Db, slug: string, userId: string): Promise<string[]> {
  const base = slug || "tienda";
  const found: string[] = [];
  for (let first = 2; first <= 200 && found.length < 3; first += 20) {
    const candidates = Array.from({ length: 20 }, (_, i) => slugCandidate(base, first + i));
    if (first === 2) candidates.unshift(`${base}tienda`.slice(0, 20), `tienda${base}`.slice(0, 20));
    for (const free of await freeLinks(db, candidates, userId)) if (found.length < 3 && free !== slug) found.push(free);
  }
  return found;
}

/** Whether the link can be this seller's: free, or already theirs. */
async function linkIsFree(db: Db, slug: string, userId: string): Promise<boolean> {
  return (await freeLinks(db, [slug], userId)).length === 1;
}

/** The logo's bytes and format: the spec's messages for what is not an image or over 5 MB, then `acceptPhoto`. */
async function decodeLogo(value: string): Promise<{ bytes: Uint8Array; mime: ImageMime }> {
  if (value.startsWith("data:") && !value.startsWith("data:image/")) throw new ApiError(400, LOGO_NOT_AN_IMAGE);
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64Image(value);
  } catch {
    throw new ApiError(400, LOGO_NOT_AN_IMAGE);
  }
  if (bytes.length > LOGO_MAX_BYTES) throw new ApiError(413, LOGO_TOO_LARGE);
  if (bytes.length === 0 || !sniffImage(bytes)) throw new ApiError(400, LOGO_NOT_AN_IMAGE);
  return { bytes, mime: await acceptPhoto(bytes, "El logo") };
}

const isUsernameTaken = (err: unknown) => {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (e.message.includes("users.username")) return true;
  return false;
};

/** Seller store setup (POST /api/auth/mi-tienda) and the public store data (GET /api/auth/store/:username). */
export const storeRoutes = new Hono<Env>()
  .get(
    "/mi-tienda/slug-preview",
    requireUser,
    validate(
      "query",
      z.object({
        name: z
          .string()
          .max(STORE_NAME_MAX_LENGTH * 4)
          .default(""),
        link: z.string().max(80).optional(),
      }),
    ),
    async (c) => {
      const db = database(c.env.DB);
      const query = c.req.valid("query");
      // A typed link is reduced to the link alphabet, so the preview shows what would really be saved.
      const slug = query.link !== undefined ? slugText(query.link) : slugFromStoreName(query.name);
      if (!slug) return c.json({ slug, available: false, error: null, suggestions: [] as string[] }, 200);
      const problem = slugProblem(slug);
      const userId = c.get("user").id;
      const available = !problem && (await linkIsFree(db, slug, userId));
      const error = problem ?? (available ? null : slugTaken(slug));
      return c.json(
        { slug, available, error: inSellerLanguage(c, error), suggestions: available ? [] : await suggestLinks(db, slug, userId) },
        200,
      );
    },
  )
  .post("/mi-tienda", logoBodyLimit, requireUser, validate("json", storePayload), async (c) => {
    const db = database(c.env.DB);
    const user = c.get("user");
    const input = c.req.valid("json");
    const slug = input.storeLink !== undefined ? slugText(input.storeLink) : (user.username ?? slugFromStoreName(input.storeName));
    if (!slug) throw new ApiError(400, input.storeLink !== undefined ? slugProblem("")! : NAME_WITHOUT_LETTERS);
    const problem = slugProblem(slug);
    if (problem) throw new ApiError(400, problem, { suggestions: await suggestLinks(db, slug, user.id) });
    const country = countryByCode(input.countryCode)!;
    // Saving other fields resends the saved number: a landline saved as one stays one.
    const landline = input.landline ?? (input.phoneNumber.trim() === user.phone && isArgentineLandline(user.phone));
    const phone = parseWhatsappNumber(input.phoneNumber, country, { landline });
    if ("error" in phone) throw new ApiError(400, phone.error);
    const taken = async () => new ApiError(409, slugTaken(slug), { suggestions: await suggestLinks(db, slug, user.id) });
    if (!(await linkIsFree(db, slug, user.id))) throw await taken();

    let logoUrl = user.imageUrl;
    if (input.storeLogo) {
      const { bytes, mime } = await decodeLogo(input.storeLogo);
      const key = await imageKey("l", user.id, bytes, mime);
      await storeImage(c.env.IMAGES, key, bytes, mime);
      writeRenditionsLater(c.env.RENDITIONS, key);
      logoUrl = `/img/${key}`;
    }

    const created = !user.username;
    // The store keeps the money and language it sells in when its phone's country changes later (prices are
    // not converted; the seller changes them in 'Moneda e idioma'): a new store takes its country's, an
    // older one keeps what it had. Only an empty column is filled, so a change saved meanwhile stays.
    const { currency, locale } = storeMoneyOf(created ? { ...user, phone: phone.phone, countryCode: country.code } : user);
    // Two sellers may claim the same free link at once: the unique index lets one win, the other is told.
    try {
      await db.batch([
        db
          .update(users)
          .set({
            name: input.storeName,
            username: slug,
            phone: phone.phone,
            countryCode: country.code,
            imageUrl: logoUrl,
            storeCurrency: sql`coalesce(${users.storeCurrency}, ${currency})`,
            storeLocale: sql`coalesce(${users.storeLocale}, ${locale})`,
          })
          .where(eq(users.id, user.id)),
        storeChanged(db, user.id),
      ]);
    } catch (err) {
      // The logo just stored belongs to no saved store: it leaves R2 with the failed claim.
      if (logoUrl !== user.imageUrl && logoUrl) await deleteImages(c.env.IMAGES, [logoUrl.slice("/img/".length)]);
      if (isUsernameTaken(err)) throw await taken();
      throw err;
    }
    const oldLogo = user.imageUrl?.startsWith("/img/l/") ? user.imageUrl.slice("/img/".length) : null;
    // A replaced logo goes with its renditions and link preview.
    if (oldLogo && logoUrl !== user.imageUrl) await deleteImages(c.env.IMAGES, [oldLogo]);

    const updated = await findUserById(db, user.id);
    return c.json({ user: toApiUser(updated!) }, created ? 201 : 200);
  })
  .get("/store/:username", validate("param", z.object({ username: z.string().max(64) })), async (c) => {
    const db = database(c.env.DB);
    const store = await findStore(db, c.req.valid("param").username.toLowerCase());
    if (!store) throw new ApiError(404, STORE_NOT_FOUND);
    const list = await storeProducts(shopDatabase(c.env, store), store.id);
    return c.json({ store: toPublicStore(store), products: list.map(toPublicProduct) }, 200);
  });
