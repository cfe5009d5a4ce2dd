import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { users } from "../../worker/db/schema";
import { ApiError } from "../../worker/lib/errors";
import { balanceOf, moveCredits, spendCredits } from "../../worker/lib/credits";
import { createAccount } from "../../worker/lib/accounts";

const db = database(env.DB);

async function newSeller() {
  return createAccount(db, { email: `ledger-${crypto.randomUUID()}@example.com` });
}

async function ledgerOf(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT delta, reason, idempotency_key AS key, balance_after AS balanceAfter FROM credit_ledger WHERE user_id = ? ORDER BY id",
  )
    .bind(userId)
    .all<{ delta: number; reason: string; key: string; balanceAfter: number }>();
  return results;
}

describe("credits ledger", () => {
  it("records each movement with the balance it left", async () => {
    const seller = await newSeller();
    expect(await moveCredits(db, { userId: seller.id, delta: -50, reason: "generation", idempotencyKey: "job:a" })).toEqual({
      status: "applied",
      balance: 450,
    });
    await moveCredits(db, { userId: seller.id, delta: 50, reason: "generation_refund", idempotencyKey: "refund:a" });
    expect(await ledgerOf(seller.id)).toEqual([
      { delta: 500, reason: "signup_bonus", key: `signup:${seller.id}`, balanceAfter: 500 },
      { delta: -50, reason: "generation", key: "job:a", balanceAfter: 450 },
      { delta: 50, reason: "generation_refund", key: "refund:a", balanceAfter: 500 },
    ]);
  });

  it("applies a movement once: replaying its key changes nothing", async () => {
    const seller = await newSeller();
    const spend = { userId: seller.id, delta: -50, reason: "generation" as const, idempotencyKey: `job:${seller.id}` };
    expect((await moveCredits(db, spend)).status).toBe("applied");
    expect(await moveCredits(db, spend)).toEqual({ status: "duplicate" });
    expect(await balanceOf(db, seller.id)).toBe(450);
    expect(await ledgerOf(seller.id)).toHaveLength(2);
  });

  it("never lets a balance go below zero, and leaves no ledger row when refusing", async () => {
    const seller = await newSeller();
    expect(await moveCredits(db, { userId: seller.id, delta: -550, reason: "generation", idempotencyKey: "job:big" })).toEqual({
      status: "insufficient",
    });
    expect(await balanceOf(db, seller.id)).toBe(500);
    expect(await ledgerOf(seller.id)).toHaveLength(1);
  });

  it("spendCredits answers 402 with the spec's message when credits run out", async () => {
    const seller = await newSeller();
    await spendCredits(db, { userId: seller.id, amount: 500, reason: "generation", idempotencyKey: "job:all" });
    const refused = spendCredits(db, { userId: seller.id, amount: 50, reason: "generation", idempotencyKey: "job:more" });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 402, message: "No te quedan imágenes disponibles." });
  });

  it("under 25 parallel debits of 50 from 500 credits, exactly 10 succeed and the ledger matches", async () => {
    const seller = await newSeller();
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        moveCredits(db, { userId: seller.id, delta: -50, reason: "generation", idempotencyKey: `job:p${i}:${seller.id}` }),
      ),
    );
    expect(results.filter((r) => r.status === "applied")).toHaveLength(10);
    expect(results.filter((r) => r.status === "insufficient")).toHaveLength(15);
    expect(await balanceOf(db, seller.id)).toBe(0);
    const ledger = await ledgerOf(seller.id);
    expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(0);
    expect(ledger.map((row) => row.balanceAfter).sort((a, b) => a - b)).toEqual([0, 50, 100, 150, 200, 250, 300, 350, 400, 450, 500]);
  });

  it("under 10 parallel replays of one key, exactly one applies", async () => {
    const seller = await newSeller();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        moveCredits(db, { userId: seller.id, delta: 100, reason: "purchase", idempotencyKey: `payment:${seller.id}` }),
      ),
    );
    expect(results.filter((r) => r.status === "applied")).toHaveLength(1);
    expect(results.filter((r) => r.status === "duplicate")).toHaveLength(9);
    expect(await balanceOf(db, seller.id)).toBe(600);
  });

  it("refuses a movement for an account that does not exist", async () => {
    await expect(moveCredits(db, { userId: "nobody", delta: 50, reason: "purchase", idempotencyKey: "payment:nobody" })).rejects.toThrow();
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM credit_ledger WHERE idempotency_key = 'payment:nobody'").first("n")).toBe(0);
  });

  it("the database itself refuses a negative balance written around the ledger", async () => {
    const seller = await newSeller();
    await expect(env.DB.prepare("UPDATE users SET credits = -1 WHERE id = ?").bind(seller.id).run()).rejects.toThrow(
      /CHECK constraint failed/,
    );
    expect((await db.select({ credits: users.credits }).from(users).all()).every((u) => u.credits >= 0)).toBe(true);
  });
});
