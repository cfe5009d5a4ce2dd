import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { passwordCost } from "../../worker/lib/password-cost";
import { hashPassword, TEST_PASSWORD_COST, verifyPassword } from "../../worker/lib/passwords";
import { Browser, count, register, withBindings } from "./browser";

async function tableCounts() {
  return { users: await count("users"), ledger: await count("credit_ledger"), sessions: await count("sessions") };
}

const WRONG = "Credenciales incorrectas o error del servidor. Inténtalo de nuevo.";
const USER_FIELDS = [
  "countryCode",
  "credits",
  "email",
  "id",
  "imageUrl",
  "name",
  "paidMiTienda",
  "paidMiTiendaDate",
  "phone",
  "sellerLanguage",
  "storeMoney",
  "username",
];

describe("register", () => {
  it("creates the account with 500 credits written through the ledger and starts a session", async () => {
    // At the production cost: the other tests hash more cheaply (PASSWORD_COST=tests, vitest.config.ts).
    const browser = new Browser(withBindings({ PASSWORD_COST: undefined }));
    const response = await browser.json("POST", "/api/auth/register", {
      email: "  Ana@Example.COM ",
      password: "una-clave-segura",
    });
    expect(response.status).toBe(201);
    const { user } = (await response.json()) as { user: Record<string, unknown> };
    expect(Object.keys(user).sort()).toEqual(USER_FIELDS);
    expect(user).toMatchObject({ email: "ana@example.com", credits: 500, paidMiTienda: false, username: null });

    const setCookie = response.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^vidriera_session=/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("Secure");
    expect(setCookie).toContain("SameSite=Lax");

    const ledger = await env.DB.prepare("SELECT delta, reason, idempotency_key, balance_after FROM credit_ledger WHERE user_id = ?")
      .bind(user.id)
      .all();
    expect(ledger.results).toEqual([{ delta: 500, reason: "signup_bonus", idempotency_key: `signup:${user.id}`, balance_after: 500 }]);
    const stored = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?").bind(user.id).first<{ password_hash: string }>();
    expect(stored!.password_hash).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored!.password_hash).not.toContain("una-clave-segura");

    const profile = await browser.request("/api/auth/profile");
    expect(profile.status).toBe(200);
    expect(await profile.json()).toEqual({ user });
  });

  it("a second sign-up with the same e-mail, even at once, is a login: one account, never 'this e-mail has an account'", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () =>
        new Browser().json("POST", "/api/auth/register", { email: "twice@example.com", password: "una-clave-segura" }),
      ),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 201]);
    const ids = await Promise.all(attempts.map(async (r) => ((await r.json()) as { user: { id: string } }).user.id));
    expect(new Set(ids).size).toBe(1);
    expect(await count("users", "email = ?", "twice@example.com")).toBe(1);
    expect(await count("credit_ledger", "user_id IN (SELECT id FROM users WHERE email = ?)", "twice@example.com")).toBe(1);
    // With another password it is a wrong login, word for word.
    const other = await new Browser().json("POST", "/api/auth/register", { email: "twice@example.com", password: "otra-clave-segura" });
    expect(other.status).toBe(401);
    expect(await other.json()).toEqual({ error: WRONG });
  });
});

describe("the cost of a new password hash", () => {
  it("is the test cost only for PASSWORD_COST=tests on a local host; anywhere else, and without it, the production cost", async () => {
    const production = { N: 2 ** 15, r: 8, p: 3 };
    expect(passwordCost({ PASSWORD_COST: "tests" }, "http://localhost:41234/api/auth/register")).toEqual(TEST_PASSWORD_COST);
    expect(passwordCost({ PASSWORD_COST: "tests" }, "http://127.0.0.1:8787/api/auth/login")).toEqual(TEST_PASSWORD_COST);
    // A deployed Worker is reached by its own host, whatever its settings say.
    expect(passwordCost({ PASSWORD_COST: "tests" }, "https://vidriera.app/api/auth/register")).toEqual(production);
    expect(passwordCost({ PASSWORD_COST: "tests" }, "https://vidriera.workers.dev/api/auth/register")).toEqual(production);
    expect(passwordCost({}, "http://localhost:5173/api/auth/register")).toEqual(production);
    expect(passwordCost({ PASSWORD_COST: "production" }, "http://localhost:5173/api/auth/register")).toEqual(production);
    // The hash records its cost, so an account made either way signs in under the other.
    const cheap = await hashPassword("contraseña-ñandú-🧵", TEST_PASSWORD_COST);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("contraseña-ñandú-🧵", cheap)).toBe(true);
    expect(await verifyPassword("contraseña-ñandu-🧵", cheap)).toBe(false);
  });
});

describe("account enumeration", () => {
  it("login-or-register answers a short password the same for a known and an unknown e-mail", async () => {
    const { email } = await register(new Browser());
    const known = await new Browser().json("POST", "/api/auth/login-or-register", { email, password: "corta" });
    const unknown = await new Browser().json("POST", "/api/auth/login-or-register", { email: "nadie-aqui@example.com", password: "corta" });
    expect([known.status, unknown.status]).toEqual([400, 400]);
    expect(await known.json()).toEqual(await unknown.json());
  });

  it("login answers a wrong password for a known e-mail exactly as for an unknown one", async () => {
    const { email } = await register(new Browser());
    const known = await new Browser().json("POST", "/api/auth/login", { email, password: "no-es-esta" });
    const unknown = await new Browser().json("POST", "/api/auth/login", { email: "tampoco@example.com", password: "no-es-esta" });
    expect([known.status, unknown.status]).toEqual([401, 401]);
    expect(await known.json()).toEqual(await unknown.json());
  });
});

describe("bad input gets a Spanish error and writes nothing", () => {
  const cases: [string, RequestInit, number, string][] = [
    [
      "malformed JSON",
      { body: '{"email": "a@b.com",', headers: { "content-type": "application/json" } },
      400,
      "El cuerpo de la solicitud no es un JSON válido.",
    ],
    ["a JSON array", { body: "[]", headers: { "content-type": "application/json" } }, 400, "Faltan el email y la contraseña."],
    ["no fields", { body: "{}", headers: { "content-type": "application/json" } }, 400, "El email es obligatorio."],
    [
      "an empty e-mail",
      { body: JSON.stringify({ email: " ", password: "una-clave-segura" }), headers: { "content-type": "application/json" } },
      400,
      "El email es obligatorio.",
    ],
    [
      "an e-mail that is not one",
      { body: JSON.stringify({ email: "ana-at-example", password: "una-clave-segura" }), headers: { "content-type": "application/json" } },
      400,
      "Ingresa un email válido.",
    ],
    [
      "no password",
      { body: JSON.stringify({ email: "ana@example.com" }), headers: { "content-type": "application/json" } },
      400,
      "La contraseña es obligatoria.",
    ],
    [
      "an empty password",
      { body: JSON.stringify({ email: "ana@example.com", password: "" }), headers: { "content-type": "application/json" } },
      400,
      "La contraseña es obligatoria.",
    ],
    [
      "a short password",
      { body: JSON.stringify({ email: "ana@example.com", password: "corta" }), headers: { "content-type": "application/json" } },
      400,
      "La contraseña debe tener al menos 8 caracteres.",
    ],
    [
      "a number as e-mail",
      { body: JSON.stringify({ email: 42, password: "una-clave-segura" }), headers: { "content-type": "application/json" } },
      400,
      "El email es obligatorio.",
    ],
    [
      "a 10 MB body",
      {
        body: JSON.stringify({ email: "ana@example.com", password: "x".repeat(10 * 1024 * 1024) }),
        headers: { "content-type": "application/json" },
      },
      413,
      "La solicitud es demasiado grande.",
    ],
  ];

  for (const [name, init, status, error] of cases) {
    it(`register with ${name}: ${status}`, async () => {
      const before = await tableCounts();
      const response = await new Browser().request("/api/auth/register", { ...init, method: "POST" });
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toEqual({ error });
      expect(await tableCounts()).toEqual(before);
    });
  }

  it("answers an unknown API path with a Spanish 404", async () => {
    const response = await new Browser().request("/api/nada");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "No encontrado." });
  });
});

describe("login", () => {
  it("signs in with the right password and answers the user", async () => {
    const { email, password, user } = await register(new Browser());
    const browser = new Browser();
    const response = await browser.json("POST", "/api/auth/login", { email: email.toUpperCase(), password });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: { id: string } }).user.id).toBe(user.id);
    expect((await browser.request("/api/auth/profile")).status).toBe(200);
  });

  it("answers a wrong password and an unknown e-mail with the same 401", async () => {
    const { email } = await register(new Browser());
    for (const body of [
      { email, password: "otra-clave" },
      { email: "nadie@example.com", password: "otra-clave" },
    ]) {
      const browser = new Browser();
      const response = await browser.json("POST", "/api/auth/login", body);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: WRONG });
      expect(browser.cookie("vidriera_session")).toBeUndefined();
    }
  });

  it("login-or-register signs in an existing account and creates a new one", async () => {
    const { email, password, user } = await register(new Browser());
    const existing = await new Browser().json("POST", "/api/auth/login-or-register", { email, password });
    expect(existing.status).toBe(200);
    expect(((await existing.json()) as { user: { id: string } }).user.id).toBe(user.id);

    const wrong = await new Browser().json("POST", "/api/auth/login-or-register", { email, password: "otra-clave" });
    expect(wrong.status).toBe(401);

    const fresh = await new Browser().json("POST", "/api/auth/login-or-register", {
      email: "nueva@example.com",
      password: "una-clave-segura",
    });
    expect(fresh.status).toBe(201);
    expect(((await fresh.json()) as { user: { credits: number } }).user.credits).toBe(500);
  });

  it("throttles an account from one address after 5 failures, even with the right password then, not from the owner's", async () => {
    const { email, password } = await register(new Browser());
    const attacker = "198.51.100.6";
    for (let i = 0; i < 5; i++) {
      expect((await new Browser(undefined, attacker).json("POST", "/api/auth/login", { email, password: `mal-${i}` })).status).toBe(401);
    }
    const blocked = await new Browser(undefined, attacker).json("POST", "/api/auth/login", { email, password });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({
      error: "Demasiados intentos fallidos. Espera 15 minutos antes de volver a intentarlo.",
    });
    // The owner, from their own address, is not locked out by the attacker's failures.
    expect((await new Browser(undefined, "198.51.100.7").json("POST", "/api/auth/login", { email, password })).status).toBe(200);
    // Another account is unaffected.
    const other = await register(new Browser());
    expect((await new Browser(undefined, "198.51.100.8").json("POST", "/api/auth/login", other)).status).toBe(200);
  });

  it("throttles an address after 20 failures across accounts", async () => {
    const address = "192.0.2.50";
    for (let i = 0; i < 20; i++) {
      const response = await new Browser(undefined, address).json("POST", "/api/auth/login", {
        email: `victima-${i}@example.com`,
        password: "adivinanza",
      });
      expect(response.status).toBe(401);
    }
    const { email, password } = await register(new Browser());
    expect((await new Browser(undefined, address).json("POST", "/api/auth/login", { email, password })).status).toBe(429);
    expect((await new Browser(undefined, "192.0.2.51").json("POST", "/api/auth/login", { email, password })).status).toBe(200);
  });
});

describe("sign-up throttling", () => {
  it("allows 10 new accounts per address per hour, then answers 429 without creating one", async () => {
    const address = "192.0.2.99";
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await new Browser(undefined, address).json("POST", "/api/auth/register", {
            email: `lote-${i}@example.com`,
            password: "una-clave-segura",
          })
        ).status,
      ).toBe(201);
    }
    const refused = await new Browser(undefined, address).json("POST", "/api/auth/register", {
      email: "lote-10@example.com",
      password: "una-clave-segura",
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: "Se crearon demasiadas cuentas desde esta conexión. Inténtalo de nuevo en una hora." });
    expect(await count("users", "email = ?", "lote-10@example.com")).toBe(0);
    const elsewhere = await new Browser(undefined, "192.0.2.100").json("POST", "/api/auth/register", {
      email: "lote-10@example.com",
      password: "una-clave-segura",
    });
    expect(elsewhere.status).toBe(201);
  });
});

describe("sessions", () => {
  it("logout ends the session server-side: a copied cookie stops working", async () => {
    const browser = new Browser();
    const { user } = await register(browser);
    const stolen = browser.cookie("vidriera_session")!;
    const logout = await browser.request("/api/auth/logout", { method: "DELETE" });
    expect(logout.status).toBe(200);
    expect(browser.cookie("vidriera_session")).toBeUndefined();
    expect(await count("sessions", "user_id = ?", user.id)).toBe(0);

    const thief = new Browser();
    thief.setCookie("vidriera_session", stolen);
    const response = await thief.request("/api/auth/profile");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Tu sesión expiró o no es válida. Inicia sesión de nuevo." });
  });

  it("without a cookie the profile answers 401 asking to sign in", async () => {
    const response = await new Browser().request("/api/auth/profile");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Debes iniciar sesión para continuar." });
  });

  it("refuses forged and expired cookies and clears them", async () => {
    const browser = new Browser();
    const { user } = await register(browser);
    const sid = (await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ?").bind(user.id).first<{ id: string }>())!.id;
    const rightKey = new TextEncoder().encode(env.SESSION_SECRET);
    const sign = (key: Uint8Array, expires: number) =>
      new SignJWT({ sid }).setProtectedHeader({ alg: "HS256" }).setSubject(user.id).setExpirationTime(expires).sign(key);
    const now = Math.floor(Date.now() / 1000);
    const forged = [
      "not-a-jwt",
      await sign(new TextEncoder().encode("another-secret-another-secret-12345"), now + 3600),
      await sign(rightKey, now - 60),
      await new SignJWT({ sid: "no-such-session" })
        .setProtectedHeader({ alg: "HS256" })
        .setExpirationTime(now + 3600)
        .sign(rightKey),
    ];
    for (const token of forged) {
      const attacker = new Browser();
      attacker.setCookie("vidriera_session", token);
      const response = await attacker.request("/api/auth/profile");
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Tu sesión expiró o no es válida. Inicia sesión de nuevo." });
      expect(attacker.cookie("vidriera_session")).toBeUndefined();
    }
  });

  it("a session past its expiry in D1 is refused even with a valid signature", async () => {
    const browser = new Browser();
    const { user } = await register(browser);
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1000, user.id)
      .run();
    expect((await browser.request("/api/auth/profile")).status).toBe(401);
  });

  it("a password change signs out every other browser and keeps this one", async () => {
    const here = new Browser();
    const { email, password } = await register(here);
    const elsewhere = new Browser();
    expect((await elsewhere.json("POST", "/api/auth/login", { email, password })).status).toBe(200);

    const wrong = await here.json("PUT", "/api/auth/password", { currentPassword: "no-es-esta", newPassword: "clave-nueva-123" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: "La contraseña actual no es correcta." });
    expect((await elsewhere.request("/api/auth/profile")).status).toBe(200);

    const change = await here.json("PUT", "/api/auth/password", { currentPassword: password, newPassword: "clave-nueva-123" });
    expect(change.status).toBe(200);
    expect((await here.request("/api/auth/profile")).status).toBe(200);
    expect((await elsewhere.request("/api/auth/profile")).status).toBe(401);
    expect((await new Browser().json("POST", "/api/auth/login", { email, password })).status).toBe(401);
    expect((await new Browser().json("POST", "/api/auth/login", { email, password: "clave-nueva-123" })).status).toBe(200);
  });
});

describe("browser protections", () => {
  it("sends security headers on API answers", async () => {
    const response = await new Browser().request("/api/auth/providers");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(response.headers.get("strict-transport-security")).toContain("max-age=31536000");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("refuses state-changing requests from another site and writes nothing", async () => {
    const before = await tableCounts();
    const foreign: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }];
    for (const headers of foreign) {
      const response = await new Browser().request("/api/auth/register", {
        method: "POST",
        origin: null,
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ email: "csrf@example.com", password: "una-clave-segura" }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: "Solicitud rechazada: proviene de otro sitio." });
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("lets a cross-site GET through, since it changes nothing", async () => {
    const response = await new Browser().request("/api/auth/providers", { headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ google: "simulated" });
  });
});
