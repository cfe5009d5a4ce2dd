import { eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import {
  COUNTRY_CODES,
  countryByCode,
  LOGO_MAX_BYTES,
  LOGO_NOT_AN_IMAGE,
  LOGO_TOO_LARGE,
  NAME_WITHOUT_LETTERS,
  normalizePhone,
  REQUIRED_FIELDS,
  slugCandidate,
  slugFromStoreName,
  STORE_NAME_MAX_LENGTH,
} from "../../common/store";
import { database, type Db } from "../db/client";
import { users } from "../db/schema";
import type { Env } from "../env";
import { findUserById, toApiUser } from "../lib/accounts";
import { ApiError } from "../lib/errors";
import { decodeBase64Image, imageKey, sniffImage, storeImage } from "../lib/images";
import { writeRenditionsLater } from "../lib/renditions";
import { requireUser } from "../lib/sessions";
import { storeChanged } from "../lib/store-version";
import { validate } from "../lib/validation";
import { findStore, storeProducts, toPublicProduct, toPublicStore } from "../pages/store-data";

export const STORE_NOT_FOUND = "Esta página no existe";
export const NO_FREE_LINK = "No encontramos un enlace libre para ese nombre. Probá con otro nombre de tienda.";

const storeName = z
  .string({ error: REQUIRED_FIELDS })
  .trim()
  .min(1, REQUIRED_FIELDS)
  .max(STORE_NAME_MAX_LENGTH, `El nombre de la tienda no puede tener más de ${STORE_NAME_MAX_LENGTH} caracteres.`);

const storePayload = z.object(
  {
    storeName,
    phoneNumber: z.string({ error: REQUIRED_FIELDS }).trim().min(1, REQUIRED_FIELDS).max(40, "El número de WhatsApp es demasiado largo."),
    countryCode: z.enum(COUNTRY_CODES, { error: "Elegí un país de la lista." }).default("AR"),
    storeLogo: z.string().nullish(),
  },
  { error: REQUIRED_FIELDS },
);

/** A 5 MB logo travels as about 6.7 MB of base64; anything much larger is a logo over the limit. */
const logoBodyLimit = bodyLimit({ maxSize: 8 * 1024 * 1024, onError: (c) => c.json({ error: LOGO_TOO_LARGE }, 413) });

/**
 * The link name a seller gets for a store name: the name's own slug if it is
 * free (or already theirs), else the first free "slug2", "slug3", …
 * Looked up twenty candidates at a time.
 */
export async function availableUsername(db: Db, slug: string, userId: string): Promise<string | null> {
  for (let first = 1; first <= 200; first += 20) {
    const candidates = Array.from({ length: 20 }, (_, i) => slugCandidate(slug, first + i));
    const owners = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, candidates));
    const free = candidates.find((c) => !owners.some((o) => o.username === c && o.id !== userId));
    if (free) return free;
  }
  return null;
}

function decodeLogo(value: string): Uint8Array {
  if (value.startsWith("data:") && !value.startsWith("data:image/")) throw new ApiError(400, LOGO_NOT_AN_IMAGE);
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64Image(value);
  } catch {
    throw new ApiError(400, LOGO_NOT_AN_IMAGE);
  }
  if (bytes.length > LOGO_MAX_BYTES) throw new ApiError(413, LOGO_TOO_LARGE);
  if (bytes.length === 0 || !sniffImage(bytes)) throw new ApiError(400, LOGO_NOT_AN_IMAGE);
  return bytes;
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
    validate("query", z.object({ name: z.string().max(STORE_NAME_MAX_LENGTH * 4).default("") })),
    async (c) => {
      const slug = slugFromStoreName(c.req.valid("query").name);
      const username = slug ? await availableUsername(database(c.env.DB), slug, c.get("user").id) : null;
      return c.json({ slug, username, taken: !!username && username !== slug }, 200);
    },
  )
  .post("/mi-tienda", logoBodyLimit, requireUser, validate("json", storePayload), async (c) => {
    const db = database(c.env.DB);
    const user = c.get("user");
    const input = c.req.valid("json");
    const slug = slugFromStoreName(input.storeName);
    if (!slug) throw new ApiError(400, NAME_WITHOUT_LETTERS);
    const country = countryByCode(input.countryCode)!;
    const phone = normalizePhone(input.phoneNumber, country);
    if ("error" in phone) throw new ApiError(400, phone.error);

    let logoUrl = user.imageUrl;
    if (input.storeLogo) {
      const bytes = decodeLogo(input.storeLogo);
      const key = await imageKey("l", user.id, bytes, sniffImage(bytes)!);
      await storeImage(c.env.IMAGES, key, bytes, sniffImage(bytes)!);
      writeRenditionsLater(c.env.IMAGES, key, bytes);
      logoUrl = `/img/${key}`;
    }

    const created = !user.username;
    // Two sellers may claim the same free name at once; the unique index lets one win and the other takes the next.
    for (let attempt = 0; ; attempt++) {
      const username = await availableUsername(db, slug, user.id);
      if (!username) throw new ApiError(409, NO_FREE_LINK);
      try {
        await db.batch([
          db
            .update(users)
            .set({ name: input.storeName, username, phone: phone.phone, countryCode: country.code, imageUrl: logoUrl })
            .where(eq(users.id, user.id)),
          storeChanged(db, user.id),
        ]);
        break;
      } catch (err) {
        if (!isUsernameTaken(err) || attempt >= 3) throw err;
      }
    }
    const oldLogo = user.imageUrl?.startsWith("/img/l/") ? user.imageUrl.slice("/img/".length) : null;
    if (oldLogo && logoUrl !== user.imageUrl) await c.env.IMAGES.delete(oldLogo);

    const updated = await findUserById(db, user.id);
    return c.json({ user: toApiUser(updated!) }, created ? 201 : 200);
  })
  .get("/store/:username", validate("param", z.object({ username: z.string().max(64) })), async (c) => {
    const db = database(c.env.DB);
    const store = await findStore(db, c.req.valid("param").username.toLowerCase());
    if (!store) throw new ApiError(404, STORE_NOT_FOUND);
    const list = await storeProducts(db, store.id);
    return c.json({ store: toPublicStore(store), products: list.map(toPublicProduct) }, 200);
  });
