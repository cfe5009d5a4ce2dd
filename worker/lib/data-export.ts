import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import { zipSync, type Zippable } from "fflate";
import { jwtVerify, SignJWT } from "jose";
import { movementLabel } from "../../common/credits";
import { ORDER_STATUS_LABELS } from "../../common/order-status";
import type { OrderLine } from "../../common/store-cart";
import { database, shopDatabase } from "../db/client";
import { creditLedger, dataExports, generatedImages, orders, products, productStock, users } from "../db/schema";
import { selectMailer } from "../email/select";
import type { Bindings } from "../env";
import { archivedLedgerRows } from "./archive";
import { archivedOrderRows } from "./archive-orders";
import { findShop } from "./shops";
import { productRows, TIENDANUBE_COLUMNS, toCsv, urlIdentifier } from "./catalogue-csv";
import type { DataExportMessage } from "./data-export-message";
import { errorName, log } from "./log";
import { esc } from "./html";
import { sessionKey } from "./sessions";

/**
 * 'Descargar mis datos': everything a seller keeps here, as one ZIP they can open anywhere. The catalogue in
 * the columns Tiendanube imports, the original photos and the generated images, the orders and their lines,
 * and the credits history. Built off the request by the exports queue (a big catalogue takes a while), kept
 * in the DATA bucket (never the public images one) for EXPORT_VALID_DAYS, and reachable only through a signed
 * link that also asks for the seller's own session.
 */
export const EXPORT_VALID_DAYS = 7;
const EXPORT_VALID_MS = EXPORT_VALID_DAYS * 24 * 60 * 60 * 1000;
const LINK_PURPOSE = "data-export";

export const exportKey = (userId: string, exportId: string) => `exports/${userId}/${exportId}.zip`;

const day = (d: Date) => d.toISOString().replace("T", " ").slice(0, 16);
const extensionOf = (key: string) => /\.(\w+)$/.exec(key)?.[1] ?? "jpg";

/** The files of the ZIP, by path. */
export async function exportFiles(env: Bindings, userId: string): Promise<Zippable> {
  const files: Zippable = {};
  // The shop's own rows from its database; the credits ledger from the global one (docs/data.md).
  const global = database(env.DB);
  const db = shopDatabase(env, (await findShop(global, userId)) ?? { id: userId, shard: 0 });
  const text = (csv: string) => new TextEncoder().encode(csv);
  const catalogue = await db.select().from(products).where(eq(products.userId, userId)).orderBy(asc(products.createdAt));
  const stock = await db
    .select({ productId: productStock.productId, color: productStock.color, size: productStock.size, stock: productStock.stock })
    .from(productStock)
    .innerJoin(products, eq(products.id, productStock.productId))
    .where(eq(products.userId, userId))
    .orderBy(asc(productStock.color), asc(productStock.position));
  const rows: string[][] = [];
  const photo = async (key: string | null, path: string) => {
    if (!key) return;
    const object = await env.IMAGES.get(key);
    if (object) files[path] = [new Uint8Array(await object.arrayBuffer()), { level: 0 }];
  };
  for (const p of catalogue) {
    const identifier = urlIdentifier(p.name, p.id.slice(0, 6).toLowerCase());
    rows.push(
      ...productRows({
        identifier,
        name: p.name,
        price: p.price ?? 0,
        published: p.published,
        description: p.description,
        category: p.category,
        stock: stock.filter((s) => s.productId === p.id),
      }),
    );
    await photo(p.imageKey, `fotos/originales/${identifier}.${extensionOf(p.imageKey ?? "")}`);
  }
  files["productos.csv"] = text(toCsv(TIENDANUBE_COLUMNS, rows));
  const images = await global
    .select()
    .from(generatedImages)
    .where(eq(generatedImages.userId, userId))
    .orderBy(asc(generatedImages.createdAt));
  for (const image of images)
    await photo(image.key, `fotos/generadas/${day(image.createdAt).slice(0, 10)}-${image.id}.${extensionOf(image.key)}`);

  // The orders the archival moved to the DATA bucket, then the ones still in D1, by date.
  const sold = [
    ...(await archivedOrderRows({ DB: db.$client, DATA: env.DATA }, userId)),
    ...(await db.select().from(orders).where(eq(orders.sellerId, userId)).orderBy(asc(orders.createdAt))),
  ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  files["pedidos.csv"] = text(
    toCsv(
      [
        "Pedido",
        "Fecha (UTC)",
        "Estado",
        "Comprador",
        "WhatsApp",
        "Entrega",
        "Zona",
        "Costo de envío",
        "Subtotal",
        "Total",
        // Each order's own currency: a store that changed its money has orders in both, and a number means nothing without it.
        "Moneda",
        "Forma de pago",
        "Nota",
      ],
      sold.map((o) => [
        o.code,
        day(o.createdAt),
        ORDER_STATUS_LABELS[o.status],
        o.buyerName,
        o.buyerPhone,
        o.delivery === "envio" ? "Envío" : o.delivery === "retiro" ? "Retiro" : "",
        o.deliveryZone,
        o.deliveryCost,
        o.subtotal,
        o.total,
        o.currency ?? "ARS",
        o.paymentMethod,
        o.note,
      ]),
    ),
  );
  files["lineas-de-pedidos.csv"] = text(
    toCsv(
      ["Pedido", "Producto", "Color", "Talle", "Cantidad", "Precio unitario", "Subtotal", "Moneda"],
      sold.flatMap((o) =>
        (JSON.parse(o.lines) as OrderLine[]).map((l) => [
          o.code,
          l.name,
          l.color,
          l.size,
          l.quantity,
          l.unitPrice,
          l.quantity * l.unitPrice,
          o.currency ?? "ARS",
        ]),
      ),
    ),
  );
  // The whole history: what the archival moved to the DATA bucket, then what is still in D1, in ledger order.
  const ledger = [
    ...(await archivedLedgerRows(env, userId)).map((m) => ({ ...m, createdAt: new Date(m.createdAt) })),
    ...(await global.select().from(creditLedger).where(eq(creditLedger.userId, userId))),
  ].sort((a, b) => a.id - b.id);
  files["creditos.csv"] = text(
    toCsv(
      ["Fecha (UTC)", "Movimiento", "Imágenes", "Saldo después"],
      ledger.map((m) => [day(m.createdAt), movementLabel(m.reason), m.delta, m.balanceAfter]),
    ),
  );
  return files;
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
 * The queue's work for one export. At least once: a second delivery of a message whose export is ready
 * does nothing (no second ZIP, no second e-mail); one that arrives mid-build builds the same ZIP again.
 */
export async function buildExport(env: Bindings, message: DataExportMessage): Promise<void> {
  const db = database(env.DB);
  const row = await db
    .select({
      id: dataExports.id,
      origin: dataExports.origin,
      createdAt: dataExports.createdAt,
      readyAt: dataExports.readyAt,
      email: users.email,
    })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.userId))
    .where(and(eq(dataExports.id, message.exportId), eq(dataExports.userId, message.userId), isNull(users.deletedAt)))
    .get();
  if (!row || row.readyAt) return;
  const zip = zipSync(await exportFiles(env, message.userId));
  await env.DATA.put(exportKey(message.userId, message.exportId), zip, { httpMetadata: { contentType: "application/zip" } });
  const claimed = await db
    .update(dataExports)
    .set({ readyAt: new Date(), bytes: zip.byteLength })
    .where(and(eq(dataExports.id, row.id), isNull(dataExports.readyAt)))
    .returning({ id: dataExports.id })
    .get();
  if (!claimed) return;
  const mailer = selectMailer(env, row.origin);
  if (!mailer) return;
  const link = await exportLink(env, row.origin, message.userId, message.exportId, row.createdAt);
  try {
    await mailer.send(readyEmail(row.email, link));
  } catch (err) {
    // The link is on the settings screen too: a lost e-mail loses nothing.
    log("warn", "data export e-mail not sent", { exportId: row.id, error: errorName(err) });
  }
}

function readyEmail(to: string, link: string) {
  const text = [
    "Hola:",
    "",
    "Tus datos de Vidriera están listos: tu catálogo (en las columnas que importa Tiendanube), tus fotos e imágenes, tus pedidos y tu historial de créditos, en un archivo ZIP.",
    `Descárgalo desde este enlace (vale ${EXPORT_VALID_DAYS} días y solo funciona con tu sesión iniciada):`,
    "",
    link,
  ].join("\n");
  const html = `<p>Hola:</p><p>Tus datos de Vidriera están listos: tu catálogo (en las columnas que importa Tiendanube), tus fotos e imágenes, tus pedidos y tu historial de créditos, en un archivo ZIP.</p><p><a href="${esc(link)}">Descargar mis datos</a></p><p>El enlace vale ${EXPORT_VALID_DAYS} días y solo funciona con tu sesión iniciada.</p>`;
  return { to, subject: "Tus datos de Vidriera están listos", text, html };
}

/** The daily purge's part: exports past their link's life leave the bucket and the table. */
export async function purgeOldExports(env: Bindings, now = Date.now(), limit = 500): Promise<number> {
  const db = database(env.DB);
  const old = await db
    .select({ id: dataExports.id, userId: dataExports.userId })
    .from(dataExports)
    .where(lte(dataExports.createdAt, new Date(now - EXPORT_VALID_MS)))
    .limit(limit);
  if (!old.length) return 0;
  await env.DATA.delete(old.map((e) => exportKey(e.userId, e.id)));
  await db.delete(dataExports).where(
    inArray(
      dataExports.id,
      old.map((e) => e.id),
    ),
  );
  return old.length;
}
