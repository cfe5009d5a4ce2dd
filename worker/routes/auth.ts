import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import { jwtVerify } from "jose";
import { z } from "zod";
import { database, type Db, shopDatabase } from "../db/client";
import type { Env, SessionUser } from "../env";
import { confirmIdentity, deleteAccount } from "../lib/account-deletion";
import { createAccount, EMAIL_TAKEN, findUserByEmail, setSellerLanguage, toApiUser } from "../lib/accounts";
import { SELLER_LANGUAGES } from "../../common/seller-language";
import { clientAddress } from "../lib/client-address";
import { ApiError } from "../lib/errors";
import { googleMode } from "../lib/google";
import { passwordCost } from "../lib/password-cost";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "../lib/passwords";
import { countResetRequest, EMAIL_UNAVAILABLE, recoveryEmail, RESET_REQUESTED, useResetLink } from "../lib/password-reset";
import { selectMailer } from "../email/select";
import { errorName, log } from "../lib/log";
import { waitUntil } from "cloudflare:workers";
import { clearSessionCookie, endAllSessions, endSession, requireUser, SESSION_COOKIE, sessionKey, startSession } from "../lib/sessions";
import { attempt, passwordAccepted, passwordSubjects, release, type Subject } from "../lib/throttle";
import { validate } from "../lib/validation";
import { noBody, smallJson } from "../lib/body-limit";
import { users } from "../db/schema";
import { eq } from "drizzle-orm";
import { sellerMessage } from "../../common/i18n/seller-messages";
import { requestSellerLanguage, statedSellerLanguage } from "../lib/seller-language";

export const WRONG_CREDENTIALS = "Credenciales incorrectas o error del servidor. Inténtalo de nuevo.";
export const WRONG_CURRENT_PASSWORD = "La contraseña actual no es correcta.";
export const GOOGLE_ONLY_ACCOUNT = "Tu cuenta inicia sesión con Google y no tiene contraseña para cambiar.";

const email = z
  .string({ error: "El email es obligatorio." })
  .trim()
  .toLowerCase()
  .min(1, "El email es obligatorio.")
  .max(254, "El email es demasiado largo.")
  .pipe(z.email({ error: "Ingresa un email válido." }));

const anyPassword = z
  .string({ error: "La contraseña es obligatoria." })
  .min(1, "La contraseña es obligatoria.")
  .max(128, "La contraseña no puede tener más de 128 caracteres.");

const newPassword = anyPassword.min(8, "La contraseña debe tener al menos 8 caracteres.");

const credentials = z.object({ email, password: anyPassword }, { error: "Faltan el email y la contraseña." });
const registration = z.object({ email, password: newPassword }, { error: "Faltan el email y la contraseña." });
const passwordChange = z.object({ currentPassword: anyPassword, newPassword }, { error: "Faltan la contraseña actual y la nueva." });

// Which field is required depends on the account (password or, for Google-only accounts, the e-mail).
const accountDeletion = z.object(
  { password: anyPassword.optional(), email: email.optional() },
  { error: "Confirma tu identidad para eliminar la cuenta." },
);

export const UNKNOWN_LANGUAGE = "Elige uno de estos idiomas: es, pt-BR o en.";
const languageChoice = z.object({ language: z.enum(SELLER_LANGUAGES, { error: UNKNOWN_LANGUAGE }) }, { error: "Falta el idioma." });

const resetRequest = z.object({ email }, { error: "Escribe el email de tu cuenta." });
const resetConfirm = z.object(
  {
    token: z.string({ error: "Falta el enlace." }).min(20, "El enlace está incompleto.").max(128, "El enlace no es válido."),
    password: newPassword,
  },
  { error: "Falta la nueva contraseña." },
);

async function register(c: Context<Env>, db: Db, input: { email: string; password: string }) {
  const signups: Subject[] = [["signupAddress", clientAddress(c)]];
  // Counted first, so a burst of sign-ups cannot all pass before any is recorded.
  await attempt(db, signups);
  let user: SessionUser;
  try {
    user = await createAccount(
      db,
      {
        email: input.email,
        passwordHash: await hashPassword(input.password, passwordCost(c.env, c.req.url)),
        sellerLanguage: statedSellerLanguage(c) ?? undefined,
      },
      c.env,
    );
  } catch (err) {
    // No account was made: the attempt does not use up the address's sign-ups.
    await release(db, signups);
    throw err;
  }
  await startSession(c, db, user.id);
  return user;
}

async function logIn(c: Context<Env>, db: Db, input: { email: string; password: string }) {
  const subjects = passwordSubjects(input.email, clientAddress(c));
  // Counted before the password is checked: a parallel burst gets counts 1, 2, 3, … and only the first pass.
  await attempt(db, subjects);
  const user = await findUserByEmail(db, input.email);
  const ok = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDecoy(input.password, passwordCost(c.env, c.req.url));
  if (!user || !ok) throw new ApiError(401, WRONG_CREDENTIALS);
  await passwordAccepted(db, subjects);
  await startSession(c, db, user.id);
  return user;
}

/**
 * Sign-up and login-or-register: an e-mail that already has an account is a login with that
 * password (the right one signs in, a wrong one gets the login's own 401), never "this e-mail
 * has an account". What a sign-up form can still reveal is described in docs/architecture.md ("Account enumeration").
 */
async function signInOrRegister(c: Context<Env>, db: Db, input: { email: string; password: string }) {
  if (!(await findUserByEmail(db, input.email))) {
    try {
      return { user: await register(c, db, input), created: true };
    } catch (err) {
      // Another sign-up with this e-mail won the race: from here it is a login.
      if (!(err instanceof ApiError && err.message === EMAIL_TAKEN)) throw err;
    }
  }
  return { user: await logIn(c, db, input), created: false };
}

export const auth = new Hono<Env>()
  .get("/providers", (c) => c.json({ google: googleMode(c.env, c.req.url) }))
  .post("/register", smallJson(), validate("json", registration), async (c) => {
    const { user, created } = await signInOrRegister(c, database(c.env.DB), c.req.valid("json"));
    return c.json({ user: toApiUser(user) }, created ? 201 : 200);
  })
  .post("/login", smallJson(), validate("json", credentials), async (c) => {
    const user = await logIn(c, database(c.env.DB), c.req.valid("json"));
    return c.json({ user: toApiUser(user) }, 200);
  })
  .post("/login-or-register", smallJson(), validate("json", credentials), async (c) => {
    // The new-password rule first, for every e-mail: a short password is refused the same way whether
    // or not the e-mail has an account (no account can have one: every password is set with this rule).
    const parsed = registration.safeParse(c.req.valid("json"));
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]!.message);
    const { user, created } = await signInOrRegister(c, database(c.env.DB), parsed.data);
    return c.json({ user: toApiUser(user) }, created ? 201 : 200);
  })
  .delete("/logout", noBody(), async (c) => {
    // Ends the session server-side even if the cookie is about to expire, so
    // a copy of the cookie stops working too. Without a valid one there is
    // nothing to end; the browser's cookie is cleared either way.
    const token = getCookie(c, SESSION_COOKIE);
    if (token) {
      const sid = await jwtVerify(token, sessionKey(c), { algorithms: ["HS256"] }).then(
        ({ payload }) => (typeof payload.sid === "string" ? payload.sid : undefined),
        () => undefined,
      );
      if (sid) await endSession(database(c.env.DB), sid);
    }
    clearSessionCookie(c);
    return c.json({ ok: true }, 200);
  })
  // '¿Olvidaste tu contraseña?': the same answer whether or not the e-mail has an account. The lookup and
  // the sending happen after the answer, so its timing does not tell either.
  .post("/password-reset", smallJson(), validate("json", resetRequest), async (c) => {
    const db = database(c.env.DB);
    const mailer = selectMailer(c.env, c.req.url);
    if (!mailer) throw new ApiError(503, EMAIL_UNAVAILABLE);
    const { email } = c.req.valid("json");
    await countResetRequest(db, email, clientAddress(c));
    const origin = c.env.PUBLIC_ORIGIN?.replace(/\/+$/, "") || new URL(c.req.url).origin;
    const requestId = c.get("requestId");
    // An account that never chose its language gets the e-mail in the one this screen is read in.
    const stated = statedSellerLanguage(c);
    waitUntil(
      (async () => {
        const message = await recoveryEmail(db, email, origin, Date.now(), stated);
        if (message) await mailer.send(message);
      })().catch((err: unknown) => log("error", "recovery e-mail not sent", { requestId, mailer: mailer.name, error: errorName(err) })),
    );
    return c.json({ message: sellerMessage(RESET_REQUESTED, requestSellerLanguage(c)) }, 200);
  })
  // The link's page: a new password, every session ended, and this browser signed in with it.
  .post("/password-reset/confirm", smallJson(), validate("json", resetConfirm), async (c) => {
    const db = database(c.env.DB);
    const { token, password } = c.req.valid("json");
    const cost = passwordCost(c.env, c.req.url);
    const userId = await useResetLink(db, token, password, clientAddress(c), (fresh) => hashPassword(fresh, cost));
    await startSession(c, db, userId);
    const user = await db.select().from(users).where(eq(users.id, userId)).get();
    return c.json({ user: toApiUser(user!) }, 200);
  })
  .get("/profile", requireUser, (c) => c.json({ user: toApiUser(c.get("user")) }, 200))
  // The language the seller reads the app in, remembered on the account for every device.
  .put("/language", smallJson(), requireUser, validate("json", languageChoice), async (c) => {
    const user = await setSellerLanguage(database(c.env.DB), c.get("user").id, c.req.valid("json").language);
    return c.json({ user: toApiUser(user) }, 200);
  })
  .put("/password", smallJson(), requireUser, validate("json", passwordChange), async (c) => {
    const db = database(c.env.DB);
    const user = c.get("user");
    const { currentPassword, newPassword } = c.req.valid("json");
    if (!user.passwordHash) throw new ApiError(409, GOOGLE_ONLY_ACCOUNT);
    // Limited like login: a stolen session must not be a free oracle for the current password.
    const subjects = passwordSubjects(user.email, clientAddress(c));
    await attempt(db, subjects);
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      throw new ApiError(403, WRONG_CURRENT_PASSWORD);
    }
    await passwordAccepted(db, subjects);
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword, passwordCost(c.env, c.req.url)) })
      .where(eq(users.id, user.id));
    // Every other browser holding an old cookie is signed out; this one gets a fresh session.
    await endAllSessions(db, user.id);
    await startSession(c, db, user.id);
    return c.json({ user: toApiUser(user) }, 200);
  })
  .get("/account", requireUser, (c) =>
    c.json({ confirmWith: c.get("user").passwordHash ? ("password" as const) : ("email" as const) }, 200),
  )
  .delete("/account", smallJson(), requireUser, validate("json", accountDeletion), async (c) => {
    const db = database(c.env.DB);
    const user = c.get("user");
    await confirmIdentity(db, user, c.req.valid("json"), clientAddress(c));
    await deleteAccount(db, shopDatabase(c.env, user), c.env.IMAGES, user, c.env);
    clearSessionCookie(c);
    return c.json({ ok: true as const }, 200);
  });
