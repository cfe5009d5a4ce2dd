import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { html } from "hono/html";
import { z } from "zod";
import { database, type Db } from "../db/client";
import { users } from "../db/schema";
import type { Env } from "../env";
import { createAccount, findUserByEmail } from "../lib/accounts";
import { clientAddress } from "../lib/client-address";
import { ApiError } from "../lib/errors";
import { googleSignIn, pkceChallenge, SimulatedGoogle, type GoogleIdentity } from "../lib/google";
import { openGoogleState, sealGoogleState } from "../lib/google-state";
import { randomToken } from "../lib/ids";
import { sessionKey, startSession } from "../lib/sessions";
import { attempt, release, type Subject } from "../lib/throttle";
import { validate } from "../lib/validation";
import { statedSellerLanguage } from "../lib/seller-language";
import type { SellerLanguage } from "../../common/seller-language";
import { errorName, log } from "../lib/log";

/**
 * "Continuar con Google": authorization code flow with state and PKCE.
 * The state and the PKCE verifier live only in a signed, short-lived HttpOnly
 * cookie (SameSite=Lax) that binds them to this browser: starting a sign-in
 * writes nothing to the database, so repeated starts cannot pile rows up, and
 * they are limited per address anyway. The cookie is cleared by the callback;
 * the authorization code itself is single-use at Google. The callback ends at
 * /home, or back at /login or /register with `?error=<code>`.
 */
const STATE_COOKIE = "vidriera_oauth_state";
const STATE_TTL_SECONDS = 10 * 60;
const STATE_COOKIE_PATH = "/api/auth/google";

type Intent = "login" | "register";
type CallbackError =
  | "invalid_state"
  | "access_denied"
  | "email_google_conflict"
  | "google_callback_failed"
  | "google_email_unverified"
  | "too_many_signups"
  | "too_many_starts";

function redirectUri(c: Context<Env>) {
  return new URL("/api/auth/google/callback", c.req.url).toString();
}

function back(c: Context<Env>, intent: Intent, error: CallbackError | "google_not_configured") {
  return c.redirect(`/${intent}?error=${error}`, 302);
}

/**
 * Signs in the Google account: by Google id, else by linking a verified e-mail, else a new account, which
 * counts against the same per-address sign-up limit as an e-mail sign-up (each brings free credits).
 */
async function accountFor(
  db: Db,
  env: Env["Bindings"],
  identity: GoogleIdentity,
  address: string,
  language: SellerLanguage | null,
): Promise<{ userId: string } | { error: CallbackError }> {
  const bySub = await db.select({ id: users.id }).from(users).where(eq(users.googleSub, identity.sub)).get();
  if (bySub) return { userId: bySub.id };
  const email = identity.email.trim().toLowerCase();
  const byEmail = await findUserByEmail(db, email);
  if (byEmail) {
    if (byEmail.googleSub) return { error: "email_google_conflict" };
    // Linking an unverified address would let anyone claim someone else's account.
    if (!identity.emailVerified) return { error: "google_email_unverified" };
    await db.update(users).set({ googleSub: identity.sub }).where(eq(users.id, byEmail.id));
    return { userId: byEmail.id };
  }
  // A new account needs a verified address too: otherwise it squats an e-mail its owner has not proved.
  if (!identity.emailVerified) return { error: "google_email_unverified" };
  const signups: Subject[] = [["signupAddress", address]];
  try {
    await attempt(db, signups);
  } catch (err) {
    if (err instanceof ApiError && err.status === 429) return { error: "too_many_signups" };
    throw err;
  }
  try {
    const created = await createAccount(
      db,
      { email, googleSub: identity.sub, name: identity.name, imageUrl: identity.picture, sellerLanguage: language ?? undefined },
      env,
    );
    return { userId: created.id };
  } catch (err) {
    // No account was made: the attempt does not use up the address's sign-ups.
    await release(db, signups);
    throw err;
  }
}

export const googleAuth = new Hono<Env>()
  .get("/", validate("query", z.object({ intent: z.enum(["login", "register"]).catch("login") })), async (c) => {
    const { intent } = c.req.valid("query");
    const google = googleSignIn(c.env, c.req.url);
    if (!google) return back(c, intent, "google_not_configured");
    try {
      await attempt(database(c.env.DB), [["googleStartAddress", clientAddress(c)]]);
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) return back(c, intent, "too_many_starts");
      throw err;
    }
    const state = randomToken();
    const codeVerifier = randomToken();
    setCookie(c, STATE_COOKIE, await sealGoogleState(sessionKey(c), { state, codeVerifier, intent }, STATE_TTL_SECONDS), {
      httpOnly: true,
      secure: true,
      sameSite: "Lax",
      path: STATE_COOKIE_PATH,
      maxAge: STATE_TTL_SECONDS,
    });
    return c.redirect(
      google.authorizationUrl({ state, codeChallenge: await pkceChallenge(codeVerifier), redirectUri: redirectUri(c) }),
      302,
    );
  })
  .get("/callback", async (c) => {
    const db = database(c.env.DB);
    const { state, code, error } = c.req.query();
    const sealed = getCookie(c, STATE_COOKIE);
    deleteCookie(c, STATE_COOKIE, { path: STATE_COOKIE_PATH, secure: true });
    // A missing, tampered or expired cookie, or one of another flow, opens to nothing.
    const saved = sealed && state ? await openGoogleState(sessionKey(c), sealed, state) : undefined;
    if (!saved) return back(c, "login", "invalid_state");
    if (error === "access_denied") return back(c, saved.intent, "access_denied");
    const google = googleSignIn(c.env, c.req.url);
    if (!google) return back(c, saved.intent, "google_not_configured");
    if (error || !code) return back(c, saved.intent, "google_callback_failed");

    let identity: GoogleIdentity;
    try {
      identity = await google.exchangeCode(code, saved.codeVerifier, redirectUri(c));
    } catch (err) {
      // The class only: Google's error text can echo the code or the account.
      log("warn", "google exchange failed", { requestId: c.get("requestId"), error: errorName(err) });
      return back(c, saved.intent, "google_callback_failed");
    }
    const account = await accountFor(db, c.env, identity, clientAddress(c), statedSellerLanguage(c));
    if ("error" in account) return back(c, saved.intent, account.error);
    await startSession(c, db, account.userId);
    return c.redirect("/home", 302);
  })
  // The offline stand-in's consent screen; it exists only while GOOGLE_SIGN_IN=simulated.
  .get(
    "/simulated",
    validate(
      "query",
      z.object({ state: z.string().min(1), code_challenge: z.string().min(1), redirect_uri: z.url() }, { error: "Solicitud inválida." }),
    ),
    (c) => {
      if (googleSignIn(c.env, c.req.url)?.mode !== "simulated") throw new ApiError(404, "No encontrado.");
      const q = c.req.valid("query");
      c.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
      return c.html(simulatedConsentPage(q.state, q.code_challenge, q.redirect_uri));
    },
  )
  .get(
    "/simulated/decision",
    validate(
      "query",
      z.object(
        {
          state: z.string().min(1),
          code_challenge: z.string().min(1),
          redirect_uri: z.url(),
          decision: z.enum(["allow", "deny"]),
          email: z
            .string()
            .trim()
            .toLowerCase()
            .pipe(z.email({ error: "Ingresa un email válido." }))
            .optional(),
          name: z.string().trim().max(80).optional(),
        },
        { error: "Solicitud inválida." },
      ),
    ),
    async (c) => {
      if (googleSignIn(c.env, c.req.url)?.mode !== "simulated") throw new ApiError(404, "No encontrado.");
      const q = c.req.valid("query");
      const target = new URL(q.redirect_uri);
      // Only ever hands a code back to this app's own callback.
      if (target.origin !== new URL(c.req.url).origin) throw new ApiError(400, "Solicitud inválida.");
      target.searchParams.set("state", q.state);
      if (q.decision === "deny" || !q.email) {
        target.searchParams.set("error", "access_denied");
      } else {
        const code = await SimulatedGoogle.issueCode(sessionKey(c), { email: q.email, name: q.name }, q.code_challenge);
        target.searchParams.set("code", code);
      }
      return c.redirect(target.toString(), 302);
    },
  );

function simulatedConsentPage(state: string, codeChallenge: string, redirectUriValue: string) {
  return html`<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Google (simulado) · Vidriera</title>
    <style>
      body { font-family: system-ui, sans-serif; background: #f1f5f9; display: grid; place-items: center; min-height: 100vh; margin: 0; }
      form { background: #fff; padding: 2rem; border-radius: 1rem; max-width: 22rem; width: 100%; box-shadow: 0 8px 30px #0f172a1a; }
      label { display: block; margin-top: 1rem; font-size: .9rem; color: #334155; }
      input { width: 100%; box-sizing: border-box; padding: .6rem; margin-top: .3rem; border: 1px solid #cbd5e1; border-radius: .5rem; }
      .actions { display: flex; gap: .5rem; margin-top: 1.5rem; }
      button { flex: 1; padding: .7rem; border-radius: .5rem; border: 0; font-weight: 600; cursor: pointer; }
      .allow { background: #1d4ed8; color: #fff; } .deny { background: #e2e8f0; color: #0f172a; }
      p { color: #475569; font-size: .9rem; }
    </style>
  </head>
  <body>
    <form method="get" action="/api/auth/google/simulated/decision">
      <h1>Google (simulado)</h1>
      <p>Este servidor no tiene configurado Google: esta pantalla lo reemplaza para probar el inicio de sesión sin conexión.</p>
      <input type="hidden" name="state" value="${state}" />
      <input type="hidden" name="code_challenge" value="${codeChallenge}" />
      <input type="hidden" name="redirect_uri" value="${redirectUriValue}" />
      <label>Email de la cuenta de Google <input name="email" type="email" value="vendedora@example.com" required /></label>
      <label>Nombre <input name="name" value="Vendedora de Prueba" /></label>
      <div class="actions">
        <button class="deny" type="submit" name="decision" value="deny" formnovalidate>Cancelar</button>
        <button class="allow" type="submit" name="decision" value="allow">Continuar</button>
      </div>
    </form>
  </body>
</html>`;
}
