/**
 * What 'Descargar mis datos' puts in the ZIP, written file by file into a ZipToR2: the catalogue in the columns
 * Tiendanube imports, the seller's photos and the generated images (named by the product's code and name, so the
 * seller can tell whose each one is), the orders with their delivery address and currency, each order's lines,
 * and the credits history.
 */
import { asc, eq } from "drizzle-orm";
import { movementLabel } from "../../common/credits";
import { ORDER_STATUS_LABELS } from "../../common/order-status";
import type { OrderLine } from "../../common/store-cart";
import { currencyDigits } from "../../common/store-locale";
import { database, shopDatabase } from "../db/client";
import { creditLedger, generatedImages, orders, products, productStock, users } from "../db/schema";
import type { Bindings } from "../env";
import { archivedLedgerRows } from "./archive";
import { archivedOrderRows } from "./archive-orders";
import { productRows, TIENDANUBE_COLUMNS } from "./catalogue-csv";
import { ensureHandles, newHandle } from "./product-core/handles";
import { storeMoneyOf } from "./store-locale";
import { CSV_BOM, type CsvValue, csvLine } from "./csv";
import { customersOf } from "./customers";
import { findShop } from "./shops";
import type { ZipToR2 } from "./zip-to-r2";

const day = (d: Date) => d.toISOString().replace("T", " ").slice(0, 16);
const extensionOf = (key: string) => /\.(\w+)$/.exec(key)?.[1] ?? "jpg";

/** Every file of a CSV, as pieces: the writer deflates them as they come. */
function* csvPieces(header: readonly string[], rows: Iterable<readonly CsvValue[]>): Iterable<string> {
  yield CSV_BOM + csvLine(header);
  for (const row of rows) yield csvLine(row);
}

/** Characters no file system or unzip tool takes well in a name. */
const UNSAFE_IN_NAMES = /[\p{Cc}/\\:*?"<>|]/gu;
/** Invisible ones (a right-to-left override would show "Remera\u202Egpj.exe" as "Remeraexe.jpg"): they go. */
const INVISIBLE = /\p{Cf}/gu;
const NAME_MAX_CHARACTERS = 80;

/** A product's name as a file's name: readable, the same on Windows, macOS and Linux, never empty. */
export function safeFileName(text: string): string {
  const cleaned = text.normalize("NFC").replace(INVISIBLE, "").replace(UNSAFE_IN_NAMES, " ").replace(/\s+/g, " ").trim();
  // Cut by characters, not UTF-16 units, so an emoji is never split; and no name ends in a dot or a space (Windows).
  const cut = Array.from(cleaned)
    .slice(0, NAME_MAX_CHARACTERS)
    .join("")
    .replace(/[.\s]+$/, "");
  return cut.replace(/^\.+/, "") || "producto";
}

/** Paths in the ZIP, each once: file systems that ignore case (Windows, macOS) see "Remera" and "remera" as one. */
export class UniquePaths {
  private readonly taken = new Set<string>();
  path(folder: string, name: string, extension: string): string {
    for (let n = 1; ; n++) {
      const path = `${folder}/${name}${n > 1 ? ` (${n})` : ""}.${extension}`;
      if (!this.taken.has(path.toLowerCase())) {
        this.taken.add(path.toLowerCase());
        return path;
      }
    }
  }
}

/** Amounts as a number of the currency's units ("129.90" reais, "12500" pesos), with the currency beside them. */
function amount(minor: number | null, currency: string): string {
  if (minor === null) return "";
  const digits = currencyDigits(currency);
  return digits ? (minor / 10 ** digits).toFixed(digits) : String(Math.round(minor));
}

export async function writeExportFiles(env: Bindings, userId: string, zip: ZipToR2): Promise<void> {
  // The shop's own rows from its database; the credits ledger from the global one (docs/data.md).
  const global = database(env.DB);
  const db = shopDatabase(env, (await findShop(global, userId)) ?? { id: userId, shard: 0 });
  const paths = new UniquePaths();
  const photo = async (key: string | null, folder: string, name: string) => {
    if (!key) return;
    const object = await env.IMAGES.get(key);
    if (object) await zip.addStream(paths.path(folder, name, extensionOf(key)), object.body);
  };

  await ensureHandles(db, userId);
  const catalogue = await db.select().from(products).where(eq(products.userId, userId)).orderBy(asc(products.createdAt));
  const stock = await db
    .select({ productId: productStock.productId, color: productStock.color, size: productStock.size, stock: productStock.stock })
    .from(productStock)
    .innerJoin(products, eq(products.id, productStock.productId))
    .where(eq(products.userId, userId))
    .orderBy(asc(productStock.color), asc(productStock.position));
  const stockOf = new Map<string, typeof stock>();
  for (const s of stock) stockOf.get(s.productId)?.push(s) ?? stockOf.set(s.productId, [s]);
  // Prices are written in the money they are kept in, as Tiendanube writes them; each product under its handle.
  const seller = await global
    .select({ phone: users.phone, countryCode: users.countryCode, storeCurrency: users.storeCurrency, storeLocale: users.storeLocale })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  const money = storeMoneyOf(seller ?? { phone: null, countryCode: null, storeCurrency: null, storeLocale: null }).money;
  const rows = catalogue.flatMap((p) =>
    productRows(
      {
        handle: p.handle ?? newHandle(p.name, p.id),
        name: p.name,
        price: p.price ?? 0,
        published: p.published,
        description: p.description,
        category: p.category,
        stock: stockOf.get(p.id) ?? [],
      },
      money,
    ),
  );
  await zip.addText("productos.csv", csvPieces(TIENDANUBE_COLUMNS, rows));

  // "K7P2 Remera lisa blanca": the code the seller sees on WhatsApp and the pricing card, then the name.
  const photoName = (p: { code: string | null; id: string; name: string }) => safeFileName(`${p.code ?? p.id.slice(0, 6)} ${p.name}`);
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  for (const p of catalogue) await photo(p.imageKey, "fotos/originales", photoName(p));
  const images = await db.select().from(generatedImages).where(eq(generatedImages.userId, userId)).orderBy(asc(generatedImages.createdAt));
  for (const image of images) {
    const product = image.productId ? byId.get(image.productId) : undefined;
    await photo(image.key, "fotos/generadas", product ? photoName(product) : `Sin producto ${day(image.createdAt).slice(0, 10)}`);
  }

  // The orders the archival moved to the DATA bucket, then the ones still in D1, by date.
  const sold = [
    ...(await archivedOrderRows({ DB: db.$client, DATA: env.DATA }, userId)),
    ...(await db.select().from(orders).where(eq(orders.sellerId, userId)).orderBy(asc(orders.createdAt))),
  ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  // Orders from before stores chose their money are in Argentine pesos.
  const currencyOf = (o: { currency: string | null }) => o.currency ?? "ARS";
  await zip.addText(
    "pedidos.csv",
    csvPieces(
      [
        "Pedido",
        "Fecha (UTC)",
        "Estado",
        "Comprador",
        "WhatsApp",
        "Entrega",
        "Zona",
        "Calle y número",
        "Localidad",
        "Código postal",
        "Referencia",
        "Dirección de retiro",
        "Moneda",
        "Costo de envío",
        "Subtotal",
        "Cupón",
        "Descuento",
        "Total",
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
        o.deliveryStreet,
        o.deliveryLocality,
        o.deliveryPostalCode,
        o.deliveryReference,
        o.pickupAddress,
        currencyOf(o),
        amount(o.deliveryCost, currencyOf(o)),
        amount(o.subtotal, currencyOf(o)),
        o.couponCode,
        amount(o.discount, currencyOf(o)),
        amount(o.total, currencyOf(o)),
        o.paymentMethod,
        o.note,
      ]),
    ),
  );
  await zip.addText(
    "lineas-de-pedidos.csv",
    csvPieces(
      ["Pedido", "Producto", "Color", "Talle", "Cantidad", "Moneda", "Precio unitario", "Subtotal"],
      sold.flatMap((o) =>
        (JSON.parse(o.lines) as OrderLine[]).map((l) => [
          o.code,
          l.name,
          l.color,
          l.size,
          l.quantity,
          currencyOf(o),
          amount(l.unitPrice, currencyOf(o)),
          amount(l.quantity * l.unitPrice, currencyOf(o)),
        ]),
      ),
    ),
  );

  // Each buyer (archived orders included) as 'Clientes' groups them: one row per currency they spent in.
  await zip.addText(
    "clientes.csv",
    csvPieces(
      ["Cliente", "WhatsApp", "Pedidos", "Moneda", "Compró", "Último pedido", "Fecha del último pedido (UTC)"],
      customersOf(sold).flatMap((c) =>
        (c.spent.length ? c.spent : [null]).map((s) => [
          c.name,
          c.whatsapp?.label ?? "",
          c.orders,
          s?.currency ?? "",
          s ? amount(s.amount, s.currency) : "",
          c.lastOrderCode,
          day(new Date(c.lastOrderAt)),
        ]),
      ),
    ),
  );

  // The whole history: what the archival moved to the DATA bucket, then what is still in D1, in ledger order.
  const ledger = [
    ...(await archivedLedgerRows(env, userId)).map((m) => ({ ...m, createdAt: new Date(m.createdAt) })),
    ...(await global.select().from(creditLedger).where(eq(creditLedger.userId, userId))),
  ].sort((a, b) => a.id - b.id);
  await zip.addText(
    "creditos.csv",
    csvPieces(
      ["Fecha (UTC)", "Movimiento", "Créditos", "Saldo después"],
      ledger.map((m) => [day(m.createdAt), movementLabel(m.reason), m.delta, m.balanceAfter]),
    ),
  );
}
