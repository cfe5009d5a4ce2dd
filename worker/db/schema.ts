import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { COUPON_KINDS } from "../../common/coupons";
import { PAY_CHOICES } from "../../common/pay-choices";
import { FINAL_STATUSES, ORDER_STATUSES } from "../../common/order-status";

const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  "users",
  {
    // Random, so ids in URLs reveal nothing and are known before the insert
    // (a sign-up writes the user and the bonus in one batch).
    id: text("id").primaryKey(),
    email: text("email").notNull().unique(),
    // Null for accounts that only ever signed in with Google.
    passwordHash: text("password_hash"),
    googleSub: text("google_sub").unique(),
    name: text("name"),
    username: text("username").unique(),
    phone: text("phone"),
    imageUrl: text("image_url"),
    countryCode: text("country_code"),
    // Only the credits ledger (worker/lib/credits.ts) writes this column.
    credits: integer("credits").notNull().default(0),
    paidMiTienda: integer("paid_mi_tienda", { mode: "boolean" }).notNull().default(false),
    paidMiTiendaDate: integer("paid_mi_tienda_date", { mode: "timestamp_ms" }),
    /**
     * Bumped by every write that changes what the public store shows. The
     * edge-cached page is keyed by it, so a save is visible at once in every
     * data centre (a Cache API delete only reaches the local one).
     */
    storeVersion: integer("store_version").notNull().default(0),
    /**
     * The store's money (ISO 4217) and its shoppers' locale ("es-AR", "pt-BR"). Null: not chosen yet, so the
     * store's country's (common/store-locale.ts); stores from before these columns were set to ARS and es-AR,
     * as they always sold. worker/lib/store-locale.ts reads them.
     */
    storeCurrency: text("store_currency"),
    storeLocale: text("store_locale"),
    /**
     * The language the seller reads the app, its e-mails and its errors in (common/seller-language.ts): "es",
     * "pt-BR" or "en". Null: never chosen, so the browser's (a request's) or, with no request, the country's.
     */
    sellerLanguage: text("seller_language"),
    /**
     * JSON list of the ways to pay (common/pay-methods.ts payMethodsSchema, validated on the way in). Null:
     * the store still offers what store_checkout.payments says (Argentina's transfer, Mercado Pago, cash).
     */
    storePayMethods: text("store_pay_methods"),
    /**
     * Set when the seller deleted the account. The row stays as an anonymous
     * tombstone because orders, payments, the ledger and jobs keep pointing at
     * it for accounting; no session may ever sign it in again.
     */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    /**
     * Which database holds the shop's own rows (catalogue, stock, store settings, orders): 0 is `DB`, n is the
     * `SHOP_DB_<n>` binding. Only `shopDatabase` in worker/db/client.ts reads it (docs/data.md, "The plan past
     * one database").
     */
    shard: integer("shard").notNull().default(0),
    createdAt: createdAt(),
  },
  // The database itself refuses a negative balance, so no race between two
  // debits can overspend: the second one's batch fails as a whole.
  // The placement rule counts each shop database's shops by this index (worker/lib/shops.ts chooseShard).
  (t) => [check("users_credits_not_negative", sql`${t.credits} >= 0`), index("users_shard_idx").on(t.shard)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  // expires_at: the daily purge (worker/lib/purge.ts) finds expired sessions without a scan.
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const creditLedger = sqliteTable(
  "credit_ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    reason: text("reason").notNull(),
    // Whoever moves credits names the movement once (job id, payment id, …);
    // a retry with the same key is refused by this constraint.
    idempotencyKey: text("idempotency_key").notNull().unique(),
    balanceAfter: integer("balance_after").notNull(),
    createdAt: createdAt(),
  },
  // reason, created_at: the reconciliation of lost debits (worker/jobs/lost-debits.ts) reads a day of
  // generation debits by it instead of scanning the ledger.
  (t) => [index("credit_ledger_user_idx").on(t.userId), index("credit_ledger_reason_created_idx").on(t.reason, t.createdAt)],
);

export const loginThrottle = sqliteTable(
  "login_throttle",
  {
    // "<policy>:<subject>", e.g. "loginAddress:<ip>" (worker/lib/throttle.ts)
    key: text("key").primaryKey(),
    failures: integer("failures").notNull(),
    windowStartedAt: integer("window_started_at", { mode: "timestamp_ms" }).notNull(),
  },
  // The daily purge drops rows whose window is over by this index.
  (t) => [index("login_throttle_window_idx").on(t.windowStartedAt)],
);

/**
 * A password-recovery link. Only the SHA-256 of the token is kept, so a copy
 * of the database cannot reset anyone's password; using it sets usedAt once.
 */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  // The daily purge drops used or expired links through these two.
  (t) => [
    index("password_resets_user_idx").on(t.userId),
    index("password_resets_expires_idx").on(t.expiresAt),
    index("password_resets_used_idx").on(t.usedAt),
  ],
);

/** Offline e-mail: what would have been sent, read at /api/dev/outbox on local hosts only. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: createdAt(),
  },
  // The daily purge drops mail past its retention by this index.
  (t) => [index("email_outbox_created_idx").on(t.createdAt)],
);

export const products = sqliteTable(
  "products",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** R2 key of the seller's own photo (the spec's imageURL / originalImageUrl). */
    imageKey: text("image_key"),
    /** In the store's money, in its smallest unit kept (centavos where it has them); null or 0 means no price yet. */
    price: real("price"),
    /**
     * Before product_stock: JSON list of { name, stock }. Kept (migrations only add) but no longer read
     * or written; migration 0015 copied it into product_stock as the product's one implicit colour.
     */
    sizes: text("sizes").notNull().default("[]"),
    /**
     * JSON list of { name, imageKey } in the seller's order; empty for a product without colours.
     * imageKey is one of the product's store images (shown only while it still is one).
     */
    colors: text("colors").notNull().default("[]"),
    /** JSON list of R2 keys the store shows; empty means the product's own photo. */
    storeImageKeys: text("store_image_keys").notNull().default("[]"),
    /**
     * Whether the seller published it. Uploads start as drafts; the public
     * store and the order API show and sell a product only when it is
     * published and has a price (worker/pages/store-data.ts, `listedInStore`).
     */
    published: integer("published", { mode: "boolean" }).notNull().default(false),
    /** Optional text for shoppers (plain text; the store escapes it). */
    description: text("description"),
    /** The seller's own words or one of common/store-browse.ts's suggestions; null: none. */
    category: text("category"),
    /**
     * Short and easy to read aloud (e.g. R4TQ9), unique within the seller's products: what a buyer quotes
     * on WhatsApp, shown on the pricing card, the product page and order lines (worker/lib/short-codes.ts).
     * Set on creation; the migration product_codes_backfill gave one to every product made before it.
     */
    code: text("code"),
    /**
     * The price in hundredths as it was before a change of the store's money to whole units rounded it
     * (R$ 1,50 stored 150, became $ 2): a change back to a money with cents gives 150 again while the price
     * is still the rounding of it, so a round trip without edits changes nothing (worker/lib/shop-money.ts).
     * Null when nothing was rounded, and cleared by the change back.
     */
    priceCents: real("price_cents"),
    /**
     * The product's identity in the catalogue CSV ('Identificador de URL'), unique within the seller's products:
     * an import of a row with a handle the seller has updates that product instead of adding a copy. Set on
     * creation; products made before the column get one from urlIdentifier the first time the seller exports
     * or imports (worker/lib/product-core/handles.ts), so an export downloaded before it still matches.
     */
    handle: text("handle"),
    createdAt: createdAt(),
  },
  (t) => [
    index("products_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("products_user_code_unique").on(t.userId, t.code),
    uniqueIndex("products_user_handle_unique").on(t.userId, t.handle),
  ],
);

/**
 * Stock per colour and size: one row per combination the product sells. A product without colours
 * has its one implicit colour "" (so products from before colours kept their rows); a product or
 * colour without sizes has no rows and is not counted. The CHECK keeps every row at zero or more,
 * so a confirmation that would oversell aborts its whole batch (worker/lib/stock.ts).
 */
export const productStock = sqliteTable(
  "product_stock",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    color: text("color").notNull(),
    size: text("size").notNull(),
    stock: integer("stock").notNull(),
    /** The size's place in the seller's list for that colour. */
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.color, t.size] }), check("product_stock_not_negative", sql`${t.stock} >= 0`)],
);

export const generatedImages = sqliteTable(
  "generated_images",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    kind: text("kind").notNull(),
    /** What the gallery calls it (common/gallery-kinds.ts); null on rows older than the column: derived from kind. */
    variant: text("variant"),
    /** For a modification: the image it was made from, kept so 'Restaurar original' can bring it back. */
    originalId: text("original_id"),
    /** Set while a modification stands in this image's place: the gallery lists that one instead. */
    replacedBy: text("replaced_by"),
    jobId: text("job_id").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index("generated_images_user_idx").on(t.userId, t.createdAt), index("generated_images_product_idx").on(t.productId)],
);

/**
 * 'Modelo de mi tienda': per seller and audience (adult, baby, boy, girl),
 * one of the seller's own generated images, sent as the model reference to
 * providers that take one. It points at the image row, so deleting the image
 * (or the account) removes the model with it: never a dangling R2 key.
 */
export const storeModels = sqliteTable(
  "store_models",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    audience: text("audience", { enum: ["adult", "baby", "boy", "girl"] }).notNull(),
    imageId: text("image_id")
      .notNull()
      .references(() => generatedImages.id, { onDelete: "cascade" }),
    /** The image's R2 key, read at job start without a join. */
    key: text("key").notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  // One model per audience: two saves at once end as one row (an upsert on this key).
  (t) => [uniqueIndex("store_models_user_audience").on(t.userId, t.audience), index("store_models_image_idx").on(t.imageId)],
);

export const JOB_STATUSES = ["running", "succeeded", "failed"] as const;

/**
 * One row per generation, written by the route (with the debit, atomically)
 * and finished by the GenerationJob Durable Object. It lets a seller find a
 * job again and lets the ledger check prove each job was charged and refunded at most once.
 */
export const generationJobs = sqliteTable(
  "generation_jobs",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    quality: text("quality").notNull(),
    cost: integer("cost").notNull(),
    status: text("status", { enum: JOB_STATUSES }).notNull(),
    error: text("error"),
    imageId: text("image_id"),
    createdAt: createdAt(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  // product_id: deleting a product sets its jobs' product to null, found by this index instead of a scan.
  // created_at: the archival (worker/lib/archive.ts) finds jobs past the retention period by it.
  (t) => [
    index("generation_jobs_user_idx").on(t.userId, t.createdAt),
    index("generation_jobs_product_idx").on(t.productId),
    index("generation_jobs_created_idx").on(t.createdAt),
  ],
);

/**
 * Delivered or cancelled, as SQL: the condition of the partial index orders_final_created_idx, which the
 * archival's search repeats word for word so SQLite uses the index (worker/lib/archive-orders.ts).
 */
export const FINAL_ORDER_SQL = `status IN (${FINAL_STATUSES.map((s) => `'${s}'`).join(", ")})`;

/**
 * A shopper's order, saved before WhatsApp opens so the seller can find it in
 * the admin by its short code. Lines keep the name and price of the moment.
 */
export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Short and readable, e.g. K7P2: it travels in the WhatsApp message. */
    code: text("code").notNull(),
    /** JSON list of { productId, name, color, size, quantity, unitPrice } (no color on older orders). */
    lines: text("lines").notNull(),
    /** What the shopper pays: the lines plus the delivery cost when it is known. */
    total: real("total").notNull(),
    /** The lines alone; null on orders from before delivery costs (their total is the lines). */
    subtotal: real("subtotal"),
    /** Who is buying and how they want it, as the shopper typed them in the cart (null on older orders). */
    buyerName: text("buyer_name"),
    delivery: text("delivery", { enum: ["envio", "retiro"] }),
    note: text("note"),
    /** The buyer's WhatsApp if they gave it, saved as the seller's is ("+54 91123456789"), for 'Responder por WhatsApp'. */
    buyerPhone: text("buyer_phone"),
    /** The seller's zone the shopper chose for envío ('CABA'); null for retiro or without zones. */
    deliveryZone: text("delivery_zone"),
    /** The delivery cost charged (0: free); null when it is to be agreed (no zones) or for retiro. */
    deliveryCost: real("delivery_cost"),
    /** Retiro: where to pick it up, as the store said when the order was placed. */
    pickupAddress: text("pickup_address"),
    /** Envío: the buyer's street and number, locality and optional reference, as typed in the cart (null for retiro). */
    deliveryStreet: text("delivery_street"),
    deliveryLocality: text("delivery_locality"),
    deliveryReference: text("delivery_reference"),
    /** Envío: the postal code the store's country asks for (Brazil's CEP as 00000-000), null where none was given. */
    deliveryPostalCode: text("delivery_postal_code"),
    /** Argentina's ways by their names of old ('transferencia'), any other by its kind ('pix'). */
    paymentMethod: text("payment_method", { enum: PAY_CHOICES }),
    /** JSON: the details to pay with as the store gave them when the order was placed (alias, CBU, link). */
    paymentDetails: text("payment_details"),
    /**
     * ISO 4217 of the store's money when the order was placed: its amounts are in that currency's minor unit
     * even if the store changes its money later. Null on orders from before: Argentine pesos.
     */
    currency: text("currency"),
    /**
     * The shoppers' locale of the store when the order was placed (BCP 47, 'pt-BR'): the buyer's page of a
     * deleted store still reads in it. Null on orders from before: a deletion fills it from the store's
     * saved locale if it had one, else the page reads in es-AR.
     */
    locale: text("locale"),
    /**
     * The buyer's private link (/pedido/<token>): 256 random bits (128 for orders older than it), so it cannot be guessed, and
     * the only way to the order page.
     */
    token: text("token").unique(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("nuevo"),
    /** JSON list of { status, at } from 'nuevo' on: the buyer's page shows when each step happened. */
    history: text("history").notNull().default("[]"),
    createdAt: createdAt(),
    /** When confirming took the quantities off stock (once). */
    stockTakenAt: integer("stock_taken_at", { mode: "timestamp_ms" }),
    /** When cancelling gave that stock back (once). */
    stockReturnedAt: integer("stock_returned_at", { mode: "timestamp_ms" }),
    /**
     * Set only when the seller deletes their account while this order is still open (not delivered nor
     * cancelled): the store's name and WhatsApp as they were, so the buyer's page can still show who to
     * ask, until `keptUntil` (worker/lib/account-deletion.ts). Null otherwise.
     */
    keptStoreName: text("kept_store_name"),
    keptStorePhone: text("kept_store_phone"),
    keptUntil: integer("kept_until", { mode: "timestamp_ms" }),
    /**
     * The store's discount code the buyer used, as it read when the order was placed ('INVIERNO10'), its kind and
     * what it took off in the order's currency (free shipping: the delivery cost waived). Null without a code.
     */
    couponCode: text("coupon_code"),
    couponKind: text("coupon_kind", { enum: COUPON_KINDS }),
    discount: real("discount"),
    /** The coupon whose use this order holds (no foreign key: a deleted coupon leaves its orders as they were). */
    couponId: text("coupon_id"),
    /** When cancelling gave the coupon's use back (once). */
    couponReturnedAt: integer("coupon_returned_at", { mode: "timestamp_ms" }),
  },
  // The archival (worker/lib/archive-orders.ts) finds finished orders past the retention period by the partial
  // index, which holds only delivered and cancelled orders.
  (t) => [
    uniqueIndex("orders_seller_code_unique").on(t.sellerId, t.code),
    index("orders_seller_idx").on(t.sellerId, t.createdAt),
    index("orders_final_created_idx").on(t.createdAt).where(sql.raw(FINAL_ORDER_SQL)),
  ],
);

/**
 * A size guide: a table of measures per size ("Pecho 96–100 cm" for M) and a note ("La modelo mide 1,70 y
 * usa talle S"), shown from a product's page. It applies to one product (productId) or to every product of a
 * category (category); a product's own guide wins over its category's. The shop's, in the shop's database.
 */
/**
 * The store's discount codes ("cupones"), in the shop's database beside its orders, so one batch claims a use and
 * inserts the order. `code` is kept as compared: trimmed, upper case, letters and digits only (common/coupons.ts).
 * An amount (and a minimum) is in the minor unit of `currency`, the store's money when it was saved: after the
 * store changes its money such a coupon no longer applies until the seller saves it again in the new one.
 * `uses` counts the orders holding a use; the check fails a claim past `max_uses`, or one the claim marked -1
 * because the coupon was paused, outside its dates or changed since the order was priced.
 */
export const coupons = sqliteTable(
  "coupons",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    kind: text("kind", { enum: COUPON_KINDS }).notNull(),
    /** Percent: 1 to 100; amount: minor units of `currency`; free shipping: 0. */
    value: integer("value").notNull(),
    currency: text("currency").notNull(),
    /** The lines' subtotal the cart must reach, in minor units of `currency`; null: none. */
    minimum: integer("minimum"),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("coupons_seller_code_unique").on(t.sellerId, t.code),
    check("coupons_claim", sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
  ],
);

export const sizeGuides = sqliteTable(
  "size_guides",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Exactly one of the two is set. */
    productId: text("product_id").references(() => products.id, { onDelete: "cascade" }),
    category: text("category"),
    unit: text("unit", { enum: ["cm", "in"] }).notNull(),
    /** JSON: the measures' names, in order (["Pecho", "Largo"]). */
    measures: text("measures").notNull(),
    /** JSON: [{ size, values: [one text per measure] }], in the sizes' order. */
    rows: text("rows").notNull(),
    note: text("note"),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    // One guide per product and one per category: a second save for the same one replaces it.
    uniqueIndex("size_guides_seller_product_unique").on(t.sellerId, t.productId),
    uniqueIndex("size_guides_seller_category_unique").on(t.sellerId, t.category),
    index("size_guides_product_idx").on(t.productId),
  ],
);

/**
 * A buyer's request to revoke a purchase through an Argentine store's 'Botón de arrepentimiento' (Resolución
 * 424/2020 of the Secretaría de Comercio Interior): saved before anything else, its code shown to the buyer at
 * once, and listed for the seller in Pedidos until answered. It belongs to the shop, in the shop's database.
 */
export const withdrawalRequests = sqliteTable(
  "withdrawal_requests",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What the buyer keeps and quotes ("ARR-7K2P9Q"): the request's identification code the resolution asks for. */
    code: text("code").notNull(),
    /** The order code as the buyer typed it, without '#' ("K7P2"), and the order it names when one of the store's does. */
    orderCode: text("order_code").notNull(),
    orderId: text("order_id"),
    buyerName: text("buyer_name").notNull(),
    /** A WhatsApp or e-mail, as the buyer wrote it: how the seller answers. */
    contact: text("contact").notNull(),
    createdAt: createdAt(),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("withdrawal_requests_seller_code_unique").on(t.sellerId, t.code),
    // The same buyer sending the form twice for the same order gets the first request back.
    uniqueIndex("withdrawal_requests_seller_order_contact_unique").on(t.sellerId, t.orderCode, t.contact),
    index("withdrawal_requests_seller_idx").on(t.sellerId, t.createdAt),
  ],
);

/**
 * How a store delivers and takes money (/mi-tienda-admin, 'Entrega y pagos'). Both are JSON
 * validated by the route and read through common/checkout.ts; a store without a row delivers
 * as before colours and costs (envío or retiro, cost to agree) and lists no way to pay.
 */
/**
 * The money a shop's prices are written in, kept in the shop's own database next to them (worker/lib/shop-money.ts):
 * a change of the store's currency rescales the prices and moves this row in ONE batch of that database, and an
 * order is inserted only while `version` is the one it was priced at, so an order never mixes one currency's
 * prices with another's. No row: no change since the store opened, its prices are in the account's currency.
 */
export const shopMoney = sqliteTable("shop_money", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** ISO 4217 of the shop's prices and delivery costs. */
  currency: text("currency").notNull(),
  /** Moves on with every change of currency: what an order's insert checks. */
  version: integer("version").notNull().default(0),
  /** JSON { zones: { [name]: hundredths }, freeFrom: hundredths | null }: the delivery costs' own priceCents. */
  deliveryCents: text("delivery_cents"),
});

export const storeCheckout = sqliteTable("store_checkout", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** { pickup: { enabled, address }, shipping: { enabled, zones: [{ name, cost }], freeFrom } } */
  delivery: text("delivery").notNull(),
  /** { transfer: { alias, cbu, holder } | null, mercadoPago: { link } | null, cash: boolean } */
  payments: text("payments").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

export const PAYMENT_PROVIDERS = ["mercadopago", "dlocalgo", "simulated"] as const;
export const PAYMENT_PURPOSES = ["credits", "store_plan"] as const;
export const PAYMENT_STATUSES = ["pending", "approved", "rejected"] as const;

/**
 * A checkout started by a seller. The server fixes amount and currency from
 * its own pack table; a provider's notification is credited only when it
 * matches, and at most once per provider payment id.
 */
export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    purpose: text("purpose", { enum: PAYMENT_PURPOSES }).notNull(),
    /** The pack bought (purpose "credits"). */
    packId: text("pack_id"),
    credits: integer("credits").notNull().default(0),
    amount: real("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    /** The provider's own id for the checkout (preference, payment). */
    providerCheckoutId: text("provider_checkout_id"),
    providerPaymentId: text("provider_payment_id"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
    /** When the reconciliation cron may ask the provider again (backing off with age); null: not asked yet. */
    reconcileDueAt: integer("reconcile_due_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("payments_provider_payment_unique").on(t.provider, t.providerPaymentId),
    index("payments_user_idx").on(t.userId, t.createdAt),
    index("payments_status_idx").on(t.status, t.createdAt),
  ],
);

/** Units of each currency per 1 USD, refreshed by the scheduled handler; the spec's fixed table is the fallback. */
export const exchangeRates = sqliteTable("exchange_rates", {
  currency: text("currency").primaryKey(),
  value: real("value").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * The weekly store summary e-mail (worker/stats/weekly.ts), once per seller per
 * week: a send first claims its row, so a second run of the cron (or one running
 * at the same time) sends nothing again. `week` is the Monday the week began, in
 * the store's time zone.
 */
export const weeklySummaries = sqliteTable(
  "weekly_summaries",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    week: text("week").notNull(),
    createdAt: createdAt(),
  },
  // week: the daily purge drops claims of weeks long over by it.
  (t) => [uniqueIndex("weekly_summaries_user_week").on(t.userId, t.week), index("weekly_summaries_week_idx").on(t.week)],
);

/** Sellers who turned the weekly summary off (the e-mail's link or 'Estadísticas'); turning it on deletes the row. */
export const weeklyEmailOptOuts = sqliteTable("weekly_email_opt_outs", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/**
 * A batch: one look (kind, model or not, quality) for many products, charged
 * at once when the seller confirms and generated item by item through the
 * batch queue and the provider's gate (worker/batches/).
 */
export const batches = sqliteTable(
  "batches",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    includeModel: integer("include_model", { mode: "boolean" }).notNull(),
    quality: text("quality").notNull(),
    /** The provider planGeneration chose when the seller paid. */
    provider: text("provider").notNull(),
    /** Credits per picture, as charged. */
    unitCost: integer("unit_cost").notNull(),
    size: integer("size").notNull(),
    /** The seller asked to be told by e-mail when it ends; notifiedAt says it was sent. */
    notify: integer("notify", { mode: "boolean" }).notNull().default(false),
    notifiedAt: integer("notified_at", { mode: "timestamp_ms" }),
    /** The site the seller used (for the e-mail's link, and to keep offline e-mail on local hosts). */
    origin: text("origin"),
    createdAt: createdAt(),
  },
  // The upkeep's search for finished batches still to announce (worker/batches/upkeep.ts) reads batches_notify_idx;
  // the archival (worker/lib/archive-batches.ts) finds batches past the retention period by batches_created_idx.
  (t) => [
    index("batches_user_idx").on(t.userId, t.createdAt),
    index("batches_notify_idx").on(t.notify, t.notifiedAt, t.createdAt),
    index("batches_created_idx").on(t.createdAt),
  ],
);

/**
 * queued: charged, waiting for its turn (in the queue or the provider's gate);
 * started: handed to its generation job (same id: the job's row in
 * generation_jobs says how it went); cancelled or failed before it started:
 * refunded with the key refund:<id>, like a job.
 */
export const BATCH_ITEM_STATUSES = ["queued", "started", "cancelled", "failed"] as const;

export const batchItems = sqliteTable(
  "batch_items",
  {
    /** Also its generation job's id: charged as job:<id>, refunded (at most once) as refund:<id>. */
    id: text("id").primaryKey(),
    batchId: text("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Deleting the product keeps the item (its charge and refund stay accounted for). */
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    position: integer("position").notNull(),
    status: text("status", { enum: BATCH_ITEM_STATUSES }).notNull().default("queued"),
    /** The product's name when the batch began, for a photo uploaded for it: drafted from the photo unless renamed since. */
    draftFrom: text("draft_from"),
    draftedAt: integer("drafted_at", { mode: "timestamp_ms" }),
    /** Why it failed before starting (the seller's message). */
    error: text("error"),
    /** When its message last went to the queue, when the provider's gate took it, when its job began. */
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    heldAt: integer("held_at", { mode: "timestamp_ms" }),
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("batch_items_batch_idx").on(t.batchId, t.position),
    index("batch_items_status_idx").on(t.status, t.sentAt),
    index("batch_items_user_idx").on(t.userId, t.status),
    // Deleting a product sets its items' product to null, found by this index instead of a scan.
    index("batch_items_product_idx").on(t.productId),
    // Batch upkeep's search for photos still to be named whose naming message was lost: only those rows.
    index("batch_items_undrafted_idx").on(t.draftedAt, t.sentAt).where(sql`draft_from IS NOT NULL`),
  ],
);

/**
 * The daily model check's memory (worker/providers/model-alerts.ts): one row per problem and UTC day, so the
 * operator hears about each problem once a day at most. The insert that adds the row is the one that sends.
 */
export const providerAlerts = sqliteTable(
  "provider_alerts",
  {
    day: text("day").notNull(),
    problem: text("problem").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.day, table.problem] })],
);

/**
 * 'Descargar mis datos': one row per export the seller asked for. The ZIP is built by the exports queue
 * (worker/lib/data-export.ts) into the DATA bucket, never the public images one; readyAt says it is there.
 */
export const dataExports = sqliteTable(
  "data_exports",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The site the seller used, for the e-mail's link. */
    origin: text("origin").notNull(),
    bytes: integer("bytes"),
    /** When a delivery of its queue message took it to build: a second delivery finds it taken and does nothing. */
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    readyAt: integer("ready_at", { mode: "timestamp_ms" }),
    /** The build failed (the seller is told and may ask again); its partial upload was aborted. */
    failedAt: integer("failed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  // created_at: the daily purge drops exports past their link's life by it.
  (t) => [index("data_exports_user_idx").on(t.userId, t.createdAt), index("data_exports_created_idx").on(t.createdAt)],
);

/**
 * Ledger detail moved to the DATA bucket by the archival (worker/lib/archive.ts): one row per archived chunk
 * (one NDJSON object of one seller and month), written in the same D1 batch that deletes the rows it holds.
 * The balance check adds delta_sum to the ledger that is left; the object can be read back and checked
 * against entries, delta_sum and its first and last ledger ids.
 */
export const ledgerArchives = sqliteTable(
  "ledger_archives",
  {
    /** The object in DATA: archive/<userId>/<YYYY-MM>/generations-… or batches-….ndjson.gz */
    objectKey: text("object_key").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The month (UTC) the chunk's jobs were made in, YYYY-MM. */
    month: text("month").notNull(),
    firstId: integer("first_id").notNull(),
    lastId: integer("last_id").notNull(),
    /** Ledger rows in the object, and the sum of their deltas. */
    entries: integer("entries").notNull(),
    deltaSum: integer("delta_sum").notNull(),
    /** Charged pictures in the object: generation jobs, or a batch's items (each has its job: and refund: keys). */
    jobs: integer("jobs").notNull(),
    /** Batches in the object (worker/lib/archive-batches.ts); 0 for an object of generations. */
    batches: integer("batches").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("ledger_archives_user_idx").on(t.userId, t.month)],
);

/**
 * Finished orders moved to the DATA bucket by the archival (worker/lib/archive-orders.ts): one row per object
 * (one seller and month), written in the same D1 batch that deletes the orders it holds. The export reads the
 * objects back from here; the checks compare each object with its row.
 */
export const orderArchives = sqliteTable(
  "order_archives",
  {
    /** The object in DATA: archive/<userId>/<YYYY-MM>/orders-<run>-<n>.ndjson.gz */
    objectKey: text("object_key").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The month (UTC) the orders were placed in, YYYY-MM. */
    month: text("month").notNull(),
    /** Orders in the object, and the sum of their totals (in each order's own money). */
    orders: integer("orders").notNull(),
    totalSum: real("total_sum").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_archives_user_idx").on(t.userId, t.month)],
);

/**
 * The idempotency keys of archived ledger rows. A trigger on credit_ledger (migration
 * 0028_archived_ledger_keys_guard) refuses a movement whose key is here, inside the movement's own batch, as
 * the UNIQUE constraint does for keys still in the ledger: an archived charge or refund can never apply twice.
 * Created WITHOUT ROWID by its migration (Drizzle cannot say it): the key is the whole row.
 */
export const archivedLedgerKeys = sqliteTable("archived_ledger_keys", {
  key: text("key").primaryKey(),
});

/**
 * The fence of a shop being moved between shop databases (worker/lib/shop-move.ts), in the database it leaves.
 * While a row names the shop, the triggers of migration shop_move_fence_triggers refuse every insert, update and delete of the
 * shop's rows in this database (SHOP_TABLES, worker/db/shop-tables.ts), so a write that read the old shard
 * fails whole instead of landing where the copy no longer looks. `state`: 'moving' while the copy runs,
 * 'clearing' only inside the one batch that deletes the old rows, 'moved' afterwards: a stale request that still
 * reads the old shard keeps being refused, and its retry reads the new one.
 */
export const shopMoves = sqliteTable("shop_moves", {
  userId: text("user_id").primaryKey(),
  state: text("state", { enum: ["moving", "clearing", "moved"] }).notNull(),
  /** The shard the shop is going to (or went to). */
  toShard: integer("to_shard").notNull(),
  createdAt: createdAt(),
});
