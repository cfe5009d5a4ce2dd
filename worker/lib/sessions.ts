import { and, eq, gt, isNull } from "drizzle-orm";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { jwtVerify, SignJWT } from "jose";
import { database, type Db } from "../db/client";
import { sessions, users } from "../db/schema";
import type { Env, SessionUser } from "../env";
import { ApiError } from "./errors";
import { randomToken } from "./ids";

/**
 * Sessions live in D1 (so logout and a password change end them for real);
 * the cookie carries the session id inside a JWT signed with SESSION_SECRET,
 * so a forged cookie is refused before it costs a query.
 */
export const SESSION_COOKIE = "vidriera_session";
const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

export const NOT_SIGNED_IN = "Debes iniciar sesión para continuar.";
export const SESSION_INVALID = "Tu sesión expiró o no es válida. Inicia sesión de nuevo.";

/** The key every signed token of the app uses (sessions, OAuth state, e-mail links); takes a context or anything with `env`. */
export function sessionKey(c: { env: Pick<Env["Bindings"], "SESSION_SECRET"> }): Uint8Array {
  const secret = c.env.SESSION_SECRET;
  // Refuse to sign anything with a missing or toy secret rather than run insecurely.
  if (!secret || secret.length < 32) throw new Error("SESSION_SECRET is missing or shorter than 32 characters");
  return new TextEncoder().encode(secret);
}

export async function startSession(c: Context<Env>, db: Db, userId: string): Promise<void> {
  const id = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_MS);
  await db.insert(sessions).values({ id, userId, expiresAt });
  const token = await new SignJWT({ sid: id })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(sessionKey(c));
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/",
    expires: expiresAt,
  });
}

/**
 * The session cookie's claims once its signature and expiry check out: the
 * session id and the user it was issued to. No D1 read, so it says nothing of
 * a logout since; readSession asks D1 for that.
 */
export async function signedSession(c: Context<Env>): Promise<{ sessionId: string; userId: string } | "none" | "invalid"> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return "none";
  try {
    const { payload } = await jwtVerify(token, sessionKey(c), { algorithms: ["HS256"] });
    if (typeof payload.sid !== "string" || typeof payload.sub !== "string") return "invalid";
    return { sessionId: payload.sid, userId: payload.sub };
  } catch {
    return "invalid";
  }
}

/** The signed-in user and session id, or why there is none. */
async function readSession(c: Context<Env>, db: Db): Promise<{ user: SessionUser; sessionId: string } | "none" | "invalid"> {
  const signed = await signedSession(c);
  if (typeof signed === "string") return signed;
  const { sessionId } = signed;
  const row = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A deleted account's sessions are gone with it; this also refuses one that slipped past that batch.
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date()), isNull(users.deletedAt)))
    .get();
  return row ? { user: row.user, sessionId } : "invalid";
}

export function clearSessionCookie(c: Context<Env>) {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: true, httpOnly: true, sameSite: "Lax" });
}

/**
 * Guards a route: sets `user` and `sessionId`, or answers 401 in Spanish.
 * Sub-apps mounted at the same prefix each declare it; it checks once per request.
 */
export const requireUser = createMiddleware<Env>(async (c, next) => {
  if (c.get("sessionId")) return next();
  const session = await readSession(c, database(c.env.DB));
  if (session === "none") throw new ApiError(401, NOT_SIGNED_IN);
  if (session === "invalid") {
    clearSessionCookie(c);
    return c.json({ error: SESSION_INVALID }, 401);
  }
  c.set("user", session.user);
  c.set("sessionId", session.sessionId);
  await next();
});

export async function endSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function endAllSessions(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
