/**
 * The weekly summary e-mail (worker/stats/weekly.ts): to sellers whose store
 * had visits last week, once per seller and week however many times the cron
 * runs, through the e-mail layer (the local outbox on a local host, the
 * Cloudflare client against a fake upstream), with an unsubscribe link that
 * works signed out and a setting that turns it back on.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Bindings } from "../../worker/env";
import worker from "../../worker/index";
import { SESSION_COOKIE } from "../../worker/lib/sessions";
import { UNSUBSCRIBE_LINK_INVALID } from "../../worker/routes/stats";
import { addDays, dayStart, localDay } from "../../worker/stats/days";
import { formatAmount } from "../../common/store-money";
import { event } from "../../worker/stats/events";
import { mondayOf, sendWeeklySummaries, WEEKLY_SUMMARY_CRON } from "../../worker/stats/weekly";
import { workerLogs } from "./capture-logs";
import { fakeUpstream, json } from "./payments-fakes";
import { recordAt, reportOf, settled, Shopper } from "./stats-helpers";
import { seller } from "./store-helpers";

const ORIGIN = "https://vidriera.test";
const ZONE = "America/Argentina/Buenos_Aires";
const withOrigin = { ...env, PUBLIC_ORIGIN: ORIGIN } as Bindings;
const WEEK = 7 * 24 * 60 * 60 * 1000;

beforeEach(() => {
  // The local outbox prints each mail for `npm run dev`; here the mails are read from D1 instead.
  const print = console.log;
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    if (!(typeof args[0] === "string" && args[0].includes("[outbox]"))) print(...args);
  });
});
afterEach(() => vi.restoreAllMocks());

/** An instant on a day of the full week before the one `now` is in (the store's days), plus `weeks` weeks. */
function lastWeek(now: number, weekday: number) {
  const monday = mondayOf(addDays(localDay(now, ZONE), -7));
  return dayStart(addDays(monday, weekday), ZONE) + 15 * 60 * 60 * 1000;
}

const visits = (n: number) => Array.from({ length: n }, () => event("view", { entry: true, source: "instagram" }));

async function mailsTo(email: string) {
  return (
    await env.DB.prepare('SELECT subject, text, html FROM email_outbox WHERE "to" = ? ORDER BY id')
      .bind(email)
      .all<{ subject: string; text: string; html: string }>()
  ).results;
}

async function storeWithEmail(name: string) {
  const s = await seller({ storeName: `${name} Ropa` }, settled());
  // seller() registers with a random e-mail: read it back.
  const row = await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(s.user.id).first<{ email: string }>();
  return { ...s, email: row!.email, name };
}

const tokenIn = (text: string) => /\/estadisticas\/baja#token=([A-Za-z0-9_.-]+)/.exec(text)?.[1];

describe("the weekly summary", () => {
  it("goes once to each seller whose store had visits last week, even when the cron runs twice at once; not to the others", async () => {
    const now = Date.now();
    const active = await storeWithEmail("Activa");
    const quiet = await storeWithEmail("Tranquila");
    const optedOut = await storeWithEmail("Silenciosa");
    const deleted = await storeWithEmail("Cerrada");
    await recordAt(active.user.id, [...visits(3), event("search", { words: "short", empty: true })], lastWeek(now, 2));
    await recordAt(active.user.id, [event("order", { amount: 12500 }), event("confirmed", { amount: 12500 })], lastWeek(now, 4));
    // Two orders cancelled in the week, one of them after it was confirmed: neither is a sale.
    await recordAt(active.user.id, [event("order", { amount: 9000 }), event("confirmed", { amount: 9000 })], lastWeek(now, 1));
    await recordAt(active.user.id, [event("order", { amount: 4000 })], lastWeek(now, 3));
    await recordAt(
      active.user.id,
      [event("cancelled", { units: 1, amount: 9000 }), event("cancelled", { units: 0, amount: 0 })],
      lastWeek(now, 5),
    );
    await recordAt(active.user.id, visits(2), lastWeek(now, 2) - WEEK);
    // Visits this week, none last week.
    await recordAt(quiet.user.id, visits(4), Math.max(now - 1000, dayStart(localDay(now, ZONE), ZONE)));
    await recordAt(optedOut.user.id, visits(5), lastWeek(now, 1));
    expect((await optedOut.browser.json("PUT", "/api/stats/weekly-email", { enabled: false })).status).toBe(200);
    await recordAt(deleted.user.id, visits(5), lastWeek(now, 1));
    expect((await deleted.browser.json("DELETE", "/api/auth/account", { password: "una-clave-segura" })).status).toBe(200);

    const runs = await Promise.all([sendWeeklySummaries(withOrigin, now), sendWeeklySummaries(withOrigin, now)]);
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
    expect(await sendWeeklySummaries(withOrigin, now)).toEqual({ sent: 0, failed: 0 });

    const [mail, ...more] = await mailsTo(active.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Tu semana en Activa Ropa: 3 visitas");
    expect(mail!.text).toContain("Así le fue a Activa Ropa del lunes ");
    expect(mail!.text).toContain("- Visitas: 3 (+50 % frente a la semana anterior)");
    expect(mail!.text).toContain("- Pedidos enviados por WhatsApp: 1");
    expect(mail!.text).toContain("- Pedidos confirmados: 1, por $12.500");
    expect(mail!.text).toContain("- Búsquedas sin resultado: 1 búsqueda de algo que tu tienda no tiene");
    expect(mail!.text).toContain(`${ORIGIN}/estadisticas\n`);
    expect(tokenIn(mail!.text)).toBeTruthy();
    expect(mail!.html).toContain(`href="${ORIGIN}/estadisticas/baja#token=${tokenIn(mail!.text)}"`);
    for (const other of [quiet, optedOut, deleted]) expect(await mailsTo(other.email), other.name).toEqual([]);
    // The deleted account's e-mail is gone with it: no mail at all went anywhere else.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM email_outbox").first("n")).toBe(1);
  });

  it("its link turns it off without signing in; 'Estadísticas' turns it back on", async () => {
    const now = Date.now();
    const s = await storeWithEmail("Baja");
    await recordAt(s.user.id, visits(2), lastWeek(now, 3));
    await recordAt(s.user.id, visits(2), lastWeek(now + WEEK, 3));
    await recordAt(s.user.id, visits(2), lastWeek(now + 2 * WEEK, 3));
    await sendWeeklySummaries(withOrigin, now);
    const token = tokenIn((await mailsTo(s.email))[0]!.text)!;

    // Not the link: a session cookie, a token signed elsewhere, one for something else, garbage.
    const sessionToken = s.browser.cookie(SESSION_COOKIE)!;
    const foreign = await new SignJWT({ purpose: "weekly-email-unsubscribe" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(s.user.id)
      .sign(new TextEncoder().encode("not-the-secret-but-just-as-long-0123456789"));
    const otherPurpose = await new SignJWT({ purpose: "something-else" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(s.user.id)
      .sign(new TextEncoder().encode(env.SESSION_SECRET!));
    for (const bad of [sessionToken, foreign, otherPurpose, `${token}x`, "no-es-un-token"]) {
      const response = await new Shopper().json("POST", "/api/stats/weekly-email/unsubscribe", { token: bad });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: UNSUBSCRIBE_LINK_INVALID });
    }
    expect((await reportOf(s.browser)).weeklyEmail).toBe(true);

    // Signed out, from the e-mail: twice is still off.
    for (let i = 0; i < 2; i++) {
      const off = await new Shopper().json("POST", "/api/stats/weekly-email/unsubscribe", { token });
      expect(off.status).toBe(200);
      expect(await off.json()).toEqual({ weeklyEmail: false });
    }
    expect((await reportOf(s.browser)).weeklyEmail).toBe(false);
    await sendWeeklySummaries(withOrigin, now + WEEK);
    expect(await mailsTo(s.email)).toHaveLength(1);

    expect((await s.browser.json("PUT", "/api/stats/weekly-email", { enabled: true })).status).toBe(200);
    expect((await reportOf(s.browser)).weeklyEmail).toBe(true);
    await sendWeeklySummaries(withOrigin, now + 2 * WEEK);
    expect(await mailsTo(s.email)).toHaveLength(2);
  });

  it("through Cloudflare's e-mail API: a send that fails gives its claim back, and the next run sends it", async () => {
    const now = Date.now() + 5 * WEEK;
    const s = await storeWithEmail("Correo");
    await recordAt(s.user.id, visits(1), lastWeek(now, 0));
    const real = {
      ...withOrigin,
      CLOUDFLARE_ACCOUNT_ID: "0123456789abcdef0123456789abcdef",
      CLOUDFLARE_EMAIL_API_TOKEN: "test-email-token",
      EMAIL_FROM: "no-responder@vidriera.test",
    } as Bindings;
    const send = "POST https://api.cloudflare.com/client/v4/accounts/0123456789abcdef0123456789abcdef/email/sending/send";

    // Other sellers of this file may have had visits that week too: only this one's mail is looked at.
    let failing = true;
    const seen = fakeUpstream({
      [send]: () =>
        failing
          ? json({ success: false, errors: [{ code: 10001, message: "Internal error" }], result: null }, 500)
          : json({ success: true, errors: [], messages: [], result: { delivered: ["x"], permanent_bounces: [], queued: [] } }),
    });
    await sendWeeklySummaries(real, now);
    const mine = () => seen.filter((r) => (JSON.parse(r.body) as { to: string }).to === s.email);
    expect(mine()).toHaveLength(1);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM weekly_summaries WHERE user_id = ?").bind(s.user.id).first("n")).toBe(0);

    failing = false;
    await sendWeeklySummaries(real, now);
    expect(mine()).toHaveLength(2);
    const body = JSON.parse(mine()[1]!.body) as { subject: string; from: { address: string }; text: string };
    expect(body.subject).toBe("Tu semana en Correo Ropa: 1 visita");
    expect(body.from.address).toBe("no-responder@vidriera.test");
    expect(body.text).toContain("- Visitas: 1 (nuevo frente a la semana anterior)");
    await sendWeeklySummaries(real, now);
    expect(mine()).toHaveLength(2);
  });

  it("is what the Monday cron runs; without a public address to link to it sends nothing and says why", async () => {
    const ctx = createExecutionContext();
    worker.scheduled!(
      createScheduledController({ cron: WEEKLY_SUMMARY_CRON, scheduledTime: Date.now() }),
      { ...env, PUBLIC_ORIGIN: "" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(workerLogs({ message: "weekly summary skipped" }).map((l) => l.reason)).toEqual(["no-public-origin"]);
  });
});

describe("the weekly summary's money", () => {
  it("says each currency's confirmed sum in its own money, never one number of two currencies", async () => {
    const now = Date.now();
    const shop = await storeWithEmail("Dos Monedas");
    await recordAt(
      shop.user.id,
      [
        ...visits(2),
        event("confirmed", { amount: 12_500, currency: "ARS" }),
        event("confirmed", { amount: 27_970, currency: "BRL" }),
        event("confirmed", { amount: 3_000, currency: "ARS" }),
      ],
      lastWeek(now, 3),
    );
    await sendWeeklySummaries(withOrigin, now);
    const [mail] = await mailsTo(shop.email);
    expect(mail!.text).toContain(`- Pedidos confirmados: 3, por $15.500 y ${formatAmount(27_970, "BRL", "es-AR")}`);
  });
});
