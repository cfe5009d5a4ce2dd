import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addressKey, neighbourhoodKey } from "../../worker/lib/client-address";
import { useResetLink } from "../../worker/lib/password-reset";
import { database } from "../../worker/db/client";
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

describe("IPv6: every per-address limit counts a /64 as one address", () => {
  /** `n` addresses of one /64, each written another way (upper case, leading zeros, the full form). */
  const sameNetwork = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => {
      const host = (i + 1).toString(16);
      return [`${prefix}::${host}`, `${prefix.toUpperCase()}:0:0:0:${host}`, `${prefix}:0000::${host.padStart(4, "0")}`][i % 3]!;
    });

  it("keys IPv4 whole and IPv6 by its /64, whatever the spelling", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0DB8:0001:0002:ffff:0:0:1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    // An IPv4 client seen through an IPv6 socket is that IPv4 address.
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey(undefined)).toBe("unknown");
    expect(addressKey("no es una dirección")).toBe("other:no es una dirección");
  });

  it("keys an IPv6 address's neighbourhood by its /48, whatever the spelling; IPv4 has none", () => {
    expect(neighbourhoodKey("2001:db8:1:2::1")).toBe("2001:db8:1::/48");
    expect(neighbourhoodKey("2001:0DB8:0001:ffff:ffff:0:0:1")).toBe("2001:db8:1::/48");
    expect(neighbourhoodKey("2001:db8:2:2::1")).toBe("2001:db8:2::/48");
    expect(neighbourhoodKey("::ffff:203.0.113.7")).toBeNull();
    expect(neighbourhoodKey("203.0.113.7")).toBeNull();
    expect(neighbourhoodKey(undefined)).toBeNull();
    expect(neighbourhoodKey("no es una dirección")).toBeNull();
  });

  it("sign-ups: 20 at once from 20 addresses of one /64 make 10 accounts", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const addresses = sameNetwork("2001:db8:10:1", 20);
    const answers = await burst(20, (i) =>
      new Browser(undefined, addresses[i]).json("POST", "/api/auth/register", {
        email: `v6-${tag}-${i}@example.com`,
        password: "una-clave-segura",
      }),
    );
    expect(tally(statuses(answers))).toEqual({ 201: 10, 429: 10 });
    expect(await count("users", "email LIKE ?", `v6-${tag}-%`)).toBe(10);
    // Another /64 is another address.
    const neighbour = await new Browser(undefined, "2001:db8:10:2::1").json("POST", "/api/auth/register", {
      email: `v6-${tag}-vecina@example.com`,
      password: "una-clave-segura",
    });
    expect(neighbour.status).toBe(201);
  });

  it("password guesses: 40 at once on one account from 40 addresses of one /64 reach the check 5 times", async () => {
    const { email } = await register(new Browser());
    const addresses = sameNetwork("2001:db8:20:1", 40);
    const answers = await burst(40, (i) =>
      new Browser(undefined, addresses[i]).json("POST", "/api/auth/login", { email, password: `mal-${i}` }),
    );
    expect(tally(statuses(answers))).toEqual({ 401: 5, 429: 35 });
  });

  it("orders: 40 at once from one /64 save 10", async () => {
    const s = await seller({ phoneNumber: "+54 9 11 4000-1234" });
    const [gorra] = await addProducts(s.browser, ["Gorra"]);
    await setPricing(s.browser, [{ id: gorra!.id, price: "9.000" }]);
    const addresses = sameNetwork("2001:db8:30:1", 40);
    const answers = await burst(40, (i) =>
      new Browser(undefined, addresses[i]).json("POST", "/api/orders", {
        username: s.username,
        lines: [{ productId: gorra!.id, quantity: 1 }],
      }),
    );
    expect(tally(statuses(answers))).toEqual({ 201: 10, 429: 30 });
  });

  it("recovery e-mails: 20 at once for 20 e-mails from one /64 send 10", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const addresses = sameNetwork("2001:db8:40:1", 20);
    const answers = await burst(20, (i) =>
      new Browser(undefined, addresses[i]).json("POST", "/api/auth/password-reset", { email: `nadie-${tag}-${i}@example.com` }),
    );
    expect(tally(statuses(answers))).toEqual({ 200: 10, 429: 10 });
  });
});

describe("password recovery's second step", () => {
  it("50 random links at once from one /64: 10 are checked, 40 refused, and no password is hashed for any", async () => {
    const addresses = Array.from({ length: 50 }, (_, i) => `2001:db8:50:1::${(i + 1).toString(16)}`);
    const answers = await burst(50, (i) =>
      new Browser(undefined, addresses[i]).json("POST", "/api/auth/password-reset/confirm", {
        token: `${crypto.randomUUID()}${crypto.randomUUID()}`.replace(/-/g, ""),
        password: "una-clave-nueva",
      }),
    );
    expect(tally(statuses(answers))).toEqual({ 400: 10, 429: 40 });
    const errors = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as { error: string }).error)));
    expect(errors).toEqual(
      new Set([
        "El enlace no es válido, ya se usó o venció. Pide uno nuevo desde '¿Olvidaste tu contraseña?'.",
        "Probaste demasiados enlaces de recuperación. Espera 15 minutos o pide un enlace nuevo desde '¿Olvidaste tu contraseña?'.",
      ]),
    );

    // The same step, with the hasher counted: a wrong link never reaches it, a live one does once.
    let hashed = 0;
    const counting = async (password: string) => {
      hashed++;
      return `hash-de-${password}`;
    };
    const db = database(env.DB);
    const wrong = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        useResetLink(db, `${"x".repeat(30)}${i}`, "una-clave-nueva", `198.51.100.${i}`, counting).catch((e: Error) => e.message),
      ),
    );
    expect(wrong.every((m) => m.startsWith("El enlace no es válido"))).toBe(true);
    expect(hashed).toBe(0);
  });

  it("one leaked link tried from many addresses at once is refused after 5 tries", async () => {
    const token = `${crypto.randomUUID()}${crypto.randomUUID()}`.replace(/-/g, "");
    const answers = await burst(12, (i) =>
      new Browser(undefined, `198.51.100.${100 + i}`).json("POST", "/api/auth/password-reset/confirm", {
        token,
        password: "una-clave-nueva",
      }),
    );
    expect(tally(statuses(answers))).toEqual({ 400: 5, 429: 7 });
  });
});
