/**
 * The weekly summary e-mail: on Mondays (wrangler.toml [triggers]) every seller
 * whose store had visits in the last full week (Monday to Sunday, in the
 * store's time zone) gets the week's figures against the week before, through
 * the app's e-mail layer (the local outbox offline). Once per seller and week:
 * each send first claims its row in `weekly_summaries`, so a cron that runs
 * twice, even at the same time, sends nothing twice; a send that fails gives
 * its claim back for a later run. The unsubscribe link carries a signed token
 * (no sign-in needed); 'Estadísticas' turns the e-mail back on.
 */
import { and, asc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { ARS_MONEY, formatAmount, type StoreMoney } from "../../common/store-money";
import { storeMoneyOf } from "../lib/store-locale";
import { storeTimeZone } from "../../common/store-stats";
import type { SellerLanguage } from "../../common/seller-language";
import { accountSellerLanguage } from "../lib/seller-language";
import { WEEKLY_TEXTS } from "./weekly-texts";
import { database, type Db, shopDatabase } from "../db/client";
import { users, weeklyEmailOptOuts, weeklySummaries } from "../db/schema";
import { selectMailer } from "../email/select";
import type { EmailMessage } from "../email/types";
import type { Bindings } from "../env";
import { errorName, log } from "../lib/log";
import { sessionKey } from "../lib/sessions";
import { esc } from "../lib/html";
import { addDays, dayStart, localDay } from "./days";
import { totalsOf } from "./report";
import { statsEngine } from "./select";

/** wrangler.toml [triggers]: Mondays at 12:00 UTC, the morning across Latin America. */
export const WEEKLY_SUMMARY_CRON = "0 12 * * 1";
/** Sellers read from D1 at a time. */
const PAGE = 200;
const UNSUBSCRIBE_PURPOSE = "weekly-email-unsubscribe";

export const UNSUBSCRIBE_PATH = "/estadisticas/baja";
export const STATS_PATH = "/estadisticas";

/** The Monday that starts the week of `day` (YYYY-MM-DD). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** A token that turns the weekly e-mail off for one seller; it never expires and can do nothing else. */
export async function unsubscribeToken(env: Pick<Bindings, "SESSION_SECRET">, userId: string): Promise<string> {
  return new SignJWT({ purpose: UNSUBSCRIBE_PURPOSE })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuedAt()
    .sign(sessionKey({ env }));
}

/** The seller a token names, or null for anything else (a session cookie, a forged or altered token). */
export async function unsubscribeTokenUser(env: Pick<Bindings, "SESSION_SECRET">, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, sessionKey({ env }), { algorithms: ["HS256"] });
    return payload.purpose === UNSUBSCRIBE_PURPOSE && typeof payload.sub === "string" ? payload.sub : null;
  } catch {
    return null;
  }
}

export async function setWeeklyEmail(db: Db, userId: string, enabled: boolean) {
  if (enabled) await db.delete(weeklyEmailOptOuts).where(eq(weeklyEmailOptOuts.userId, userId));
  else await db.insert(weeklyEmailOptOuts).values({ userId }).onConflictDoNothing();
}

export async function weeklyEmailOn(db: Db, userId: string): Promise<boolean> {
  return !(await db
    .select({ userId: weeklyEmailOptOuts.userId })
    .from(weeklyEmailOptOuts)
    .where(eq(weeklyEmailOptOuts.userId, userId))
    .get());
}

/** "3 de noviembre", "3 de novembro", "3 November": a day of the week's span in the seller's language. */
const spoken = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

interface WeekFigures {
  visits: number;
  visitsBefore: number;
  pageViews: number;
  cartAdds: number;
  ordersSent: number;
  ordersConfirmed: number;
  /** Per currency, the store's current one first (a store that changed its money has orders in both). */
  amountsConfirmed: { amount: number; currency: string }[];
  emptySearches: number;
}

/** "R$ 279,70 y $ 12.500": each currency's sum in its own money, never added together. */
function amounts(list: { amount: number; currency: string }[], locale: string, and: string): string {
  const written = list.map((a) => formatAmount(a.amount, a.currency, locale));
  return written.length > 1 ? `${written.slice(0, -1).join(", ")} ${and} ${written.at(-1)}` : (written[0] ?? "");
}

export function weeklyEmail(
  seller: { email: string; name: string | null; username: string; money?: StoreMoney },
  week: { monday: string; figures: WeekFigures },
  links: { stats: string; unsubscribe: string },
  language: SellerLanguage = "es",
): EmailMessage {
  const say = WEEKLY_TEXTS[language];
  const f = week.figures;
  const store = seller.name?.trim() || seller.username;
  const count = (n: number) => n.toLocaleString(say.locale);
  const lines = [
    say.visits(count(f.visits), say.change(f.visits, f.visitsBefore)),
    say.pageViews(count(f.pageViews)),
    say.cartAdds(count(f.cartAdds)),
    say.ordersSent(count(f.ordersSent)),
    say.ordersConfirmed(
      count(f.ordersConfirmed),
      f.amountsConfirmed.length ? amounts(f.amountsConfirmed, (seller.money ?? ARS_MONEY).locale, say.and) : null,
    ),
    ...(f.emptySearches ? [say.emptySearches(`${count(f.emptySearches)} ${say.searchesWord(f.emptySearches)}`)] : []),
  ];
  const period = say.period(spoken(week.monday, say.locale), spoken(addDays(week.monday, 6), say.locale));
  const intro = say.intro(store, period);
  return {
    to: seller.email,
    subject: say.subject(store, `${count(f.visits)} ${say.visitsWord(f.visits)}`),
    text: [say.hello, "", intro, "", ...lines.map((l) => `- ${l}`), "", say.more, links.stats, "", say.leave, links.unsubscribe].join("\n"),
    html: [
      `<p>${say.hello}</p>`,
      `<p>${esc(intro)}</p>`,
      `<ul>${lines.map((l) => `<li>${esc(l)}</li>`).join("")}</ul>`,
      `<p>${esc(say.more)} <a href="${esc(links.stats)}">${say.statsLink}</a></p>`,
      `<p style="color:#64748b;font-size:12px">${esc(say.leave.replace(/:$/, "."))} <a href="${esc(links.unsubscribe)}">${say.unsubscribeLink}</a></p>`,
    ].join(""),
  };
}

/** Sends last week's summary to every seller who had visits and has not turned it off; answers what it did. */
export async function sendWeeklySummaries(env: Bindings, now = Date.now()): Promise<{ sent: number; failed: number }> {
  const done = { sent: 0, failed: 0 };
  // The links must reach the seller's inbox: without a public address there is nothing to link to.
  const origin = env.PUBLIC_ORIGIN?.trim().replace(/\/+$/, "");
  const mailer = origin ? selectMailer(env, origin) : null;
  if (!origin || !mailer) {
    log("warn", "weekly summary skipped", { reason: origin ? "no-mailer" : "no-public-origin" });
    return done;
  }
  const db = database(env.DB);
  const engine = statsEngine(env);
  let after = "";
  for (;;) {
    const sellers = await db
      .select({
        id: users.id,
        shard: users.shard,
        email: users.email,
        name: users.name,
        username: users.username,
        phone: users.phone,
        countryCode: users.countryCode,
        storeCurrency: users.storeCurrency,
        storeLocale: users.storeLocale,
        sellerLanguage: users.sellerLanguage,
      })
      .from(users)
      .leftJoin(weeklyEmailOptOuts, eq(weeklyEmailOptOuts.userId, users.id))
      .where(and(isNotNull(users.username), isNull(users.deletedAt), isNull(weeklyEmailOptOuts.userId), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(PAGE);
    if (!sellers.length) break;
    after = sellers.at(-1)!.id;
    // One question to the engine per time zone: each zone has its own Monday.
    const byZone = new Map<string, typeof sellers>();
    for (const s of sellers) byZone.set(storeTimeZone(s), [...(byZone.get(storeTimeZone(s)) ?? []), s]);
    for (const [timeZone, group] of byZone) {
      const monday = mondayOf(addDays(localDay(now, timeZone), -7));
      const before = addDays(monday, -7);
      const counts = await engine.days(
        group.map((s) => s.id),
        { from: dayStart(before, timeZone), to: dayStart(addDays(monday, 7), timeZone), timeZone },
      );
      for (const seller of group) {
        const rows = counts.stores.get(seller.id) ?? [];
        const week = totalsOf(rows, monday, addDays(monday, 6), storeMoneyOf(seller).currency);
        if (week.visits === 0) continue;
        const figures: WeekFigures = {
          visits: week.visits,
          visitsBefore: totalsOf(rows, before, addDays(before, 6)).visits,
          pageViews: week.pageViews,
          cartAdds: week.cartAdds,
          ordersSent: week.ordersSent,
          ordersConfirmed: week.ordersConfirmed,
          amountsConfirmed: week.amountsConfirmed,
          emptySearches: week.emptySearches,
        };
        // The claim lives in the seller's shop database, as the rest of the shop does.
        const shopDb = shopDatabase(env, seller);
        const claimed = await shopDb
          .insert(weeklySummaries)
          .values({ userId: seller.id, week: monday })
          .onConflictDoNothing()
          .returning({ userId: weeklySummaries.userId });
        if (!claimed.length) continue;
        const links = {
          stats: `${origin}${STATS_PATH}`,
          // In the fragment: the token never reaches a server log or a Referer header.
          unsubscribe: `${origin}${UNSUBSCRIBE_PATH}#token=${await unsubscribeToken(env, seller.id)}`,
        };
        try {
          await mailer.send(
            weeklyEmail(
              { ...seller, username: seller.username!, money: storeMoneyOf(seller).money },
              { monday, figures },
              links,
              accountSellerLanguage(seller),
            ),
          );
          done.sent++;
        } catch (err) {
          done.failed++;
          log("warn", "weekly summary not sent", { user: seller.id, error: errorName(err) });
          await shopDb.delete(weeklySummaries).where(and(eq(weeklySummaries.userId, seller.id), eq(weeklySummaries.week, monday)));
        }
      }
    }
  }
  log("info", "weekly summaries", { sent: done.sent, failed: done.failed });
  return done;
}
