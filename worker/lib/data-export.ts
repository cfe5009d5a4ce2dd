import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { type Db, database, everyShopDatabase, type Shop, shopDatabase } from "../db/client";
import { findShop } from "./shops";
import { dataExports, users } from "../db/schema";
import { selectMailer } from "../email/select";
import type { Bindings } from "../env";
import type { DataExportMessage } from "./data-export-message";
import { writeExportFiles } from "./data-export-files";
import { ApiError } from "./errors";
import { esc } from "./html";
import { randomId } from "./ids";
import { errorName, log } from "./log";
import { sessionKey } from "./sessions";
import { ZipToR2 } from "./zip-to-r2";
import type { SellerLanguage } from "../../common/seller-language";
import { EXPORT_TEXTS } from "./data-export-texts";
import { accountSellerLanguage } from "./seller-language";

/**
 * 'Descargar mis datos': everything a seller keeps here, as one ZIP they can open anywhere (what it holds:
 * worker/lib/data-export-files.ts). Built off the request by the exports queue (a big catalogue takes a while),
 * written into the DATA bucket (never the public images one) as it is built, kept there for EXPORT_VALID_DAYS,
 * and reachable only through a signed link that also asks for the seller's own session.
 */
export const EXPORT_VALID_DAYS = 7;
const EXPORT_VALID_MS = EXPORT_VALID_DAYS * 24 * 60 * 60 * 1000;
const LINK_PURPOSE = "data-export";

/** Exports a seller may ask for in any 24 hours: each one reads every photo and queues behind other sellers' ones. */
export const EXPORTS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * An export not ready this long after it was asked for has failed: a build whose Worker died (out of memory,
 * out of time) never gets to say so. The queue's consumer gives up on a message well before (15 minutes).
 */
export const EXPORT_GIVE_UP_MS = 60 * 60 * 1000;

export const EXPORT_IN_PROGRESS = "Ya estamos preparando tus datos. Te avisamos por correo cuando estén listos.";
export const EXPORTS_PER_DAY_REACHED = `Ya pediste tus datos ${EXPORTS_PER_DAY} veces en las últimas 24 horas. Vuelve a intentarlo mañana.`;

const exportsOf = (userId: string) => `exports/${userId}/`;
export const exportKey = (userId: string, exportId: string) => `${exportsOf(userId)}${exportId}.zip`;

/** Where links to an export point: the public site when it is configured, else the site the seller used. */
export const exportOrigin = (env: Bindings, fallback: string) => (env.PUBLIC_ORIGIN?.trim() || fallback).replace(/\/+$/, "");

export type ExportState = "building" | "ready" | "failed";

/** A row's state as the seller sees it. */
export function exportState(row: { readyAt: Date | null; failedAt: Date | null; createdAt: Date }, now = Date.now()): ExportState {
  if (row.readyAt) return "ready";
  if (row.failedAt || row.createdAt.getTime() <= now - EXPORT_GIVE_UP_MS) return "failed";
  return "building";
}

/**
 * Records a new export and queues it, unless the seller already has one being built or has asked
 * EXPORTS_PER_DAY times in the last 24 hours. Both are checked inside the INSERT itself, so requests fired
 * together cannot each see room for one more: one row, one message, one e-mail.
 */
export async function requestExport(
  env: Bindings,
  shop: Shop,
  origin: string,
  now = Date.now(),
  language: SellerLanguage | null = null,
): Promise<string> {
  // The seller's exports live in their shop's database (docs/data.md, "The seam, as built").
  const db = shopDatabase(env, shop);
  const userId = shop.id;
  const id = randomId();
  const opened = await db.run(sql`
    INSERT INTO "data_exports" ("id", "user_id", "origin", "created_at")
    SELECT ${id}, ${userId}, ${origin}, ${now}
    WHERE NOT EXISTS (SELECT 1 FROM "data_exports" WHERE "user_id" = ${userId} AND "ready_at" IS NULL
                      AND "failed_at" IS NULL AND "created_at" > ${now - EXPORT_GIVE_UP_MS})
      AND (SELECT COUNT(*) FROM "data_exports" WHERE "user_id" = ${userId} AND "created_at" > ${now - DAY_MS}) < ${EXPORTS_PER_DAY}`);
  if (!opened.meta.changes) {
    const building = await db
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.userId, userId),
          isNull(dataExports.readyAt),
          isNull(dataExports.failedAt),
          sql`${dataExports.createdAt} > ${now - EXPORT_GIVE_UP_MS}`,
        ),
      )
      .get();
    throw building ? new ApiError(409, EXPORT_IN_PROGRESS) : new ApiError(429, EXPORTS_PER_DAY_REACHED);
  }
  try {
    await env.DATA_EXPORTS.send({ exportId: id, userId, language });
  } catch (err) {
    // Without its message nobody would build it: the seller sees it failed and may ask again.
    await db.update(dataExports).set({ failedAt: new Date() }).where(eq(dataExports.id, id));
    throw err;
  }
  return id;
}

/** A link to the export that works for EXPORT_VALID_DAYS, and only in the seller's own session. */
export async function exportLink(env: Bindings, origin: string, userId: string, exportId: string, createdAt: Date): Promise<string> {
  const token = await new SignJWT({ purpose: LINK_PURPOSE, eid: exportId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setExpirationTime(new Date(createdAt.getTime() + EXPORT_VALID_MS))
    .sign(sessionKey({ env }));
  return `${origin}/api/data/exports/${exportId}/download?token=${token}`;
}

/** Whether `token` is a live link to `exportId` signed for `userId`. */
export async function linkOpens(env: Bindings, token: string, userId: string, exportId: string): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, sessionKey({ env }), { algorithms: ["HS256"] });
    return payload.purpose === LINK_PURPOSE && payload.eid === exportId && payload.sub === userId;
  } catch {
    return false;
  }
}

/**
 * The queue's work for one export. Delivery is at least once: the first delivery takes the row (one UPDATE
 * that only one can win) and builds it; any other, during the build or after it, finds it taken and does
 * nothing, so there is never a second ZIP nor a second e-mail. A build that fails aborts its upload and marks
 * the export failed, which the settings screen shows with the way to ask again.
 */
/** What a build did, for its log line and the bench (bench/data-export.ts). */
export interface BuiltExport {
  bytes: number;
  /** The most bytes of the archive the writer held at once. */
  peakHeld: number;
}

export async function buildExport(env: Bindings, message: DataExportMessage, now = Date.now()): Promise<BuiltExport | null> {
  const global = database(env.DB);
  const shop = await findShop(global, message.userId);
  if (!shop) return null;
  const db = shopDatabase(env, shop);
  const taken = await db
    .update(dataExports)
    .set({ startedAt: new Date(now) })
    .where(
      and(
        eq(dataExports.id, message.exportId),
        eq(dataExports.userId, message.userId),
        isNull(dataExports.startedAt),
        isNull(dataExports.failedAt),
        sql`${dataExports.createdAt} > ${now - EXPORT_GIVE_UP_MS}`,
        sql`NOT EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = ${message.userId} AND "users"."deleted_at" IS NOT NULL)`,
      ),
    )
    .returning({ id: dataExports.id, origin: dataExports.origin, createdAt: dataExports.createdAt })
    .get();
  if (!taken) return null;
  const key = exportKey(message.userId, message.exportId);
  let zip: ZipToR2 | undefined;
  let built: BuiltExport | undefined;
  let ready: { id: string } | undefined;
  // Once the row is taken, no other delivery will build it: whatever fails from here on (opening the upload
  // included) must say so on the row, or the seller would watch "preparing" for an hour.
  try {
    zip = new ZipToR2(await env.DATA.createMultipartUpload(key, { httpMetadata: { contentType: "application/zip" } }));
    await writeExportFiles(env, message.userId, zip);
    built = { bytes: await zip.finish(), peakHeld: zip.peakHeld };
    log("info", "data export built", { exportId: taken.id, ...built });
    ready = await db
      .update(dataExports)
      .set({ readyAt: new Date(), bytes: built.bytes })
      .where(and(eq(dataExports.id, taken.id), isNull(dataExports.readyAt)))
      .returning({ id: dataExports.id })
      .get();
  } catch (err) {
    log("error", "data export failed", { exportId: taken.id, error: errorName(err) });
    // A finished upload is an object to delete; an unfinished one, parts to drop.
    await (built ? env.DATA.delete(key) : zip?.abort())?.catch((cleanupErr) =>
      log("warn", "data export upload not removed", { exportId: taken.id, error: errorName(cleanupErr) }),
    );
    await db.update(dataExports).set({ failedAt: new Date() }).where(eq(dataExports.id, taken.id));
    return null;
  }
  const seller =
    ready &&
    (await global
      .select({ email: users.email, sellerLanguage: users.sellerLanguage, countryCode: users.countryCode })
      .from(users)
      .where(eq(users.id, message.userId))
      .get());
  if (!seller) {
    // The account was deleted while the ZIP was being built (its exports with it): nothing of it may stay.
    await env.DATA.delete(key);
    return null;
  }
  const mailer = selectMailer(env, taken.origin);
  if (!mailer) return built;
  const link = await exportLink(env, exportOrigin(env, taken.origin), message.userId, message.exportId, taken.createdAt);
  try {
    await mailer.send(readyEmail(seller.email, link, accountSellerLanguage(seller, message.language ?? null)));
  } catch (err) {
    // The link is on the settings screen too: a lost e-mail loses nothing.
    log("warn", "data export e-mail not sent", { exportId: taken.id, error: errorName(err) });
  }
  return built;
}

function readyEmail(to: string, link: string, language: SellerLanguage) {
  const say = EXPORT_TEXTS[language];
  const text = [say.hello, "", say.ready, say.download(EXPORT_VALID_DAYS), "", link].join("\n");
  const html = `<p>${say.hello}</p><p>${say.ready}</p><p><a href="${esc(link)}">${say.button}</a></p><p>${say.valid(EXPORT_VALID_DAYS)}</p>`;
  return { to, subject: say.subject, text, html };
}

/** The daily purge's part: exports past their link's life leave the bucket and the table. */
export async function purgeOldExports(env: Bindings, now = Date.now(), limit = 500): Promise<number> {
  let purged = 0;
  // Exports live in their shop's database: every bound one is purged.
  for (const db of everyShopDatabase(env)) {
    const old = await db
      .select({ id: dataExports.id, userId: dataExports.userId })
      .from(dataExports)
      .where(lte(dataExports.createdAt, new Date(now - EXPORT_VALID_MS)))
      .limit(limit);
    if (!old.length) continue;
    await env.DATA.delete(old.map((e) => exportKey(e.userId, e.id)));
    await db.delete(dataExports).where(
      inArray(
        dataExports.id,
        old.map((e) => e.id),
      ),
    );
    purged += old.length;
  }
  return purged;
}

/** A deleted account's exports: the rows (for its erase batch) go with the account, the ZIPs right after. */
export const forgetExportRows = (db: Db, userId: string) => db.delete(dataExports).where(eq(dataExports.userId, userId));

/** Every ZIP under the seller's prefix, rows or no rows: a build that ends after the deletion removes its own. */
export async function deleteExportObjects(bucket: R2Bucket, userId: string): Promise<number> {
  let deleted = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: exportsOf(userId), cursor });
    if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key));
    deleted += page.objects.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return deleted;
}
