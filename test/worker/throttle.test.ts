import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { attempt, clear, passwordSubjects, release, type Subject } from "../../worker/lib/throttle";

const db = database(env.DB);
const MINUTE = 60 * 1000;

async function countOf(subject: Subject) {
  const row = await env.DB.prepare("SELECT failures, window_started_at AS started FROM login_throttle WHERE key = ?")
    .bind(`${subject[0]}:${subject[1]}`)
    .first<{ failures: number; started: number }>();
  return row;
}

async function attempts(subjects: Subject[], times: number, at: number) {
  const outcomes: number[] = [];
  for (let i = 0; i < times; i++)
    outcomes.push(
      await attempt(db, subjects, at).then(
        () => 200,
        (e: { status: number }) => e.status,
      ),
    );
  return outcomes;
}

describe("throttle windows", () => {
  it("lets `limit` attempts through inside the window, then refuses", async () => {
    const subject: Subject = ["loginPair", "192.0.2.1|ventana@example.com"];
    const start = Date.now();
    expect(await attempts([subject], 6, start)).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("a count stops one above its limit, however many refused attempts follow", async () => {
    const subject: Subject = ["orderAddress", "192.0.2.2"];
    await attempts([subject], 30, Date.now());
    expect((await countOf(subject))!.failures).toBe(11);
  });

  it("lets attempts through again once the window has passed, and starts a new count", async () => {
    const subject: Subject = ["loginPair", "192.0.2.3|vencida@example.com"];
    await attempts([subject], 8, Date.now() - 20 * MINUTE);
    const now = Date.now();
    expect(await attempts([subject], 1, now)).toEqual([200]);
    expect(await countOf(subject)).toEqual({ failures: 1, started: now });
  });

  it("release gives one attempt back; clear forgets one subject only", async () => {
    const [pair, address, account] = passwordSubjects("limpia@example.com", "192.0.2.4");
    const now = Date.now();
    await attempts([pair!, address!, account!], 3, now);
    await release(db, [address!]);
    expect((await countOf(address!))!.failures).toBe(2);
    await clear(db, pair!);
    expect(await countOf(pair!)).toBeNull();
    expect((await countOf(account!))!.failures).toBe(3);
  });

  it("an address over its limit on an account stops adding to the account's wider count", async () => {
    const subjects = passwordSubjects("dueña@example.com", "192.0.2.5");
    const outcomes = await attempts(subjects, 40, Date.now());
    expect(outcomes.filter((s) => s === 200)).toHaveLength(5);
    expect((await countOf(subjects[0]!))!.failures).toBe(6);
    // Only the five attempts that were checked count for the account (and the address).
    expect((await countOf(subjects[1]!))!.failures).toBe(5);
    expect((await countOf(subjects[2]!))!.failures).toBe(5);
  });

  it("guessing spread over many addresses meets the account's ceiling of 50", async () => {
    const email = "repartida@example.com";
    const now = Date.now();
    for (let a = 0; a < 10; a++) expect(await attempts(passwordSubjects(email, `192.0.3.${a}`), 5, now)).toEqual([200, 200, 200, 200, 200]);
    // The 51st attempt on the account, from a fresh address, is refused: the documented price of this ceiling.
    expect(await attempts(passwordSubjects(email, "192.0.3.200"), 1, now)).toEqual([429]);
  });
});
