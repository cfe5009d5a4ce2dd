/**
 * Where a new shop goes: the open shop database with the fewest shops (SHOP_DBS_OPEN), lowest number on a tie;
 * only DB while nothing else is open; a shop placed in SHOP_DB_1 keeps its store there from its first product.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chooseShard, openShards, placeNewShop } from "../../worker/lib/shops";
import { database } from "../../worker/db/client";
import { Browser, register, withBindings } from "./browser";
import { addProducts, openStore } from "./store-helpers";

async function shardOf(id: string): Promise<number> {
  return (await env.DB.prepare("SELECT shard FROM users WHERE id = ?").bind(id).first<{ shard: number }>())!.shard;
}

async function shopsPerShard(): Promise<Map<number, number>> {
  const { results } = await env.DB.prepare("SELECT shard, COUNT(*) AS n FROM users GROUP BY shard").all<{ shard: number; n: number }>();
  return new Map(results.map((r) => [r.shard, r.n]));
}

describe("placing a new shop", () => {
  it("keeps every shop in DB while SHOP_DBS_OPEN is unset", async () => {
    const { user } = await register(new Browser());
    expect(await shardOf(user.id)).toBe(0);
    expect(openShards(env)).toEqual([0]);
  });

  it("puts each new shop in the open database with the fewest shops, the lower one on a tie", async () => {
    const open = withBindings({ SHOP_DBS_OPEN: " 1, 0 " });
    const counts = await shopsPerShard();
    for (let i = 0; i < 6; i++) {
      const expected = (counts.get(1) ?? 0) < (counts.get(0) ?? 0) ? 1 : 0;
      const { user } = await register(new Browser(open));
      expect(await shardOf(user.id), `sign-up ${i}`).toBe(expected);
      counts.set(expected, (counts.get(expected) ?? 0) + 1);
    }
    const after = await shopsPerShard();
    expect(Math.abs((after.get(0) ?? 0) - (after.get(1) ?? 0))).toBeLessThanOrEqual(1);
    expect(await chooseShard(database(env.DB), [0, 1])).toBe((after.get(1) ?? 0) < (after.get(0) ?? 0) ? 1 : 0);
  });

  it("gives a shop placed in SHOP_DB_1 its anchor there and keeps its products there from the first", async () => {
    const browser = new Browser(withBindings({ SHOP_DBS_OPEN: "1" }));
    const { user } = await register(browser);
    expect(await shardOf(user.id)).toBe(1);
    await openStore(browser, { phoneNumber: "+54 9 11 4000-1234" });
    const [product] = await addProducts(browser, ["Remera"]);
    const inShop = await env.SHOP_DB_1.prepare("SELECT COUNT(*) AS n FROM products WHERE id = ?").bind(product!.id).first<{ n: number }>();
    const inGlobal = await env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE id = ?").bind(product!.id).first<{ n: number }>();
    expect([inShop!.n, inGlobal!.n]).toEqual([1, 0]);
  });

  it("refuses a configuration that names a database this Worker does not have, before any shop is put there", async () => {
    expect(() => openShards({ DB: env.DB, SHOP_DBS_OPEN: "0,2" })).toThrow(/SHOP_DBS_OPEN names 2.*SHOP_DB_2/);
    expect(() => openShards({ DB: env.DB, SHOP_DBS_OPEN: "uno" })).toThrow(/SHOP_DBS_OPEN names NaN/);
    await expect(placeNewShop({ DB: env.DB, SHOP_DBS_OPEN: "0,2" }, "nobody")).rejects.toThrow(/SHOP_DB_2/);
  });
});
