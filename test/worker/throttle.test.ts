import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { assertAllowed, clear, record, type Subject } from "../../worker/lib/throttle";

const db = database(env.DB);
const MINUTE = 60 * 1000;

async function fail(subject: Subject, times: number, at: number) {
  for (let i = 0; i < times; i++) await record(db, [subject], at);
}

describe("throttle windows", () => {
  it("refuses once the limit is reached inside the window", async () => {
    const subject: Subject = ["loginAccount", "ventana@example.com"];
    const start = Date.now();
    await fail(subject, 4, start);
    await expect(assertAllowed(db, [subject], start + MINUTE)).resolves.toBeUndefined();
    await fail(subject, 1, start + MINUTE);
    await expect(assertAllowed(db, [subject], start + 2 * MINUTE)).rejects.toMatchObject({ status: 429 });
  });

  it("lets attempts through again once the window has passed, and starts a new count", async () => {
    const subject: Subject = ["loginAccount", "vencida@example.com"];
    const start = Date.now() - 20 * MINUTE;
    await fail(subject, 5, start);
    const now = Date.now();
    await expect(assertAllowed(db, [subject], now)).resolves.toBeUndefined();
    await fail(subject, 1, now);
    const row = await env.DB.prepare("SELECT failures, window_started_at AS started FROM login_throttle WHERE key = ?")
      .bind("loginAccount:vencida@example.com")
      .first<{ failures: number; started: number }>();
    expect(row).toEqual({ failures: 1, started: now });
  });

  it("clear forgets one subject only", async () => {
    const account: Subject = ["loginAccount", "limpia@example.com"];
    const address: Subject = ["loginAddress", "192.0.2.1"];
    const now = Date.now();
    for (let i = 0; i < 20; i++) await record(db, [account, address], now);
    await clear(db, account);
    await expect(assertAllowed(db, [account], now)).resolves.toBeUndefined();
    await expect(assertAllowed(db, [address], now)).rejects.toMatchObject({ status: 429 });
  });
});
