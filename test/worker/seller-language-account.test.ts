import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser, ORIGIN, register } from "./browser";

type Profile = { user: { id: string; sellerLanguage: string | null } };

async function storedLanguage(userId: string) {
  const row = await env.DB.prepare("SELECT seller_language FROM users WHERE id = ?")
    .bind(userId)
    .first<{ seller_language: string | null }>();
  return row!.seller_language;
}

async function signUp(headers: Record<string, string>, email = `vendedora-${crypto.randomUUID()}@example.com`) {
  const browser = new Browser();
  const response = await browser.request("/api/auth/register", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email, password: "una-clave-segura" }),
  });
  expect(response.status).toBe(201);
  return { browser, user: ((await response.json()) as Profile).user };
}

function location(response: Response): string {
  expect(response.status).toBe(302);
  const target = response.headers.get("location")!;
  return target.startsWith(ORIGIN) ? target.slice(ORIGIN.length) : target;
}

/** Google's stand-in, as far as the callback: the callback itself is left to the test, with its own headers. */
async function googleCallback(browser: Browser, email: string) {
  const consent = new URL(location(await browser.request("/api/auth/google?intent=register")), ORIGIN);
  const decision = new URL("/api/auth/google/simulated/decision", ORIGIN);
  for (const key of ["state", "code_challenge", "redirect_uri"]) decision.searchParams.set(key, consent.searchParams.get(key)!);
  decision.searchParams.set("decision", "allow");
  decision.searchParams.set("email", email);
  decision.searchParams.set("name", "Joana Araújo");
  return location(await browser.request(decision.pathname + decision.search));
}

describe("the seller's language at sign-up", () => {
  it("is the language the app's screens were in (its header), before the browser's Accept-Language", async () => {
    const { browser, user } = await signUp({ "x-vidriera-language": "pt-BR", "accept-language": "es-AR,es;q=0.9" });
    expect(user.sellerLanguage).toBe("pt-BR");
    expect(await storedLanguage(user.id)).toBe("pt-BR");
    expect(((await (await browser.request("/api/auth/profile")).json()) as Profile).user.sellerLanguage).toBe("pt-BR");
  });

  // None stated: nothing is stored, so an e-mail sent without a request follows the seller's country.
  it("without the header, is the first of the browser's languages the app speaks; none stored when it speaks none", async () => {
    const cases: [string, string | null][] = [
      ["fr-FR,fr;q=0.9,en-KE;q=0.8", "en"],
      ["pt-BR,pt;q=0.9,en;q=0.8", "pt-BR"],
      ["es-AR,es;q=0.9", "es"],
      ["de-DE", null],
    ];
    const answers = await Promise.all(cases.map(([acceptLanguage]) => signUp({ "accept-language": acceptLanguage })));
    expect(answers.map(({ user }) => user.sellerLanguage)).toEqual(cases.map(([, language]) => language));
  });

  it("through Google, is the browser's remembered choice (its cookie), else its Accept-Language", async () => {
    const chose = new Browser();
    chose.setCookie("vidriera-language", "en");
    const chosen = await googleCallback(chose, "ngozi.okafor@example.com");
    expect(location(await chose.request(chosen, { headers: { "accept-language": "pt-BR" } }))).toBe("/home");
    expect(((await (await chose.request("/api/auth/profile")).json()) as Profile).user.sellerLanguage).toBe("en");

    const browserOnly = new Browser();
    const callback = await googleCallback(browserOnly, "joana.araujo@example.com");
    expect(location(await browserOnly.request(callback, { headers: { "accept-language": "pt-BR,pt;q=0.9" } }))).toBe("/home");
    expect(((await (await browserOnly.request("/api/auth/profile")).json()) as Profile).user.sellerLanguage).toBe("pt-BR");
  });
});

describe("PUT /api/auth/language", () => {
  it("remembers the choice on the account: the profile answers it on any device", async () => {
    const first = new Browser();
    const { email, password, user } = await register(first);
    const saved = await first.json("PUT", "/api/auth/language", { language: "en" });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as Profile).user).toMatchObject({ id: user.id, sellerLanguage: "en" });

    const otherDevice = new Browser();
    expect((await otherDevice.json("POST", "/api/auth/login", { email, password })).status).toBe(200);
    expect(((await (await otherDevice.request("/api/auth/profile")).json()) as Profile).user.sellerLanguage).toBe("en");
  });

  it("refuses a language the app does not speak, naming the ones it does, and changes nothing", async () => {
    const browser = new Browser();
    const { user } = await register(browser);
    const before = await storedLanguage(user.id);
    for (const language of ["fr", "pt", "ES", "", 42, null]) {
      const response = await browser.json("PUT", "/api/auth/language", { language });
      expect(response.status, String(language)).toBe(400);
      expect(await response.json()).toEqual({ error: "Elige uno de estos idiomas: es, pt-BR o en." });
    }
    const missing = await browser.json("PUT", "/api/auth/language", "en");
    expect(missing.status).toBe(400);
    expect(await storedLanguage(user.id)).toBe(before);
  });

  it("needs a session: a visitor changes no one's language", async () => {
    const response = await new Browser().json("PUT", "/api/auth/language", { language: "en" });
    expect(response.status).toBe(401);
  });

  it("two changes at once leave one of them, whole", async () => {
    const browser = new Browser();
    const { user } = await register(browser);
    const answers = await Promise.all(
      ["en", "pt-BR", "es", "en"].map((language) => browser.json("PUT", "/api/auth/language", { language })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(["en", "pt-BR", "es"]).toContain(await storedLanguage(user.id));
  });
});
