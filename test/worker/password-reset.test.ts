import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { database } from "../../worker/db/client";
import { CloudflareEmail } from "../../worker/email/cloudflare";
import { EmailSendError } from "../../worker/email/types";
import { recoveryEmail, RESET_REQUESTED } from "../../worker/lib/password-reset";
import { app } from "../../worker/index";
import { Browser, count, register, withBindings } from "./browser";
import { fakeUpstream, json } from "./payments-fakes";

const INVALID_LINK = "El enlace no es válido, ya se usó o venció. Pide uno nuevo desde '¿Olvidaste tu contraseña?'.";

/** What the local outbox printed: `npm run dev` shows each mail in the terminal; here it is read, not printed. */
let printed: string[] = [];
beforeEach(() => {
  printed = [];
  const print = console.log;
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("[outbox]")) printed.push(args.join(" "));
    else print(...args);
  });
});
afterEach(() => vi.restoreAllMocks());

/** Waits (for a state, not a time) until the outbox holds a mail for `to`, and returns the newest. */
async function mailFor(to: string) {
  return vi.waitFor(
    async () => {
      const row = await env.DB.prepare('SELECT subject, text, html FROM email_outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1')
        .bind(to)
        .first<{ subject: string; text: string; html: string }>();
      if (!row) throw new Error("no mail yet");
      return row;
    },
    { timeout: 20_000, interval: 50 },
  );
}

function tokenOf(text: string): string {
  const match = /\/restablecer#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error("no link in the mail");
  return match[1]!;
}

describe("password recovery", () => {
  it("mails a one-hour single-use link whose token is stored only as a hash; using it sets the password and ends every session", async () => {
    const owner = new Browser();
    const { email } = await register(owner, `jose.${crypto.randomUUID()}@example.com`);
    const otherDevice = new Browser();
    expect((await otherDevice.json("POST", "/api/auth/login", { email, password: "una-clave-segura" })).status).toBe(200);

    const asked = await new Browser().json("POST", "/api/auth/password-reset", { email: ` ${email.toUpperCase()} ` });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ message: RESET_REQUESTED });

    const mail = await mailFor(email);
    expect(mail.subject).toBe("Crea una nueva contraseña para Vidriera");
    const token = tokenOf(mail.text);
    expect(mail.html).toContain(`/restablecer#token=${token}`);
    // The local outbox also prints it, for whoever runs `npm run dev`.
    expect(printed.join("\n")).toContain(`/restablecer#token=${token}`);
    const row = await env.DB.prepare("SELECT token_hash, expires_at, created_at FROM password_resets").first<{
      token_hash: string;
      expires_at: number;
      created_at: number;
    }>();
    expect(row!.token_hash).not.toContain(token);
    expect(row!.expires_at - row!.created_at).toBeGreaterThan(59 * 60 * 1000);
    expect(row!.expires_at - row!.created_at).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);

    const reset = new Browser();
    const done = await reset.json("POST", "/api/auth/password-reset/confirm", { token, password: "otra-clave-nueva" });
    expect(done.status).toBe(200);
    expect(((await done.json()) as { user: { email: string } }).user.email).toBe(email);
    expect((await reset.request("/api/auth/profile")).status).toBe(200);
    // Every session from before is gone.
    expect((await owner.request("/api/auth/profile")).status).toBe(401);
    expect((await otherDevice.request("/api/auth/profile")).status).toBe(401);
    expect((await new Browser().json("POST", "/api/auth/login", { email, password: "una-clave-segura" })).status).toBe(401);
    expect((await new Browser().json("POST", "/api/auth/login", { email, password: "otra-clave-nueva" })).status).toBe(200);

    // Single use.
    const again = await new Browser().json("POST", "/api/auth/password-reset/confirm", { token, password: "tercera-clave-x" });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: INVALID_LINK });
  });

  it("answers an unknown e-mail exactly like a known one, and writes nothing for it", async () => {
    const known = (await register(new Browser())).email;
    const a = await new Browser().json("POST", "/api/auth/password-reset", { email: known });
    const b = await new Browser().json("POST", "/api/auth/password-reset", { email: `nadie-${crypto.randomUUID()}@example.com` });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await b.json()).toEqual(await a.json());
    expect(await recoveryEmail(database(env.DB), `nadie-${crypto.randomUUID()}@example.com`, "https://vidriera.test")).toBeNull();
    expect(await count("password_resets", "user_id NOT IN (SELECT id FROM users)")).toBe(0);
  });

  it("tells a Google-only account to use Google, in the e-mail, without any link", async () => {
    const email = `google-${crypto.randomUUID()}@example.com`;
    await env.DB.prepare("INSERT INTO users (id, email, google_sub) VALUES (?, ?, ?)")
      .bind(crypto.randomUUID(), email, `sub-${crypto.randomUUID()}`)
      .run();
    const asked = await new Browser().json("POST", "/api/auth/password-reset", { email });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ message: RESET_REQUESTED });
    const mail = await mailFor(email);
    expect(mail.subject).toBe("Entra a Vidriera con Google");
    expect(mail.text).toContain("Continuar con Google");
    expect(mail.text).not.toContain("token=");
    expect(await count("password_resets", "user_id = (SELECT id FROM users WHERE email = ?)", email)).toBe(0);
  });

  it("refuses an expired link and keeps only the newest link working", async () => {
    const { email } = await register(new Browser());
    const db = database(env.DB);
    const old = tokenOf((await recoveryEmail(db, email, "https://vidriera.test", Date.now() - 61 * 60 * 1000))!.text);
    const expired = await new Browser().json("POST", "/api/auth/password-reset/confirm", { token: old, password: "otra-clave-nueva" });
    expect(expired.status).toBe(400);

    const first = tokenOf((await recoveryEmail(db, email, "https://vidriera.test"))!.text);
    const second = tokenOf((await recoveryEmail(db, email, "https://vidriera.test"))!.text);
    expect(
      (await new Browser().json("POST", "/api/auth/password-reset/confirm", { token: first, password: "otra-clave-nueva" })).status,
    ).toBe(400);
    const short = await new Browser().json("POST", "/api/auth/password-reset/confirm", { token: second, password: "corta" });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: "La contraseña debe tener al menos 8 caracteres." });
    expect(
      (await new Browser().json("POST", "/api/auth/password-reset/confirm", { token: second, password: "otra-clave-nueva" })).status,
    ).toBe(200);
  });

  it("lets only one of two requests fired together with the same link set the password", async () => {
    const { email } = await register(new Browser());
    const token = tokenOf((await recoveryEmail(database(env.DB), email, "https://vidriera.test"))!.text);
    const answers = await Promise.all(
      ["primera-clave-1", "segunda-clave-2"].map((password) =>
        new Browser().json("POST", "/api/auth/password-reset/confirm", { token, password }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it("throttles per e-mail with one atomic count: of six requests fired together, three pass", async () => {
    const email = `muchos-${crypto.randomUUID()}@example.com`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => new Browser().json("POST", "/api/auth/password-reset", { email })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    const refused = answers.find((r) => r.status === 429)!;
    expect(await refused.json()).toEqual({
      error: "Pediste muchos correos de recuperación seguidos. Espera una hora e inténtalo de nuevo.",
    });
  });

  it("throttles per address across e-mails", async () => {
    const browser = new Browser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await browser.json("POST", "/api/auth/password-reset", { email: `x${i}-${crypto.randomUUID()}@example.com` })).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
  });

  it("refuses a malformed e-mail with a Spanish message", async () => {
    const response = await new Browser().json("POST", "/api/auth/password-reset", { email: "no-es-un-email" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/email/i);
  });
});

describe("e-mail configuration", () => {
  const real = {
    CLOUDFLARE_ACCOUNT_ID: "acc123",
    CLOUDFLARE_EMAIL_API_TOKEN: "cf-token-xyz",
    EMAIL_FROM: "no-responder@vidriera.com.ar",
    CLOUDFLARE_API_BASE_URL: "https://cf.fake/client/v4",
  };
  const SEND_URL = "POST https://cf.fake/client/v4/accounts/acc123/email/sending/send";

  it("sends through Cloudflare Email Service with the documented request when configured", async () => {
    const { email } = await register(new Browser());
    const seen = fakeUpstream({
      [SEND_URL]: () =>
        json({ success: true, errors: [], messages: [], result: { delivered: [email], permanent_bounces: [], queued: [] } }),
    });
    const response = await new Browser(withBindings(real)).json("POST", "/api/auth/password-reset", { email });
    expect(response.status).toBe(200);
    await vi.waitFor(() => expect(seen).toHaveLength(1), { timeout: 20_000, interval: 50 });
    const call = seen[0]!;
    expect(call.headers.get("authorization")).toBe("Bearer cf-token-xyz");
    expect(call.headers.get("content-type")).toBe("application/json");
    const body = JSON.parse(call.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["from", "html", "subject", "text", "to"]);
    expect(body).toMatchObject({
      to: email,
      from: { address: "no-responder@vidriera.com.ar", name: "Vidriera" },
      subject: "Crea una nueva contraseña para Vidriera",
    });
    expect(body.text).toMatch(/^https:\/\/vidriera\.test\/restablecer#token=[A-Za-z0-9_-]{40,}$/m);
    // Real mail goes out, not to the outbox.
    expect(await count("email_outbox", '"to" = ?', email)).toBe(0);
  });

  it("turns Cloudflare's errors, bounces and network failures into EmailSendError", async () => {
    const mailer = new CloudflareEmail({
      accountId: "acc123",
      apiToken: "bad",
      from: "no-responder@vidriera.com.ar",
      baseUrl: "https://cf.fake/client/v4",
    });
    const message = { to: "ana@example.com", subject: "s", text: "t", html: "<p>t</p>" };
    const replies = [
      json(
        {
          success: false,
          errors: [{ code: 10101, message: "email.sending.error.authentication.unauthorized" }],
          messages: [],
          result: null,
        },
        401,
      ),
      json({ success: false, errors: [{ code: 10004, message: "email.sending.error.throttled" }], messages: [], result: null }, 429),
      json({ success: true, errors: [], messages: [], result: { delivered: [], permanent_bounces: ["ana@example.com"], queued: [] } }),
      new Response("<html>bad gateway</html>", { status: 502 }),
    ];
    fakeUpstream({ [SEND_URL]: () => replies.shift()! });
    const outcomes: unknown[] = [];
    for (let i = 0; i < 4; i++) outcomes.push(await mailer.send(message).catch((e: unknown) => e));
    expect(outcomes.map((e) => (e instanceof EmailSendError ? [e.status, e.code] : e))).toEqual([
      [401, "email.sending.error.authentication.unauthorized"],
      [429, "email.sending.error.throttled"],
      [200, "permanent-bounce"],
      [502, "unexpected-answer"],
    ]);
    vi.restoreAllMocks();
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("network down"));
    const offline = await mailer.send(message).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(EmailSendError);
    expect((offline as EmailSendError).status).toBe(0);
  });

  it("without the settings, answers 503 on a deployed host and serves the outbox only on local ones", async () => {
    const deployed = await app.fetch(
      new Request("https://vidriera.com.ar/api/auth/password-reset", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://vidriera.com.ar" },
        body: JSON.stringify({ email: "ana@example.com" }),
      }),
      env,
    );
    expect(deployed.status).toBe(503);
    expect(await deployed.json()).toEqual({
      error: "La recuperación por correo no está disponible en este momento. Escríbenos desde 'Ayuda'.",
    });
    expect((await app.fetch(new Request("https://vidriera.com.ar/api/dev/outbox"), env)).status).toBe(404);

    const { email } = await register(new Browser());
    await new Browser().json("POST", "/api/auth/password-reset", { email });
    const token = tokenOf((await mailFor(email)).text);
    const page = await new Browser().request("/api/dev/outbox");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain(`<a href="https://vidriera.test/restablecer#token=${token}">`);
  });
});
