import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { BatchView } from "../../common/batches";
import type { Product } from "../../common/product";
import { brokenLedgerChecks } from "../../scripts/ledger-checks";
import { overrideProviderForTests } from "../../worker/providers/select";
import { Browser, register } from "./browser";
import { fakePhoto, photoForm } from "./fixtures";
import { provider, resultBytes } from "./generation-helpers";
import { creditsOf } from "./payments-fakes";

async function sellerWithProducts(n: number) {
  const browser = new Browser();
  const { user } = await register(browser);
  const ids: string[] = [];
  for (let i = 0; i < n; i += 10) {
    const files = Array.from({ length: Math.min(10, n - i) }, (_, k) => ({
      bytes: fakePhoto("jpeg", 256, i + k + 1),
      name: `remera-${i + k}.jpg`,
    }));
    const response = await browser.request("/api/products/upload-images", { method: "POST", body: photoForm(files) });
    expect(response.status).toBe(201);
    ids.push(...((await response.json()) as { products: Product[] }).products.map((p) => p.id));
  }
  return { browser, user, ids };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, boundMs = 60_000): Promise<T> {
  const bound = Date.now() + boundMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > bound) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const ledgerHolds = async () =>
  expect(await brokenLedgerChecks(async (sql) => (await env.DB.prepare(sql).all<Record<string, unknown>>()).results)).toEqual([]);

afterEach(() => overrideProviderForTests(undefined));

describe("batches", () => {
  it("charges every picture at once and makes them all through the queue", async () => {
    const calls = provider(async (_r, call) => resultBytes(call));
    const { browser, user, ids } = await sellerWithProducts(3);
    const response = await browser.json("POST", "/api/batches", { productIds: ids, kind: "ad", includeModel: true });
    expect(response.status).toBe(201);
    const { batch } = (await response.json()) as { batch: BatchView };
    expect(await creditsOf(user.id)).toBe(350);
    const view = await until(
      async () => ((await (await browser.request(`/api/batches/${batch.id}`)).json()) as { batch: BatchView }).batch,
      (b) => b.finished,
    );
    expect(view).toMatchObject({ total: 3, done: 3, failed: 0, waiting: 0, finished: true });
    expect(calls).toHaveLength(3);
    await ledgerHolds();
  });
});
