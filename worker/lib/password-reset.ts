import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginThrottle, passwordResets, sessions, users } from "../db/schema";
import type { EmailMessage } from "../email/types";
import { ApiError } from "./errors";
import { base64url, randomToken } from "./ids";
import { hashPassword } from "./passwords";
import { attempt } from "./throttle";
import { esc } from "./html";
import type { SellerLanguage } from "../../common/seller-language";
import { RECOVERY_TEXTS } from "./password-reset-texts";
import { accountSellerLanguage } from "./seller-language";

/**
 * Password recovery (issue 14.6). A link holds a random token; D1 keeps only
 * its SHA-256, so a copy of the database cannot reset anyone's password. A
 * link works once and for one hour, and a newer link replaces older ones.
 */
export const RESET_LINK_MS = 60 * 60 * 1000;
export const RESET_REQUESTED =
  "Si hay una cuenta con ese email, te enviamos un correo con los pasos para entrar. Revisa tu bandeja de entrada y la carpeta de spam.";
export const RESET_LINK_INVALID = "El enlace no es válido, ya se usó o venció. Pide uno nuevo desde '¿Olvidaste tu contraseña?'.";
export const TOO_MANY_RESETS = "Pediste muchos correos de recuperación seguidos. Espera una hora e inténtalo de nuevo.";
export const EMAIL_UNAVAILABLE = "La recuperación por correo no está disponible en este momento. Escríbenos desde 'Ayuda'.";

// Per e-mail: nobody's inbox gets flooded. Per address: nobody sprays links across many e-mails.
const LIMITS = { account: 3, address: 10 } as const;
const WINDOW_MS = 60 * 60 * 1000;

async function sha256(token: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token))));
}

/**
 * Counts this request against the e-mail and the address in ONE statement
 * (a two-row upsert that answers the new counts), so requests fired together
 * each see their own count and only the allowed number pass. Counted whether
 * or not the e-mail has an account, so a 429 says nothing about that either.
 */
export async function countResetRequest(db: Db, email: string, address: string, now = Date.now()): Promise<void> {
  const expired = now - WINDOW_MS;
  const rows = await db
    .insert(loginThrottle)
    .values([
      { key: `resetAccount:${email}`, failures: 1, windowStartedAt: new Date(now) },
      { key: `resetAddress:${address}`, failures: 1, windowStartedAt: new Date(now) },
    ])
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`CASE WHEN ${loginThrottle.windowStartedAt} <= ${expired} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${loginThrottle.windowStartedAt} <= ${expired} THEN ${now} ELSE ${loginThrottle.windowStartedAt} END`,
      },
    })
    .returning({ key: loginThrottle.key, count: loginThrottle.failures });
  for (const row of rows) {
    const limit = row.key.startsWith("resetAccount:") ? LIMITS.account : LIMITS.address;
    if (row.count > limit) throw new ApiError(429, TOO_MANY_RESETS);
  }
}

/**
 * The e-mail for `email`, or null when there is no such account (then nothing
 * is sent). A Google-only account gets a note to use Google instead of a link,
 * so the screen's answer is the same for every case.
 */
export async function recoveryEmail(
  db: Db,
  email: string,
  origin: string,
  now = Date.now(),
  stated: SellerLanguage | null = null,
): Promise<EmailMessage | null> {
  const user = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      googleSub: users.googleSub,
      sellerLanguage: users.sellerLanguage,
      countryCode: users.countryCode,
    })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .get();
  if (!user) return null;
  const language = accountSellerLanguage(user, stated);
  if (!user.passwordHash) return googleOnlyEmail(email, origin, language);
  const token = randomToken();
  // The newest link is the only one that works.
  await db.batch([
    db.delete(passwordResets).where(eq(passwordResets.userId, user.id)),
    db.insert(passwordResets).values({ tokenHash: await sha256(token), userId: user.id, expiresAt: new Date(now + RESET_LINK_MS) }),
  ]);
  // In the fragment, so the token never reaches a server log or a Referer header.
  return resetEmail(email, `${origin}/restablecer#token=${token}`, language);
}

function resetEmail(to: string, link: string, language: SellerLanguage): EmailMessage {
  const say = RECOVERY_TEXTS[language];
  const text = [say.hello, "", say.resetAsked, say.resetOpen, "", link, "", say.resetIgnore].join("\n");
  const html = `<p>${say.hello}</p><p>${say.resetAsked}</p><p><a href="${esc(link)}">${say.resetButton}</a></p><p>${say.resetValid} ${say.resetIgnore}</p>`;
  return { to, subject: say.resetSubject, text, html };
}

function googleOnlyEmail(to: string, origin: string, language: SellerLanguage): EmailMessage {
  const login = `${origin}/login`;
  const say = RECOVERY_TEXTS[language];
  const text = [say.hello, "", say.googleAsked, say.googleHow, "", login, "", say.googleIgnore].join("\n");
  const html = `<p>${say.hello}</p><p>${say.googleAsked}</p><p>${say.googleHtml(esc(login))}</p><p>${say.googleIgnore}</p>`;
  return { to, subject: say.googleSubject, text, html };
}

/**
 * Uses a link. Every attempt is counted first, per address and per link (a burst of guesses from one
 * address, or one leaked link tried from many, is refused with 429 before any work); then the token is
 * looked up, and only a live link's password is hashed (scrypt, about 180 ms of CPU: hashing before the
 * check let random tokens burn the CPU every sign-in shares). The link is then claimed in one statement
 * (only one of two requests racing with the same link wins), and the password set and every session of
 * the account ended together. Returns the user id, or throws 400/429.
 */
export async function useResetLink(
  db: Db,
  token: string,
  password: string,
  address: string,
  hash: (password: string) => Promise<string> = hashPassword,
  now = Date.now(),
): Promise<string> {
  const tokenHash = await sha256(token);
  await attempt(db, [
    ["resetConfirmAddress", address],
    ["resetConfirmLink", tokenHash],
  ]);
  const live = and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date(now)));
  if (!(await db.select({ userId: passwordResets.userId }).from(passwordResets).where(live).get())) {
    throw new ApiError(400, RESET_LINK_INVALID);
  }
  const passwordHash = await hash(password);
  const claimed = await db
    .update(passwordResets)
    .set({ usedAt: new Date(now) })
    .where(live)
    .returning({ userId: passwordResets.userId })
    .get();
  if (!claimed) throw new ApiError(400, RESET_LINK_INVALID);
  await db.batch([
    db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, claimed.userId), isNull(users.deletedAt))),
    db.delete(sessions).where(eq(sessions.userId, claimed.userId)),
    db.delete(passwordResets).where(eq(passwordResets.userId, claimed.userId)),
  ]);
  return claimed.userId;
}
