/**
 * The seller reads the Worker in the seller's language (worker/lib/seller-language.ts): every API `{ error }`
 * in the language the app's header (or else the browser's Accept-Language) asks for, Spanish byte for byte
 * without one; the shopper's order refusals stay in the store's language whatever the visitor's browser
 * says; and e-mails to a seller go in the account's stored language, else the request's, else the country's.
 */
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SELLER_LANGUAGE_HEADER } from "../../common/seller-language";
import { SLUG_RESERVED } from "../../common/store";
import type { Bindings } from "../../worker/env";
import { finishedEmail } from "../../worker/batches/upkeep";
import { database } from "../../worker/db/client";
import { recoveryEmail, RESET_REQUESTED } from "../../worker/lib/password-reset";
import { NOT_SIGNED_IN } from "../../worker/lib/sessions";
import { addDays, dayStart, localDay } from "../../worker/stats/days";
import { event } from "../../worker/stats/events";
import { mondayOf, sendWeeklySummaries } from "../../worker/stats/weekly";
import { app } from "../../worker/index";
import { Browser, register } from "./browser";
import { workerLogs } from "./capture-logs";
import { recordAt, settled } from "./stats-helpers";
import { seller } from "./store-helpers";

const ORIGIN = "https://vidriera.test";

beforeEach(() => {
  // The local outbox prints each mail for `npm run dev`; here the mails are read from D1 instead.
  const print = console.log;
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    if (!(typeof args[0] === "string" && args[0].includes("[outbox]"))) print(...args);
  });
});
afterEach(() => vi.restoreAllMocks());

function post(browser: Browser, path: string, body: unknown, headers: Record<string, string> = {}) {
  return browser.request(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}

async function storedLanguage(userId: string, language: string | null) {
  await env.DB.prepare("UPDATE users SET seller_language = ? WHERE id = ?").bind(language, userId).run();
}

describe("API errors in the seller's language", () => {
  it("answers in Portuguese or English with the app's header, and exactly today's Spanish without it", async () => {
    const spanish = await new Browser().request("/api/orders");
    expect(spanish.status).toBe(401);
    expect(await spanish.text()).toBe(JSON.stringify({ error: NOT_SIGNED_IN }));
    const [pt, en, es] = await Promise.all(
      ["pt-BR", "en", "es"].map((language) => new Browser().request("/api/orders", { headers: { [SELLER_LANGUAGE_HEADER]: language } })),
    );
    expect([pt!.status, en!.status, es!.status]).toEqual([401, 401, 401]);
    expect(await pt!.json()).toEqual({ error: "Você precisa entrar para continuar." });
    expect(await en!.json()).toEqual({ error: "You need to sign in to continue." });
    expect(await es!.text()).toBe(JSON.stringify({ error: NOT_SIGNED_IN }));
    expect(pt!.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("falls back to the browser's Accept-Language, and to Spanish for a language the app does not have", async () => {
    const read = async (headers: Record<string, string>) =>
      (await new Browser().request("/api/orders", { headers })).json() as Promise<{ error: string }>;
    expect(await read({ "accept-language": "pt-BR,pt;q=0.9,en;q=0.8" })).toEqual({ error: "Você precisa entrar para continuar." });
    expect(await read({ "accept-language": "fr-FR, en-KE;q=0.8" })).toEqual({ error: "You need to sign in to continue." });
    expect(await read({ "accept-language": "fr-FR, de;q=0.8" })).toEqual({ error: NOT_SIGNED_IN });
    // The app's own header wins over the browser's; a value the app never sends is ignored.
    expect(await read({ [SELLER_LANGUAGE_HEADER]: "es", "accept-language": "en" })).toEqual({ error: NOT_SIGNED_IN });
    expect(await read({ [SELLER_LANGUAGE_HEADER]: "klingon", "accept-language": "en" })).toEqual({
      error: "You need to sign in to continue.",
    });
  });

  it("translates zod's refusals, with the bound the schema put in them, in each language", async () => {
    const { browser } = await seller();
    const tooLong = { storeName: "Tienda de Ropa Ñandú 🌸".repeat(5), phoneNumber: "+54 9 11 5555-1234", countryCode: "AR" };
    const answers = await Promise.all(
      ["es", "pt-BR", "en"].map((language) => post(browser, "/api/auth/mi-tienda", tooLong, { [SELLER_LANGUAGE_HEADER]: language })),
    );
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400]);
    const [es, pt, en] = await Promise.all(answers.map((r) => r.json()));
    expect(es).toEqual({ error: "El nombre de la tienda no puede tener más de 60 caracteres." });
    expect(pt).toEqual({ error: "O nome da loja não pode ter mais de 60 caracteres." });
    expect(en).toEqual({ error: "The store name cannot be longer than 60 characters." });
    // zod's own issue (a wrong type, no message of the schema's): Spanish by default, translated on request.
    const wrongType = await Promise.all(
      ["es", "en"].map((language) =>
        post(browser, "/api/auth/mi-tienda", { ...tooLong, storeName: "Ñandú", countryCode: 54 }, { [SELLER_LANGUAGE_HEADER]: language }),
      ),
    );
    const [wrongEs, wrongEn] = (await Promise.all(wrongType.map((r) => r.json()))) as { error: string }[];
    expect(wrongEs!.error).not.toBe(wrongEn!.error);
    expect(wrongEn!.error).toMatch(/^[A-Z][a-z]/);
    expect(wrongEn!.error).not.toMatch(/[áéíóúñ]/);
  });

  it("translates the messages a successful answer carries, and each line's problem of a refused file", async () => {
    const { browser } = await seller();
    const preview = await browser.request("/api/auth/mi-tienda/slug-preview?link=api", { headers: { [SELLER_LANGUAGE_HEADER]: "en" } });
    expect(preview.status).toBe(200);
    expect(((await preview.json()) as { error: string }).error).toBe(
      "That link is a Vidriera word and cannot be used for a store. Choose another.",
    );
    const spanish = await browser.request("/api/auth/mi-tienda/slug-preview?link=api");
    expect(((await spanish.json()) as { error: string }).error).toBe(SLUG_RESERVED);

    const csv = ["Identificador de URL;Nombre;Precio;Nombre de propiedad 1;Valor de propiedad 1;Stock", "sin-nombre;;9.000;;;"].join(
      "\r\n",
    );
    const refused = await post(browser, "/api/data/import", { csv }, { [SELLER_LANGUAGE_HEADER]: "pt-BR" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: "O arquivo tem erros: corrija e importe de novo. Nenhum produto foi importado.",
      errors: [{ line: 2, message: "Falta o nome do produto." }],
    });
  });

  it("every /api route's refusal of bad input has its English: none goes out in Spanish for lack of one", async () => {
    const long = "ñ".repeat(300);
    const fields = ["id", "ids", "name", "email", "password", "currentPassword", "newPassword", "storeName", "storeLink", "phoneNumber"];
    const more = ["countryCode", "price", "stock", "sizes", "colors", "description", "category", "published", "productId", "token"];
    const rest = ["packId", "quality", "audience", "enabled", "zone", "payments", "delivery", "status", "link", "products", "csv"];
    const names = [...fields, ...more, ...rest];
    const bodies = [Object.fromEntries(names.map((f) => [f, long])), Object.fromEntries(names.map((f) => [f, 12345])), {}];
    const routes = new Map<string, { method: string; path: string }>();
    for (const r of app.routes) if (r.method !== "ALL" && r.path.startsWith("/api/")) routes.set(`${r.method} ${r.path}`, r);
    // Signing out or deleting the account would end the walk's session: last.
    const walk = [...routes.values()].sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
    let { browser } = await seller();
    const english = { [SELLER_LANGUAGE_HEADER]: "en" };
    let refusals = 0;
    for (const { method, path } of walk) {
      const filled = `${path.replace(/:[A-Za-z]+/g, "x".repeat(70)).replace(/\*$/, "x")}?${new URLSearchParams({ q: long, page: "-1", link: long })}`;
      const sent =
        method === "GET"
          ? [await browser.request(filled, { headers: english })]
          : await Promise.all(
              bodies.map((body) =>
                browser.request(filled, {
                  method,
                  headers: { "content-type": "application/json", ...english },
                  body: JSON.stringify(body),
                }),
              ),
            );
      for (const response of sent) if (response.status >= 400 && response.status < 500) refusals++;
      if ((await browser.request("/api/auth/profile")).status === 401) ({ browser } = await seller());
    }
    expect(walk.length).toBeGreaterThan(50);
    expect(refusals).toBeGreaterThan(100);
    expect(workerLogs({ message: "seller message without translation" })).toEqual([]);
  });

  it("leaves the shopper's order refusals in the store's language whatever the visitor's browser asks", async () => {
    const br = await seller({ countryCode: "BR", phoneNumber: "+55 11 98765-4321" });
    const ar = await seller({ phoneNumber: "11 5555-1234" });
    for (const store of [br, ar]) {
      const order = { username: store.username, lines: [], buyer: { name: "Joana 👗" } };
      const plain = await post(new Browser(), "/api/orders", order);
      const asked = await post(new Browser(), "/api/orders", order, { [SELLER_LANGUAGE_HEADER]: "en", "accept-language": "en-NG" });
      expect(plain.status).toBe(400);
      expect(asked.status).toBe(400);
      expect(await asked.text()).toBe(await plain.text());
    }
    const brAnswer = (await (
      await post(new Browser(), "/api/orders", { username: br.username, lines: [] }, { "accept-language": "es-AR" })
    ).json()) as {
      error: string;
    };
    expect(brAnswer.error).toMatch(/[ãõç]|carrinho|pedido/i);
  });
});

describe("e-mails to a seller in the seller's language", () => {
  it("the password reset: the stored language over the request's and the country's, then the request's, then the country's", async () => {
    const db = database(env.DB);
    const chose = await register(new Browser(), `ana.${crypto.randomUUID()}@example.com`);
    await storedLanguage(chose.user.id, "en");
    await env.DB.prepare("UPDATE users SET country_code = 'BR' WHERE id = ?").bind(chose.user.id).run();
    const english = (await recoveryEmail(db, chose.email, ORIGIN, Date.now(), "pt-BR"))!;
    expect(english.subject).toBe("Create a new password for Vidriera");
    expect(english.text).toMatch(/^Hello,\n\nWe received a request to create a new password for your Vidriera account\./);
    expect(english.html).toContain(">Create a new password</a>");

    const never = await register(new Browser(), `joao.${crypto.randomUUID()}@example.com`);
    await env.DB.prepare("UPDATE users SET country_code = 'KE' WHERE id = ?").bind(never.user.id).run();
    expect((await recoveryEmail(db, never.email, ORIGIN, Date.now(), "pt-BR"))!.subject).toBe("Crie uma nova senha para a Vidriera");
    expect((await recoveryEmail(db, never.email, ORIGIN))!.subject).toBe("Create a new password for Vidriera");
    await env.DB.prepare("UPDATE users SET country_code = 'AR' WHERE id = ?").bind(never.user.id).run();
    const spanish = (await recoveryEmail(db, never.email, ORIGIN))!;
    expect(spanish.subject).toBe("Crea una nueva contraseña para Vidriera");
    expect(spanish.text).toContain("Abre este enlace para elegirla (vale por una hora y funciona una sola vez):");
  });

  it("the password reset through the route: the answer and the mail in the screen's language", async () => {
    const { email } = await register(new Browser(), `lucia.${crypto.randomUUID()}@example.com`);
    const asked = await post(new Browser(), "/api/auth/password-reset", { email }, { [SELLER_LANGUAGE_HEADER]: "pt-BR" });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({
      message:
        "Se houver uma conta com esse e-mail, enviamos uma mensagem com os passos para entrar. Confira sua caixa de entrada e a pasta de spam.",
    });
    const mail = await vi.waitFor(
      async () => {
        const row = await env.DB.prepare('SELECT subject FROM email_outbox WHERE "to" = ?').bind(email).first<{ subject: string }>();
        if (!row) throw new Error("no mail yet");
        return row;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(mail.subject).toBe("Crie uma nova senha para a Vidriera");
    const spanish = await post(new Browser(), "/api/auth/password-reset", { email });
    expect(await spanish.json()).toEqual({ message: RESET_REQUESTED });
  });

  it("the weekly summary: the stored language over the country's, else the country's, money in the store's own", async () => {
    const now = Date.now();
    const zone = "America/Sao_Paulo";
    const monday = mondayOf(addDays(localDay(now, zone), -7));
    const at = dayStart(addDays(monday, 2), zone) + 15 * 60 * 60 * 1000;
    const chose = await seller({ storeName: "Loja da Ana", countryCode: "BR", phoneNumber: "+55 11 98765-4321" }, settled());
    const country = await seller({ storeName: "Loja do João", countryCode: "BR", phoneNumber: "+55 21 99876-5432" }, settled());
    await storedLanguage(chose.user.id, "en");
    for (const s of [chose, country]) {
      await recordAt(
        s.user.id,
        [event("view", { entry: true, source: "instagram" }), event("view", { entry: true, source: "instagram" })],
        at,
      );
      await recordAt(s.user.id, [event("order", { amount: 12_990 }), event("confirmed", { amount: 12_990 })], at);
    }
    expect((await sendWeeklySummaries({ ...env, PUBLIC_ORIGIN: ORIGIN } as Bindings, now)).sent).toBe(2);
    const mailOf = async (userId: string) =>
      (await env.DB.prepare('SELECT subject, text FROM email_outbox WHERE "to" = (SELECT email FROM users WHERE id = ?)')
        .bind(userId)
        .first<{ subject: string; text: string }>())!;
    const english = await mailOf(chose.user.id);
    expect(english.subject).toBe("Your week at Loja da Ana: 2 visits");
    expect(english.text).toMatch(/Here is how Loja da Ana did from Monday \d{1,2} [A-Z][a-z]+ to Sunday \d{1,2} [A-Z][a-z]+:/);
    expect(english.text).toContain("- Orders confirmed: 1, worth R$\u00a0129,90");
    const portuguese = await mailOf(country.user.id);
    expect(portuguese.subject).toBe("Sua semana na Loja do João: 2 visitas");
    expect(portuguese.text).toMatch(/Veja como foi a Loja do João de segunda, \d{1,2} de [a-zç]+, a domingo, \d{1,2} de [a-zç]+:/);
    expect(portuguese.text).toContain("- Pedidos confirmados: 1, somando R$\u00a0129,90");
  });

  it("the data export: the language of the screen that asked, for an account that never chose one", async () => {
    const { browser, user } = await seller({ phoneNumber: "11 5555-1234" });
    const email = (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(user.id).first<{ email: string }>())!.email;
    const asked = await browser.request("/api/data/exports", { method: "POST", headers: { [SELLER_LANGUAGE_HEADER]: "pt-BR" } });
    expect(asked.status).toBe(202);
    const mail = await vi.waitFor(
      async () => {
        const row = await env.DB.prepare('SELECT subject, text FROM email_outbox WHERE "to" = ?')
          .bind(email)
          .first<{ subject: string; text: string }>();
        if (!row) throw new Error("no mail yet");
        return row;
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(mail.subject).toBe("Seus dados da Vidriera estão prontos");
    expect(mail.text).toContain("Baixe por este link (vale por 7 dias e só funciona com você conectado):");
  });

  it("the finished batch: Spanish as it always read, Portuguese and English with their own plurals", () => {
    const counts = { done: 2, failed: 1, cancelled: 0 };
    const spanish = finishedEmail("ana@example.com", "Ana", "https://vidriera.test/lote/1", counts);
    expect(spanish.subject).toBe("Tu lote de 3 imágenes terminó");
    expect(spanish.text).toContain(
      "Terminamos tu lote: 2 imágenes listas y 1 que no se pudo generar. Te devolvimos los créditos de las que no se hicieron.",
    );
    const pt = finishedEmail("ana@example.com", "Ana", "https://vidriera.test/lote/1", counts, "pt-BR");
    expect(pt.subject).toBe("Seu lote de 3 imagens terminou");
    expect(pt.text).toContain("Terminamos seu lote: 2 imagens prontas e 1 que não pôde ser gerada.");
    const en = finishedEmail("ana@example.com", null, "https://vidriera.test/lote/1", { done: 1, failed: 0, cancelled: 2 }, "en");
    expect(en.subject).toBe("Your batch of 3 pictures is finished");
    expect(en.text).toMatch(/^Hello!\n\nYour batch is finished: 1 picture ready and 2 cancelled\. We gave back the credits/);
  });
});
