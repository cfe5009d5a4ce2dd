import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

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
    createdAt: createdAt(),
  },
  // The database itself refuses a negative balance, so no race between two
  // debits can overspend: the second one's batch fails as a whole.
  (t) => [check("users_credits_not_negative", sql`${t.credits} >= 0`)],
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
  (t) => [index("sessions_user_idx").on(t.userId)],
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
  (t) => [index("credit_ledger_user_idx").on(t.userId)],
);

export const loginThrottle = sqliteTable("login_throttle", {
  // "account:<email>" or "address:<ip>"
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  windowStartedAt: integer("window_started_at", { mode: "timestamp_ms" }).notNull(),
});

export const oauthStates = sqliteTable("oauth_states", {
  state: text("state").primaryKey(),
  codeVerifier: text("code_verifier").notNull(),
  // Which screen started the flow, so errors go back to it.
  intent: text("intent", { enum: ["login", "register"] }).notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
});

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
    /** Pesos (ARS); null or 0 means no price yet. */
    price: real("price"),
    /** JSON list of { name, stock }. */
    sizes: text("sizes").notNull().default("[]"),
    /** JSON list of R2 keys the store shows; empty means the product's own photo. */
    storeImageKeys: text("store_image_keys").notNull().default("[]"),
    createdAt: createdAt(),
  },
  (t) => [index("products_user_idx").on(t.userId, t.createdAt)],
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
    jobId: text("job_id").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index("generated_images_user_idx").on(t.userId, t.createdAt), index("generated_images_product_idx").on(t.productId)],
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
  (t) => [index("generation_jobs_user_idx").on(t.userId, t.createdAt)],
);
