import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getCookie } from "hono/cookie";
import { jwtVerify } from "jose";
import { z } from "zod";
import { database, type Db } from "../db/client";
import type { Env } from "../env";
import { confirmIdentity, deleteAccount } from "../lib/account-deletion";
import { createAccount, findUserByEmail, toApiUser } from "../lib/accounts";
import { ApiError, BODY_TOO_LARGE } from "../lib/errors";
import { googleMode } from "../lib/google";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "../lib/passwords";
import { countResetRequest, EMAIL_UNAVAILABLE, recoveryEmail, RESET_REQUESTED, useResetLink } from "../lib/password-reset";
import { selectMailer } from "../email/select";
import { errorName, log } from "../lib/log";
import { waitUntil } from "cloudflare:workers";
import {
  clearSessionCookie,
  endAllSessions,
  endSession,
  requireUser,
  SESSION_COOKIE,
  sessionKey,
  startSession,
} from "../lib/sessions";
import { assertAllowed, clear, record, type Subject } from "../lib/throttle";
import { validate } from "../lib/validation";
import { users } from "../db/schema";
import { eq } from "drizzle-orm";

export const WRONG_CREDENTIALS = "Credenciales incorrectas o error del servidor. Inténtalo de nuevo.";
export const WRONG_CURRENT_PASSWORD = "La contraseña actual no es correcta.";
export const GOOGLE_ONLY_ACCOUNT = "Tu cuenta inicia sesión con Google y no tiene contraseña para cambiar.";

const email = z
  .string({ error: "El email es obligatorio." })
  .trim()
  .toLowerCase()
  .min(1, "El email es obligatorio.")
  .max(254, "El email es demasiado largo.")
  .pipe(z.email({ error: "Ingresá un email válido." }));

const anyPassword = z
  .string({ error: "La contraseña es obligatoria." })
  .min(1, "La contraseña es obligatoria.")
  .max(128, "La contraseña no puede tener más de 128 caracteres.");

const newPassword = anyPassword.min(8, "La contraseña debe tener al menos 8 caracteres.");

const credentials = z.object({ email, password: anyPassword }, { error: "Faltan el email y la contraseña." });
const registration = z.object({ email, password: newPassword }, { error: "Faltan el email y la contraseña." });
const passwordChange = z.object(
  { currentPassword: anyPassword, newPassword },
  { error: "Faltan la contraseña actual y la nueva." },
);

// Which field is required depends on the account (password or, for Google-only accounts, the e-mail).
const accountDeletion = z.object(
  { password: anyPassword.optional(), email: email.optional() },
  { error: "Confirmá tu identidad para eliminar la cuenta." },
);

const resetRequest = z.object({ email }, { error: "Escribe el email de tu cuenta." });
const resetConfirm = z.object(
  { token: z.string({ error: "Falta el enlace." }).min(20, "El enlace está incompleto.").max(128, "El enlace no es válido."), password: newPassword },
  { error: "Falta la nueva contraseña." },
);

function clientAddress(c: Context<Env>): string {
  return c.req.header("cf-connecting-ip") ?? "unknown";
}

async function register(c: Context<Env>, db: Db, input: { email: string; password: string }) {
  const signups: Subject[] = [["signupAddress", clientAddress(c)]];
  await assertAllowed(db, signups);
  const user = await createAccount(db, { email: input.email, passwordHash: await hashPassword(input.password) });
  await record(db, signups);
  await startSession(c, db, user.id);
  return user;
}

async function logIn(c: Context<Env>, db: Db, input: { email: string; password: string }) {
  const account: Subject = ["loginAccount", input.email];
  const subjects: Subject[] = [account, ["loginAddress", clientAddress(c)]];
  await assertAllowed(db, subjects);
  const user = await findUserByEmail(db, input.email);
  const ok = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDecoy(input.password);
  if (!user || !ok) {
    await record(db, subjects);
    throw new ApiError(401, WRONG_CREDENTIALS);
  }
  // Not the address's count: one person may be trying many accounts.
  await clear(db, account);
  await startSession(c, db, user.id);
  return user;
}

// Per route, not for the whole /api/auth prefix: the store form (also under /api/auth) sends a logo.
const smallBody = bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json({ error: BODY_TOO_LARGE }, 413) });

export const auth = new Hono<Env>()
  .get("/providers", (c) => c.json({ google: googleMode(c.env) }))
  .post("/register", smallBody, validate("json", registration), async (c) => {
    const user = await register(c, database(c.env.DB), c.req.valid("json"));
    return c.json({ user: toApiUser(user) }, 201);
  })
  .post("/login", smallBody, validate("json", credentials), async (c) => {
    const user = await logIn(c, database(c.env.DB), c.req.valid("json"));
    return c.json({ user: toApiUser(user) }, 200);
  })
  .post("/login-or-register", smallBody, validate("json", credentials), async (c) => {
    const db = database(c.env.DB);
    const input = c.req.valid("json");
    if (await findUserByEmail(db, input.email)) {
      return c.json({ user: toApiUser(await logIn(c, db, input)) }, 200);
    }
    const parsed = registration.safeParse(input);
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]!.message);
    return c.json({ user: toApiUser(await register(c, db, parsed.data)) }, 201);
  })
  .delete("/logout", async (c) => {
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
  .post("/password-reset", smallBody, validate("json", resetRequest), async (c) => {
    const db = database(c.env.DB);
    const mailer = selectMailer(c.env, c.req.url);
    if (!mailer) throw new ApiError(503, EMAIL_UNAVAILABLE);
    const { email } = c.req.valid("json");
    await countResetRequest(db, email, clientAddress(c));
    const origin = c.env.PUBLIC_ORIGIN?.replace(/\/+$/, "") || new URL(c.req.url).origin;
    const requestId = c.get("requestId");
    waitUntil(
      (async () => {
        const message = await recoveryEmail(db, email, origin);
        if (message) await mailer.send(message);
      })().catch((err: unknown) => log("error", "recovery e-mail not sent", { requestId, mailer: mailer.name, error: errorName(err) })),
    );
    return c.json({ message: RESET_REQUESTED }, 200);
  })
  // The link's page: a new password, every session ended, and this browser signed in with it.
  .post("/password-reset/confirm", smallBody, validate("json", resetConfirm), async (c) => {
    const db = database(c.env.DB);
    const { token, password } = c.req.valid("json");
    const userId = await useResetLink(db, token, await hashPassword(password));
    await startSession(c, db, userId);
    const user = await db.select().from(users).where(eq(users.id, userId)).get();
    return c.json({ user: toApiUser(user!) }, 200);
  })
  .get("/profile", requireUser, (c) => c.json({ user: toApiUser(c.get("user")) }, 200))
  .put("/password", smallBody, requireUser, validate("json", passwordChange), async (c) => {
    const db = database(c.env.DB);
    const user = c.get("user");
    const { currentPassword, newPassword } = c.req.valid("json");
    if (!user.passwordHash) throw new ApiError(409, GOOGLE_ONLY_ACCOUNT);
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      throw new ApiError(403, WRONG_CURRENT_PASSWORD);
    }
    await db.update(users).set({ passwordHash: await hashPassword(newPassword) }).where(eq(users.id, user.id));
    // Every other browser holding an old cookie is signed out; this one gets a fresh session.
    await endAllSessions(db, user.id);
    await startSession(c, db, user.id);
    return c.json({ user: toApiUser(user) }, 200);
  })
  .get("/account", requireUser, (c) =>
    c.json({ confirmWith: c.get("user").passwordHash ? ("password" as const) : ("email" as const) }, 200),
  )
  .delete("/account", smallBody, requireUser, validate("json", accountDeletion), async (c) => {
    const db = database(c.env.DB);
    const user = c.get("user");
    await confirmIdentity(db, user, c.req.valid("json"), clientAddress(c));
    await deleteAccount(db, c.env.IMAGES, user);
    clearSessionCookie(c);
    return c.json({ ok: true as const }, 200);
  });
