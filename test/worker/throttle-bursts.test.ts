import { describe, expect, it } from "vitest";
import { Browser, count, register } from "./browser";
import { addProducts, seller, setPricing } from "./store-helpers";

/**
 * Every limit against a burst fired at once (Promise.all), as an attacker
 * sends it: the limit must hold for the burst, not only for attempts that
 * arrive one after another.
 */
const burst = <T>(n: number, one: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => one(i)));
const statuses = (responses: Response[]) => responses.map((r) => r.status);
const tally = (list: number[]) => {
  const counts: Record<number, number> = {};
  for (const s of list) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
};

describe("login", () => {
  it("40 parallel wrong passwords on one account from one address: only 5 reach the password check", async () => {
    const { email } = await register(new Browser());
    const address = "203.0.113.10";
    const answers = await burst(40, (i) =>
      new Browser(undefined, address).json("POST", "/api/auth/login", { email, password: `mal-${i}` }),
    );
    expect(tally(statuses(answers))).toEqual({ 401: 5, 429: 35 });
  });

  it("an attacker's address cannot lock the owner out: the right password from the owner's address still signs in", async () => {
    const { email, password } = await register(new Browser());
    const attacker = "203.0.113.20";
    const answers = await burst(30, (i) =>
      new Browser(undefined, attacker).json("POST", "/api/auth/login", { email, password: `mal-${i}` }),
    );
    expect(tally(statuses(answers))).toEqual({ 401: 5, 429: 25 });
    // The attacker's own address is refused even with the right password: it proves nothing from there.
    expect((await new Browser(undefined, attacker).json("POST", "/api/auth/login", { email, password })).status).toBe(429);
    const owner = await new Browser(undefined, "198.51.100.200").json("POST", "/api/auth/login", { email, password });
    expect(owner.status).toBe(200);
  });
});

describe("sign-up", () => {
  it("20 parallel sign-ups from one address make 10 accounts, not 20", async () => {
    const address = "203.0.113.30";
    const tag = crypto.randomUUID().slice(0, 8);
    const answers = await burst(20, (i) =>
      new Browser(undefined, address).json("POST", "/api/auth/register", {
        email: `rafaga-${tag}-${i}@example.com`,
        password: "una-clave-segura",
      }),
    );
    expect(tally(statuses(answers))).toEqual({ 201: 10, 429: 10 });
    expect(await count("users", "email LIKE ?", `rafaga-${tag}-%`)).toBe(10);
  });
});

describe("orders", () => {
  it("40 parallel orders from one address: 10 are saved", async () => {
    const s = await seller({ phoneNumber: "+54 9 11 4000-1234" });
    const [gorra] = await addProducts(s.browser, ["Gorra"]);
    expect((await setPricing(s.browser, [{ id: gorra!.id, price: 8000 }])).status).toBe(200);
    const address = "203.0.113.40";
    const answers = await burst(40, () =>
      new Browser(undefined, address).json("POST", "/api/orders", { username: s.username, lines: [{ productId: gorra!.id, quantity: 1 }] }),
    );
    expect(tally(statuses(answers))).toEqual({ 201: 10, 429: 30 });
    expect(await count("orders", "seller_id = ?", s.user.id)).toBe(10);
  });
});

describe("password checks behind a session", () => {
  it("account deletion: 20 parallel wrong passwords, only 5 reach the check", async () => {
    const browser = new Browser(undefined, "203.0.113.50");
    await register(browser);
    const answers = await burst(20, () =>
      browser.request("/api/auth/account", {
        method: "DELETE",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ password: "no-es-la-clave" }),
      }),
    );
    expect(tally(statuses(answers))).toEqual({ 403: 5, 429: 15 });
  });

  it("password change is limited like login: 20 parallel guesses of the current password, only 5 checked", async () => {
    const browser = new Browser(undefined, "203.0.113.60");
    const { password } = await register(browser);
    const answers = await burst(20, (i) =>
      browser.json("PUT", "/api/auth/password", { currentPassword: `adivinanza-${i}`, newPassword: "una-clave-nueva" }),
    );
    expect(tally(statuses(answers))).toEqual({ 403: 5, 429: 15 });
    const after = await browser.json("PUT", "/api/auth/password", { currentPassword: password, newPassword: "una-clave-nueva" });
    expect(after.status).toBe(429);
    expect(await after.json()).toEqual({ error: "Demasiados intentos fallidos. Espera 15 minutos antes de volver a intentarlo." });
  });
});
