/**
 * A deleted account's exports go with it, at once: the rows and the ZIPs in the DATA bucket (they hold the
 * buyers' names, phones and addresses), not a week later at the purge. Also for a shop in the second database,
 * and for a ZIP whose build ends after the deletion.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildExport, exportKey } from "../../worker/lib/data-export";
import { placeShop } from "../../worker/lib/shops";
import { Browser, count, register } from "./browser";
import { builtExport } from "./export-helpers";
import { addProducts, openStore } from "./store-helpers";

beforeAll(() => {
  const print = console.log;
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    if (!(typeof args[0] === "string" && args[0].includes("[outbox]"))) print(...args);
  });
});
afterAll(() => vi.restoreAllMocks());

async function sellerIn(shard: number) {
  const browser = new Browser();
  const { user, password } = await register(browser);
  await placeShop(env, user.id, shard);
  await openStore(browser, { phoneNumber: "11 5555-1234" });
  await addProducts(browser, ["Remera lisa blanca"]);
  return { browser, id: user.id, password };
}

describe("deleting the account", () => {
  it.each([0, 1])("removes every export of a shop in database %i, rows and ZIPs, at once", async (shard) => {
    const s = await sellerIn(shard);
    const other = await sellerIn(0);
    const ids = [await builtExport(s.id), await builtExport(s.id)];
    const kept = await builtExport(other.id);

    const response = await s.browser.json("DELETE", "/api/auth/account", { password: s.password });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await count("data_exports", "user_id = ?1", s.id)).toBe(0);
    expect(await env.SHOP_DB_1.prepare("SELECT COUNT(*) AS n FROM data_exports WHERE user_id = ?1").bind(s.id).first("n")).toBe(0);
    expect((await env.DATA.list({ prefix: `exports/${s.id}/` })).objects).toEqual([]);
    for (const id of ids) expect(await env.DATA.head(exportKey(s.id, id))).toBeNull();
    // Another seller's export is untouched.
    expect(await count("data_exports", "user_id = ?1", other.id)).toBe(1);
    expect(await env.DATA.head(exportKey(other.id, kept))).not.toBeNull();
  });

  it("leaves no ZIP behind when the build ends after the deletion, and mails nothing", async () => {
    const s = await sellerIn(0);
    const exportId = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO data_exports (id, user_id, origin) VALUES (?1, ?2, 'https://vidriera.test')")
      .bind(exportId, s.id)
      .run();
    const email = await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(s.id).first<string>("email");
    // The account is deleted while the ZIP is being written: the upload's completion is where it notices.
    let deleted: Promise<Response> | null = null;
    const data = {
      head: env.DATA.head.bind(env.DATA),
      get: env.DATA.get.bind(env.DATA),
      put: env.DATA.put.bind(env.DATA),
      delete: env.DATA.delete.bind(env.DATA),
      list: env.DATA.list.bind(env.DATA),
      async createMultipartUpload(key: string, options?: R2MultipartOptions) {
        const upload = await env.DATA.createMultipartUpload(key, options);
        return {
          key: upload.key,
          uploadId: upload.uploadId,
          uploadPart: upload.uploadPart.bind(upload),
          abort: upload.abort.bind(upload),
          async complete(parts: R2UploadedPart[]) {
            deleted ??= s.browser.json("DELETE", "/api/auth/account", { password: s.password });
            expect((await deleted).status).toBe(200);
            return upload.complete(parts);
          },
        };
      },
    } as unknown as R2Bucket;
    await buildExport({ ...env, DATA: data }, { exportId, userId: s.id });
    expect(deleted).not.toBeNull();
    expect(await env.DATA.head(exportKey(s.id, exportId))).toBeNull();
    expect(await count("data_exports", "user_id = ?1", s.id)).toBe(0);
    expect(await count("email_outbox", '"to" = ?1', email)).toBe(0);
  });
});
