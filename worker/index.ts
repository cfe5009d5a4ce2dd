import { devOutboxRoutes } from "./routes/dev-outbox";
import { Hono } from "hono";
import { routePath } from "hono/route";
import type { Env } from "./env";
import { everyShopDatabase } from "./db/client";
import { forgetExpiredOrderPages } from "./lib/account-deletion";
import { errorResponse } from "./lib/errors";
import { randomId } from "./lib/ids";
import { log, withRequestId } from "./lib/log";
import { readWholeBody } from "./lib/read-whole-body";
import { RENDITIONS_QUEUE, type RenditionMessage, writeQueuedRenditions } from "./lib/renditions";
import { sameOriginWrites, securityHeaders } from "./lib/security";
import { forgetStoresSavedDuring } from "./lib/store-version";
import { storePages } from "./pages/store-pages";
import { landingPages } from "./routes/landing";
import { withdrawalPages } from "./pages/withdrawal-page";
import { orderPages } from "./pages/order-page";
import { settleOrphanJobs } from "./jobs/orphan-jobs";
import { refundLostDebits } from "./jobs/lost-debits";
import { MODEL_WATCH_CRON, watchProviderModels } from "./providers/model-alerts";
import { EXCHANGE_RATES_CRON, refreshExchangeRates } from "./payments/exchange-rates";
import { RECONCILE_CRON, reconcileOpenCheckouts } from "./payments/reconcile";
import { appConfigRoutes } from "./routes/app-config";
import { auth } from "./routes/auth";
import { checkoutSettingsRoutes } from "./routes/checkout-settings";
import { storeLocaleRoutes } from "./routes/store-locale-settings";
import { creditRoutes } from "./routes/credits";
import { orderRoutes } from "./routes/orders";
import { withdrawalRoutes } from "./routes/withdrawals";
import { customerRoutes } from "./routes/customers";
import { couponRoutes } from "./routes/coupons";
import { sizeGuideRoutes } from "./routes/size-guides";
import { paymentRoutes } from "./routes/payments";
import { pricingRoutes } from "./routes/pricing";
import { storeRoutes } from "./routes/store";
import { generationRoutes } from "./routes/generation";
import { googleAuth } from "./routes/google-auth";
import { imageRoutes } from "./routes/images";
import { imgRoutes } from "./routes/img";
import { jobRoutes } from "./routes/jobs";
import { productRoutes } from "./routes/products";
import { storeModelRoutes } from "./routes/store-models";
import { batchRoutes } from "./routes/batches";
import { consumeBatchQueue } from "./batches/queue";
import { BATCH_UPKEEP_CRON, keepBatchesMoving } from "./batches/upkeep";
import { BATCH_DEAD_LETTERS, BATCH_QUEUE, type BatchMessage } from "./batches/messages";

import { statsRoutes } from "./routes/stats";
import { errorsInSellerLanguage } from "./lib/seller-language";
import { sendWeeklySummaries, WEEKLY_SUMMARY_CRON } from "./stats/weekly";
import { PURGE_CRON, purgeExpired } from "./lib/purge";
import { archiveOldData } from "./lib/archive-daily";
import { buildExport, purgeOldExports } from "./lib/data-export";
import { DATA_EXPORTS_QUEUE, type DataExportMessage } from "./lib/data-export-message";
import { dataRoutes } from "./routes/data";

export { GenerationJob } from "./jobs/generation-job";
export { ProviderGate } from "./batches/gate";
export { StoreStats } from "./stats/local-twin";

const app = new Hono<Env>()
  .use(readWholeBody)
  .use(async (c, next) => {
    const requestId = c.req.header("cf-ray") ?? randomId(12);
    c.set("requestId", requestId);
    const started = Date.now();
    // A store this request saves is dropped from this isolate's memory of store versions once it ends.
    await withRequestId(requestId, () => forgetStoresSavedDuring(next));
    c.header("x-request-id", requestId);
    // A route that reports its steps (the generation routes) also gets the Worker's whole time beside them.
    if (c.res.headers.has("server-timing")) c.res.headers.append("server-timing", `worker;dur=${Date.now() - started}`);
    // The route's pattern, not the path: a path can hold a store's name (/u/<username>).
    log("info", "request", { requestId, method: c.req.method, route: routePath(c), status: c.res.status, ms: Date.now() - started });
  })
  .use(securityHeaders)
  // Outside the origin check, so its refusal too reads in the seller's language.
  .use("/api/*", errorsInSellerLanguage)
  .use("/api/*", sameOriginWrites)
  .route("/api/auth/google", googleAuth)
  .route("/api/auth", auth)
  .route("/api/auth", storeRoutes)
  .route("/api/products", pricingRoutes)
  .route("/api/products", productRoutes)
  .route("/api/products", generationRoutes)
  .route("/api/products", imageRoutes)
  .route("/api/jobs", jobRoutes)
  .route("/api/batches", batchRoutes)
  .route("/api/store-models", storeModelRoutes)
  .route("/api/orders", orderRoutes)
  .route("/api/withdrawals", withdrawalRoutes)
  .route("/api/customers", customerRoutes)
  .route("/api/size-guides", sizeGuideRoutes)
  .route("/api/coupons", couponRoutes)
  .route("/api/checkout-settings", checkoutSettingsRoutes)
  .route("/api/store-locale", storeLocaleRoutes)
  .route("/api/payments", paymentRoutes)
  .route("/api/credits", creditRoutes)
  .route("/api/stats", statsRoutes)
  .route("/api/config", appConfigRoutes)
  .route("/api/data", dataRoutes)
  .route("/api/dev", devOutboxRoutes)
  .route("/img", imgRoutes)
  .route("/u", withdrawalPages)
  .route("/u", storePages)
  .route("/pedido", orderPages)
  .route("/", landingPages)
  .notFound((c) => c.json({ error: "No encontrado." }, 404))
  .onError(errorResponse);

export type AppType = typeof app;

/**
 * The daily purge of what has expired (worker/lib/purge.ts) and the archival of finished generations, batches
 * and old orders to R2 (worker/lib/archive-daily.ts); true when `cron` is its trigger.
 */
function purgeOnItsCron(cron: string, env: Env["Bindings"], ctx: ExecutionContext): boolean {
  if (cron !== PURGE_CRON) return false;
  // Every shop database holds weekly-summary claims of its own: each is purged (its other tables are empty).
  const shopDatabases = everyShopDatabase(env).filter((shopDb) => shopDb.shard !== 0);
  ctx.waitUntil(
    Promise.all([
      purgeExpired(env.DB),
      ...shopDatabases.map((shopDb) => purgeExpired(shopDb.$client)),
      purgeOldExports(env),
      archiveOldData(env),
    ]),
  );
  return true;
}

export { app };
export default {
  fetch: app.fetch,
  // wrangler.toml [triggers]: exchange rates every 6 hours (prices never wait for them); payment
  // reconciliation every 10 minutes; the orphan-job sweep, the refund of debits whose job row never came
  // (worker/jobs/lost-debits.ts) and the expired order pages of deleted stores every 15 minutes; the weekly store summary on Mondays; batches' upkeep every minute; the purge of what has
  // expired daily; the image providers' model check rides on the 6-hourly trigger.
  scheduled(controller, env, ctx) {
    // Its own statement, not a branch: the model check shares a trigger with another job.
    if (controller.cron === MODEL_WATCH_CRON) ctx.waitUntil(watchProviderModels(env));
    if (purgeOnItsCron(controller.cron, env, ctx)) return;
    if (controller.cron === EXCHANGE_RATES_CRON) ctx.waitUntil(refreshExchangeRates(env));
    else if (controller.cron === RECONCILE_CRON) ctx.waitUntil(reconcileOpenCheckouts(env));
    else if (controller.cron === WEEKLY_SUMMARY_CRON) ctx.waitUntil(sendWeeklySummaries(env));
    else if (controller.cron === BATCH_UPKEEP_CRON) ctx.waitUntil(keepBatchesMoving(env));
    else {
      ctx.waitUntil(settleOrphanJobs(env));
      ctx.waitUntil(refundLostDebits(env));
      // Orders live in each shop's database: every one of them is swept.
      for (const shopDb of everyShopDatabase(env)) ctx.waitUntil(forgetExpiredOrderPages(shopDb));
    }
  },
  // wrangler.toml [[queues.consumers]]: each queue's messages go to its own consumer, by the queue's name.
  async queue(batch, env) {
    if (batch.queue === DATA_EXPORTS_QUEUE) {
      // One at a time (max_batch_size = 1): each export streams its photos into an upload of its own.
      for (const message of (batch as MessageBatch<DataExportMessage>).messages) await buildExport(env, message.body);
      return;
    }
    if (batch.queue === RENDITIONS_QUEUE) return writeQueuedRenditions(batch as MessageBatch<RenditionMessage>, env);
    if (batch.queue === BATCH_QUEUE || batch.queue === BATCH_DEAD_LETTERS)
      return consumeBatchQueue(batch as MessageBatch<BatchMessage>, env);
    throw new Error(`no consumer for queue ${batch.queue}`);
  },
} satisfies ExportedHandler<Env["Bindings"]>;
