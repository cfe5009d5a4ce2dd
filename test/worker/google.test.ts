import { env } from "cloudflare:workers";
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { googleErrorMessage } from "../../common/google-errors";
import { SimulatedGoogle } from "../../worker/lib/google";
import { Browser, count, ORIGIN, register, withBindings } from "./browser";

/** Follows one hop and returns where it points, relative to the app when it stays inside it. */
function location(response: Response): string {
  expect(response.status).toBe(302);
  const target = response.headers.get("location")!;
  return target.startsWith(ORIGIN) ? target.slice(ORIGIN.length) : target;
}

async function consentAndReturn(
  browser: Browser,
  intent: "login" | "register",
  decision: "allow" | "deny",
  email = "vendedora@example.com",
) {
  const consent = new URL(location(await browser.request(`/api/auth/google?intent=${intent}`)), ORIGIN);
  expect(consent.pathname).toBe("/api/auth/google/simulated");
  const page = await browser.request(consent.pathname + consent.search);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Google (simulado)");
  // Its own policy (inline styles, a form to this origin) survives the global default-src 'none'.
  expect(page.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
  expect(page.headers.get("x-frame-options")).toBe("DENY");
  const decisionUrl = new URL("/api/auth/google/simulated/decision", ORIGIN);
  for (const key of ["state", "code_challenge", "redirect_uri"]) decisionUrl.searchParams.set(key, consent.searchParams.get(key)!);
  decisionUrl.searchParams.set("decision", decision);
  decisionUrl.searchParams.set("email", email);
  decisionUrl.searchParams.set("name", "Vendedora");
  return location(await browser.request(decisionUrl.pathname + decisionUrl.search));
}

describe("Google sign-in, offline stand-in", () => {
  it("creates the account with 500 credits and lands on /home; the state cookie is spent", async () => {
    const browser = new Browser();
    const callback = await consentAndReturn(browser, "register", "allow", "nueva.google@example.com");
    expect(callback).toMatch(/^\/api\/auth\/google\/callback\?/);
    expect(location(await browser.request(callback))).toBe("/home");
    expect(browser.cookie("vidriera_oauth_state")).toBeUndefined();
    const profile = (await (await browser.request("/api/auth/profile")).json()) as {
      user: { email: string; credits: number; name: string };
    };
    expect(profile.user).toMatchObject({ email: "nueva.google@example.com", credits: 500, name: "Vendedora" });
    // The same callback again, now without the cleared cookie, finds no flow.
    expect(location(await browser.request(callback))).toBe("/login?error=invalid_state");
    expect(await count("users", "email = ?", "nueva.google@example.com")).toBe(1);
  });

  it("keeps the state in a signed, short-lived HttpOnly cookie: 500 starts from one address add no rows", async () => {
    const tables = async () => {
      const names = await env.DB.prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
      ).all<{ name: string }>();
      return Object.fromEntries(await Promise.all(names.results.map(async ({ name }) => [name, await count(`"${name}"`)] as const)));
    };
    const before = await tables();
    const address = "203.0.113.39";
    const starts = await Promise.all(
      Array.from({ length: 500 }, () => new Browser(undefined, address).request("/api/auth/google?intent=register")),
    );
    const targets = starts.map(location);
    expect(targets.filter((t) => t.startsWith("/api/auth/google/simulated?"))).toHaveLength(20);
    expect(targets.filter((t) => t === "/register?error=too_many_starts")).toHaveLength(480);
    expect(googleErrorMessage("too_many_starts", "register")).toBe(
      "Demasiados intentos de entrar con Google. Espera unos minutos e inténtalo de nuevo.",
    );
    const cookie = starts.find((r) => r.headers.getSetCookie().length)!.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^vidriera_oauth_state=[^;]+; Max-Age=600; Path=\/api\/auth\/google; HttpOnly; Secure; SameSite=Lax$/);
    // One throttle count for the address is the only row written, and no table of states exists any more.
    const after = await tables();
    expect("oauth_states" in after).toBe(false);
    expect(Object.entries(after).filter(([name, n]) => n !== before[name])).toEqual([["login_throttle", before.login_throttle! + 1]]);
    // Another address still signs in.
    const other = new Browser(undefined, "203.0.113.40");
    expect(location(await other.request(await consentAndReturn(other, "register", "allow", "otra.direccion@example.com")))).toBe("/home");
  });

  it("new accounts through Google count toward the per-address sign-up limit, fired at once from one /64", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    // Twelve browsers, each from another address of the same IPv6 /64, finish Google's consent at once.
    const browsers = Array.from(
      { length: 12 },
      (_, i) => new Browser(undefined, `2001:db8:5a:${tag.slice(0, 4)}::${(i + 1).toString(16)}`),
    );
    const callbacks = await Promise.all(browsers.map((b, i) => consentAndReturn(b, "register", "allow", `google-${tag}-${i}@example.com`)));
    const landed = await Promise.all(browsers.map(async (b, i) => location(await b.request(callbacks[i]!))));
    expect(landed.filter((l) => l === "/home")).toHaveLength(10);
    expect(landed.filter((l) => l === "/register?error=too_many_signups")).toHaveLength(2);
    expect(await count("users", "email LIKE ?", `google-${tag}-%`)).toBe(10);
    // An e-mail sign-up from the same /64 is refused too: one budget for both ways in.
    const byEmail = await new Browser(undefined, `2001:db8:5a:${tag.slice(0, 4)}::ff`).json("POST", "/api/auth/register", {
      email: `correo-${tag}@example.com`,
      password: "una-clave-segura",
    });
    expect(byEmail.status).toBe(429);
    // Signing in with an account that exists is not a sign-up and is never refused by it.
    const made = landed.indexOf("/home");
    const again = new Browser(undefined, `2001:db8:5a:${tag.slice(0, 4)}::1`);
    expect(location(await again.request(await consentAndReturn(again, "login", "allow", `google-${tag}-${made}@example.com`)))).toBe(
      "/home",
    );
  });

  it("signs the same Google account into the same user next time", async () => {
    const first = new Browser();
    expect(location(await first.request(await consentAndReturn(first, "register", "allow", "repite@example.com")))).toBe("/home");
    const second = new Browser();
    expect(location(await second.request(await consentAndReturn(second, "login", "allow", "repite@example.com")))).toBe("/home");
    expect(await count("users", "email = ?", "repite@example.com")).toBe(1);
    expect(await count("credit_ledger", "user_id IN (SELECT id FROM users WHERE email = ?)", "repite@example.com")).toBe(1);
  });

  it("sends a cancelled consent back to the screen that started it", async () => {
    const browser = new Browser();
    expect(location(await browser.request(await consentAndReturn(browser, "register", "deny")))).toBe("/register?error=access_denied");
    const other = new Browser();
    expect(location(await other.request(await consentAndReturn(other, "login", "deny")))).toBe("/login?error=access_denied");
  });

  it("refuses a callback whose state does not match this browser's cookie", async () => {
    const browser = new Browser();
    const callback = await consentAndReturn(browser, "login", "allow");
    const stranger = new Browser();
    expect(location(await stranger.request(callback))).toBe("/login?error=invalid_state");
    // The rightful browser can still finish: the stranger did not consume the state.
    expect(location(await browser.request(callback))).toBe("/home");
  });

  it("refuses a code minted for another PKCE challenge", async () => {
    const browser = new Browser();
    const callback = new URL(await consentAndReturn(browser, "login", "allow"), ORIGIN);
    const foreignCode = await SimulatedGoogle.issueCode(
      new TextEncoder().encode(env.SESSION_SECRET),
      { email: "intrusa@example.com" },
      "challenge-of-another-flow",
    );
    callback.searchParams.set("code", foreignCode);
    expect(location(await browser.request(callback.pathname + callback.search))).toBe("/login?error=google_callback_failed");
    expect(await count("users", "email = ?", "intrusa@example.com")).toBe(0);
  });

  it("links a Google account to an existing e-mail account", async () => {
    const { email, user } = await register(new Browser(), "ya.tenia@example.com");
    const browser = new Browser();
    expect(location(await browser.request(await consentAndReturn(browser, "login", "allow", email)))).toBe("/home");
    const profile = (await (await browser.request("/api/auth/profile")).json()) as { user: { id: string } };
    expect(profile.user.id).toBe(user.id);
  });

  it("refuses an expired or tampered state cookie with the Spanish security error", async () => {
    const key = new TextEncoder().encode(env.SESSION_SECRET);
    const forge = async (claims: Record<string, unknown>, issuedAgo: number, signingKey = key) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256" })
        .setAudience("vidriera-google-state")
        .setIssuedAt(now - issuedAgo)
        .setExpirationTime(now - issuedAgo + 600)
        .sign(signingKey);
    };
    const cases: [string, (claims: Record<string, unknown>, cookie: string) => Promise<string>][] = [
      ["expired", (claims) => forge(claims, 11 * 60)],
      ["signed with another key", (claims) => forge(claims, 0, new TextEncoder().encode("x".repeat(40)))],
      ["another flow's state", (claims) => forge({ ...claims, state: "otro-estado" }, 0)],
      [
        "payload edited, signature kept",
        async (_claims, cookie) => {
          const [header, , signature] = cookie.split(".");
          const payload = btoa(JSON.stringify({ ...decodeJwt(cookie), exp: 9_999_999_999 })).replace(/=+$/, "");
          return `${header}.${payload}.${signature}`;
        },
      ],
    ];
    for (const [name, tamper] of cases) {
      const browser = new Browser();
      const callback = await consentAndReturn(browser, "register", "allow", `caso-${cases.findIndex(([n]) => n === name)}@example.com`);
      const cookie = browser.cookie("vidriera_oauth_state")!;
      browser.setCookie("vidriera_oauth_state", await tamper(decodeJwt(cookie), cookie), "/api/auth/google");
      expect(location(await browser.request(callback)), name).toBe("/login?error=invalid_state");
      expect(browser.cookie("vidriera_session"), name).toBeUndefined();
    }
    expect(await count("users", "email LIKE 'caso-%'")).toBe(0);
    expect(googleErrorMessage("invalid_state", "login")).toBe("Error de seguridad (estado inválido). Inténtalo de nuevo.");
  });
});

describe("the offline Google stand-in", () => {
  it("answers only on local hosts, like simulated payments, even with GOOGLE_SIGN_IN=simulated", async () => {
    const deployed = new Browser();
    const providers = await deployed.request("https://vidriera.app/api/auth/providers");
    expect(await providers.json()).toEqual({ google: "off" });
    expect(location(await deployed.request("https://vidriera.app/api/auth/google?intent=login"))).toBe(
      "/login?error=google_not_configured",
    );
    const consent = await deployed.request(
      "https://vidriera.app/api/auth/google/simulated?state=a&code_challenge=b&redirect_uri=https://vidriera.app/x",
    );
    expect(consent.status).toBe(404);
    // On a local host it is there.
    expect(await (await new Browser().request("http://localhost:5173/api/auth/providers")).json()).toEqual({ google: "simulated" });
  });
});

describe("Google sign-in not configured", () => {
  const unconfigured = withBindings({ GOOGLE_SIGN_IN: undefined, GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined });

  it("says so instead of failing", async () => {
    const browser = new Browser(unconfigured);
    expect(await (await browser.request("/api/auth/providers")).json()).toEqual({ google: "off" });
    expect(location(await browser.request("/api/auth/google?intent=register"))).toBe("/register?error=google_not_configured");
    expect((await browser.request("/api/auth/google/simulated?state=a&code_challenge=b&redirect_uri=https://vidriera.test/x")).status).toBe(
      404,
    );
  });
});

describe("Google sign-in against a fake Google", () => {
  const CLIENT_ID = "vidriera-test.apps.googleusercontent.com";
  const CLIENT_SECRET = "fake-client-secret";
  const FAKE = "https://fake-google.test";
  const real = withBindings({
    GOOGLE_SIGN_IN: undefined,
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    GOOGLE_AUTH_URL: `${FAKE}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${FAKE}/token`,
    GOOGLE_JWKS_URL: `${FAKE}/oauth2/v3/certs`,
  });

  let googleKey: CryptoKey;
  let strangerKey: CryptoKey;
  let jwks: { keys: object[] };

  beforeAll(async () => {
    const pair = await generateKeyPair("RS256");
    googleKey = pair.privateKey;
    strangerKey = (await generateKeyPair("RS256")).privateKey;
    jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: "google-key-1", alg: "RS256", use: "sig" }] };
  });

  afterEach(() => vi.restoreAllMocks());

  interface TokenScenario {
    claims?: Record<string, unknown>;
    key?: "google" | "stranger";
    tokenStatus?: number;
  }

  /**
   * Google's token endpoint and JWKS, checking the request exactly as Google
   * documents it and answering in Google's shapes, errors included.
   */
  function fakeGoogle(expected: { challenge: () => string; redirectUri: string }, scenario: TokenScenario = {}) {
    const calls: string[] = [];
    const spentCodes = new Set<string>();
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      calls.push(`${request.method} ${request.url}`);
      if (request.url === `${FAKE}/oauth2/v3/certs`) return Response.json(jwks);
      if (request.url !== `${FAKE}/token`) throw new Error(`unexpected outbound request ${request.url}`);
      expect(request.method).toBe("POST");
      expect(request.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
      // Read as bytes: workerd warns on .text() of a form-encoded body (it would print on every run).
      const form = new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
      expect(form.get("grant_type")).toBe("authorization_code");
      expect(form.get("client_id")).toBe(CLIENT_ID);
      expect(form.get("client_secret")).toBe(CLIENT_SECRET);
      expect(form.get("redirect_uri")).toBe(expected.redirectUri);
      expect(form.get("code")).toBe("google-auth-code");
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(form.get("code_verifier")!));
      const challenge = btoa(String.fromCharCode(...new Uint8Array(digest)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
      if (challenge !== expected.challenge()) {
        return Response.json({ error: "invalid_grant", error_description: "Invalid code verifier." }, { status: 400 });
      }
      if (scenario.tokenStatus) {
        return Response.json({ error: "invalid_grant", error_description: "Bad Request" }, { status: scenario.tokenStatus });
      }
      // Google answers a code it already exchanged as an invalid grant: a code is single-use.
      if (spentCodes.has(form.get("code")!)) {
        return Response.json({ error: "invalid_grant", error_description: "Bad Request" }, { status: 400 });
      }
      spentCodes.add(form.get("code")!);
      const idToken = await new SignJWT({
        iss: "https://accounts.google.com",
        aud: CLIENT_ID,
        sub: "109876543210987654321",
        email: "cliente.real@gmail.com",
        email_verified: true,
        name: "Cliente Real",
        picture: "https://lh3.googleusercontent.com/a/foto",
        azp: CLIENT_ID,
        ...scenario.claims,
      })
        .setProtectedHeader({ alg: "RS256", kid: "google-key-1", typ: "JWT" })
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(scenario.key === "stranger" ? strangerKey : googleKey);
      return Response.json({
        access_token: "ya29.fake",
        expires_in: 3599,
        scope: "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
        token_type: "Bearer",
        id_token: idToken,
      });
    });
    return calls;
  }

  async function startFlow(browser: Browser) {
    const authorize = new URL(location(await browser.request("/api/auth/google?intent=login")));
    expect(authorize.origin + authorize.pathname).toBe(`${FAKE}/o/oauth2/v2/auth`);
    const params = authorize.searchParams;
    expect(params.get("client_id")).toBe(CLIENT_ID);
    expect(params.get("response_type")).toBe("code");
    expect(params.get("scope")).toBe("openid email profile");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/google/callback`);
    // The cookie is a signed token carrying this state (and the verifier), not the bare state.
    expect(decodeJwt(browser.cookie("vidriera_oauth_state")!).state).toBe(params.get("state"));
    return {
      challenge: params.get("code_challenge")!,
      callback: `/api/auth/google/callback?state=${params.get("state")}&code=google-auth-code&scope=openid`,
    };
  }

  async function signIn(scenario: TokenScenario = {}) {
    const browser = new Browser(real);
    let challenge = "";
    const calls = fakeGoogle({ challenge: () => challenge, redirectUri: `${ORIGIN}/api/auth/google/callback` }, scenario);
    const flow = await startFlow(browser);
    challenge = flow.challenge;
    return { browser, calls, target: location(await browser.request(flow.callback)) };
  }

  it("signs in with a verified ID token and records the Google account", async () => {
    const { browser, calls, target } = await signIn();
    expect(target).toBe("/home");
    expect(calls).toEqual([`POST ${FAKE}/token`, `GET ${FAKE}/oauth2/v3/certs`]);
    const profile = (await (await browser.request("/api/auth/profile")).json()) as { user: Record<string, unknown> };
    expect(profile.user).toMatchObject({
      email: "cliente.real@gmail.com",
      name: "Cliente Real",
      imageUrl: "https://lh3.googleusercontent.com/a/foto",
      credits: 500,
    });
  });

  it("a replayed callback, even with a copy of the state cookie, signs nobody in: Google spent the code", async () => {
    const browser = new Browser(real);
    let challenge = "";
    fakeGoogle({ challenge: () => challenge, redirectUri: `${ORIGIN}/api/auth/google/callback` });
    const flow = await startFlow(browser);
    challenge = flow.challenge;
    const stateCookie = browser.cookie("vidriera_oauth_state")!;
    expect(location(await browser.request(flow.callback))).toBe("/home");
    const replay = new Browser(real);
    replay.setCookie("vidriera_oauth_state", stateCookie, "/api/auth/google");
    expect(location(await replay.request(flow.callback))).toBe("/login?error=google_callback_failed");
    expect(replay.cookie("vidriera_session")).toBeUndefined();
  });

  const failures: [string, TokenScenario][] = [
    ["an ID token for another client", { claims: { aud: "someone-else.apps.googleusercontent.com" } }],
    ["an ID token from another issuer", { claims: { iss: "https://evil.example" } }],
    ["an ID token signed with a key Google does not publish", { key: "stranger" }],
    ["a token endpoint error", { tokenStatus: 400 }],
    ["a token endpoint outage", { tokenStatus: 503 }],
  ];
  for (const [name, scenario] of failures) {
    it(`answers ${name} with google_callback_failed and creates nothing`, async () => {
      const before = await count("users");
      const { browser, target } = await signIn(scenario);
      expect(target).toBe("/login?error=google_callback_failed");
      expect(browser.cookie("vidriera_session")).toBeUndefined();
      expect(await count("users")).toBe(before);
    });
  }

  it("will not link an unverified Google e-mail to an existing account", async () => {
    await register(new Browser(), "duena@example.com");
    const { target } = await signIn({ claims: { sub: "200000000000000000001", email: "duena@example.com", email_verified: false } });
    expect(target).toBe("/login?error=google_email_unverified");
    expect(await count("users", "google_sub IS NOT NULL AND email = ?", "duena@example.com")).toBe(0);
  });

  it("will not create a new account from an unverified Google e-mail", async () => {
    const before = await count("users");
    const { browser, target } = await signIn({
      claims: { sub: "200000000000000000003", email: "sin-verificar@example.com", email_verified: false },
    });
    expect(target).toBe("/login?error=google_email_unverified");
    expect(browser.cookie("vidriera_session")).toBeUndefined();
    expect(await count("users")).toBe(before);
  });

  it("answers email_google_conflict when the e-mail belongs to another Google account", async () => {
    await register(new Browser(), "conflicto@example.com");
    await env.DB.prepare("UPDATE users SET google_sub = 'otra-cuenta' WHERE email = ?").bind("conflicto@example.com").run();
    const { target } = await signIn({ claims: { sub: "200000000000000000002", email: "conflicto@example.com" } });
    expect(target).toBe("/login?error=email_google_conflict");
  });
});
