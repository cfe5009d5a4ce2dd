/**
 * 'Descargar mis datos' under load and failure: one export being built per seller and EXPORTS_PER_DAY a day,
 * both decided by the INSERT itself (requests fired together); a queue message delivered twice, even at the same
 * time, builds and mails once; a build that fails aborts its upload and tells the seller, who may ask again; and
 * the mailed link points at PUBLIC_ORIGIN.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Bindings } from "../../worker/env";
import worker from "../../worker/index";
import {
  buildExport,
  EXPORT_GIVE_UP_MS,
  EXPORT_IN_PROGRESS,
  EXPORTS_PER_DAY,
  EXPORTS_PER_DAY_REACHED,
  exportKey,
} from "../../worker/lib/data-export";
import { DATA_EXPORTS_QUEUE, type DataExportMessage } from "../../worker/lib/data-export-message";
import { Browser, count, register, withBindings } from "./browser";
import { workerLogs } from "./capture-logs";
import { addProducts } from "./store-helpers";

/** The outbox prints each mail for `npm run dev`; here it is read from the table, not printed. */
beforeAll(() => {
  const print = console.log;
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    if (!(typeof args[0] === "string" && args[0].includes("[outbox]"))) print(...args);
  });
});
afterAll(() => vi.restoreAllMocks());

type ExportView = { export: { id: string; state: "building" | "ready" | "failed"; url: string | null } | null };

/** A queue that keeps what it is sent: the test delivers each message itself, as many times as it wants. */
function heldQueue() {
  const sent: DataExportMessage[] = [];
  const queue = {
    async send(body: DataExportMessage) {
      sent.push(body);
    },
    async sendBatch(messages: Iterable<{ body: DataExportMessage }>) {
      for (const m of messages) sent.push(m.body);
    },
  } as unknown as Queue<DataExportMessage>;
  return { sent, queue };
}

async function sellerWith(overrides: Partial<Bindings> = {}) {
  const held = heldQueue();
  const browser = new Browser(withBindings({ DATA_EXPORTS: held.queue, ...overrides }));
  const { user, email } = await register(browser);
  return { browser, id: user.id, email, sent: held.sent };
}

const ask = (browser: Browser) => browser.request("/api/data/exports", { method: "POST" });
const latest = async (browser: Browser) => ((await (await browser.request("/api/data/exports/latest")).json()) as ExportView).export;
const mailsTo = (email: string) => count("email_outbox", '"to" = ?1', email);

async function deliver(message: DataExportMessage, attempts = 1) {
  const batch = createMessageBatch<DataExportMessage>(DATA_EXPORTS_QUEUE, [
    { id: crypto.randomUUID(), timestamp: new Date(), attempts, body: message },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

/** Rows of an export asked for `agoMs` ago, in a state, without building them. */
async function pastExport(userId: string, agoMs: number, state: "ready" | "failed" | "building") {
  const at = Date.now() - agoMs;
  await env.DB.prepare(
    "INSERT INTO data_exports (id, user_id, origin, created_at, ready_at, failed_at) VALUES (?1, ?2, 'https://vidriera.test', ?3, ?4, ?5)",
  )
    .bind(crypto.randomUUID(), userId, at, state === "ready" ? at : null, state === "failed" ? at : null)
    .run();
}

describe("'Descargar mis datos' limits", () => {
  it("builds one export for 24 requests fired together: one row, one message, one ZIP, one e-mail", async () => {
    const s = await sellerWith();
    await addProducts(s.browser, ["Remera lisa blanca", "Buzo Añil 🧶"]);
    const answers = await Promise.all(Array.from({ length: 24 }, () => ask(s.browser)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(23);
    const refused = await answers.find((r) => r.status === 409)!.json();
    expect(refused).toEqual({ error: EXPORT_IN_PROGRESS });
    expect(await count("data_exports", "user_id = ?1", s.id)).toBe(1);
    expect(s.sent).toHaveLength(1);

    // The one message, delivered twice at the same time (at least once means it can be), builds once.
    await Promise.all([deliver(s.sent[0]!), deliver(s.sent[0]!, 2)]);
    expect((await latest(s.browser))?.state).toBe("ready");
    expect(await mailsTo(s.email)).toBe(1);
    const zips = await env.DATA.list({ prefix: `exports/${s.id}/` });
    expect(zips.objects.map((o) => o.key)).toEqual([exportKey(s.id, s.sent[0]!.exportId)]);
    // And once more, later: still one ZIP, the same one, and one e-mail.
    const etag = zips.objects[0]!.etag;
    await deliver(s.sent[0]!, 3);
    expect((await env.DATA.head(exportKey(s.id, s.sent[0]!.exportId)))!.etag).toBe(etag);
    expect(await mailsTo(s.email)).toBe(1);

    // Once it is ready, the seller may ask again.
    expect((await ask(s.browser)).status).toBe(202);
    expect(s.sent).toHaveLength(2);
  });

  it(`answers a clear 429 past ${EXPORTS_PER_DAY} exports in 24 hours, even to requests fired together`, async () => {
    const s = await sellerWith();
    // Yesterday's (25 hours ago) no longer counts; four from today do.
    await pastExport(s.id, 25 * 60 * 60 * 1000, "ready");
    for (let i = 0; i < EXPORTS_PER_DAY - 1; i++) await pastExport(s.id, (i + 1) * 60 * 60 * 1000, i % 2 ? "failed" : "ready");
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask(s.browser)));
    const statuses = answers.map((r) => r.status).sort();
    // The fifth is accepted; every other one finds either it being built or the day's limit reached.
    expect(statuses.filter((status) => status === 202)).toHaveLength(1);
    expect(s.sent).toHaveLength(1);
    await deliver(s.sent[0]!);
    expect((await latest(s.browser))?.state).toBe("ready");

    const past = await Promise.all(Array.from({ length: 20 }, () => ask(s.browser)));
    expect(past.map((r) => r.status)).toEqual(Array(20).fill(429));
    expect(await past[0]!.json()).toEqual({ error: EXPORTS_PER_DAY_REACHED });
    expect(EXPORTS_PER_DAY_REACHED).toBe("Ya pediste tus datos 5 veces en las últimas 24 horas. Vuelve a intentarlo mañana.");
    expect(await count("data_exports", "user_id = ?1", s.id)).toBe(EXPORTS_PER_DAY + 1);
    expect(s.sent).toHaveLength(1);
  });

  it("counts each seller on their own: another seller's exports neither block nor use up anyone's", async () => {
    const [a, b] = await Promise.all([sellerWith(), sellerWith()]);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => ask(a.browser)),
      ...Array.from({ length: 10 }, () => ask(b.browser)),
    ]);
    expect(answers.filter((r) => r.status === 202)).toHaveLength(2);
    expect([a.sent.length, b.sent.length]).toEqual([1, 1]);
  });
});

describe("'Descargar mis datos' when a build fails", () => {
  it("aborts the upload, marks the export failed, tells the seller on the screen, and lets them ask again", async () => {
    const s = await sellerWith();
    await addProducts(s.browser, ["Campera Ñandú"]);
    expect((await ask(s.browser)).status).toBe(202);
    const calls = { parts: 0, aborted: 0, completed: 0 };
    // R2 failing halfway: the first part goes up, the second is refused.
    const failingData = {
      ...env.DATA,
      head: env.DATA.head.bind(env.DATA),
      get: env.DATA.get.bind(env.DATA),
      delete: env.DATA.delete.bind(env.DATA),
      list: env.DATA.list.bind(env.DATA),
      async createMultipartUpload(key: string, options?: R2MultipartOptions) {
        const upload = await env.DATA.createMultipartUpload(key, options);
        return {
          key: upload.key,
          uploadId: upload.uploadId,
          async uploadPart(n: number, body: Uint8Array) {
            calls.parts++;
            if (calls.parts > 1) throw new Error("We encountered an internal error. Please try again. (10001)");
            return upload.uploadPart(n, body);
          },
          async abort() {
            calls.aborted++;
            return upload.abort();
          },
          async complete(parts: R2UploadedPart[]) {
            calls.completed++;
            return upload.complete(parts);
          },
        };
      },
    } as unknown as R2Bucket;
    // Enough photo bytes for two parts: the failure comes mid-archive, after a part was sent.
    const big = new Uint8Array(6 * 1024 * 1024).map((_, i) => (i * 31) & 255);
    const key = `exports-test/${s.id}/grande.jpg`;
    await env.IMAGES.put(key, big);
    await env.DB.prepare("UPDATE products SET image_key = ?1 WHERE user_id = ?2").bind(key, s.id).run();

    await buildExport({ ...env, DATA: failingData }, s.sent[0]!);
    expect(calls).toEqual({ parts: 2, aborted: 1, completed: 0 });
    expect(await env.DATA.head(exportKey(s.id, s.sent[0]!.exportId))).toBeNull();
    expect(await latest(s.browser)).toEqual({ id: s.sent[0]!.exportId, state: "failed", url: null });
    expect(workerLogs({ level: "error", message: "data export failed" }).some((l) => l.exportId === s.sent[0]!.exportId)).toBe(true);
    expect(await mailsTo(s.email)).toBe(0);
    // Its message again (the queue retrying) does not try again behind the seller's back.
    await deliver(s.sent[0]!, 2);
    expect((await latest(s.browser))?.state).toBe("failed");

    // Asked again, it builds, with the big photo inside.
    expect((await ask(s.browser)).status).toBe(202);
    await deliver(s.sent[1]!);
    const view = await latest(s.browser);
    expect(view?.state).toBe("ready");
    const zip = unzipSync(new Uint8Array(await (await env.DATA.get(exportKey(s.id, s.sent[1]!.exportId)))!.arrayBuffer()));
    const photo = Object.keys(zip).find((name) => name.startsWith("fotos/originales/"))!;
    expect(photo).toMatch(/ Campera Ñandú\.jpg$/);
    expect(zip[photo]!.length).toBe(big.length);
    expect(zip[photo]!.every((b, i) => b === big[i])).toBe(true);
  });

  it("marks the export failed when R2 refuses to open the upload, instead of leaving it 'preparing' for an hour", async () => {
    const s = await sellerWith();
    await addProducts(s.browser, ["Buzo Añil"]);
    expect((await ask(s.browser)).status).toBe(202);
    const refusing = {
      ...env.DATA,
      async createMultipartUpload() {
        throw new Error("We encountered an internal error. Please try again. (10001)");
      },
    } as unknown as R2Bucket;
    expect(await buildExport({ ...env, DATA: refusing }, s.sent[0]!)).toBeNull();
    expect(await latest(s.browser)).toEqual({ id: s.sent[0]!.exportId, state: "failed", url: null });
    expect(workerLogs({ level: "error", message: "data export failed" }).some((l) => l.exportId === s.sent[0]!.exportId)).toBe(true);
    expect(await mailsTo(s.email)).toBe(0);
    // The seller's button works again at once.
    expect((await ask(s.browser)).status).toBe(202);
  });

  it("shows an export that never finished (its Worker died) as failed an hour on, and its late message builds nothing", async () => {
    const s = await sellerWith();
    expect((await ask(s.browser)).status).toBe(202);
    expect((await latest(s.browser))?.state).toBe("building");
    await env.DB.prepare("UPDATE data_exports SET created_at = created_at - ?1 WHERE user_id = ?2")
      .bind(EXPORT_GIVE_UP_MS + 1000, s.id)
      .run();
    expect((await latest(s.browser))?.state).toBe("failed");
    await deliver(s.sent[0]!);
    expect(await env.DATA.head(exportKey(s.id, s.sent[0]!.exportId))).toBeNull();
    expect((await ask(s.browser)).status).toBe(202);
    expect(s.sent).toHaveLength(2);
  });
});

describe("the e-mailed link", () => {
  it("points at PUBLIC_ORIGIN when it is set, not at the host the request came in by", async () => {
    const publicOrigin = "https://vidriera.com.ar/";
    const s = await sellerWith({ PUBLIC_ORIGIN: publicOrigin });
    expect((await ask(s.browser)).status).toBe(202);
    await buildExport({ ...env, PUBLIC_ORIGIN: publicOrigin }, s.sent[0]!);
    const mail = await env.DB.prepare('SELECT text FROM email_outbox WHERE "to" = ?').bind(s.email).first<string>("text");
    expect(mail).toContain(`https://vidriera.com.ar/api/data/exports/${s.sent[0]!.exportId}/download?token=`);
    expect(mail).not.toContain("https://vidriera.test/");
    expect((await latest(s.browser))?.url).toMatch(/^https:\/\/vidriera\.com\.ar\/api\/data\/exports\//);
  });
});
