/**
 * Every validation error a person can meet is Spanish: the walk below sends every /api route of the app
 * (read from the app itself, so a new route is walked too) over-long, wrongly typed and missing fields,
 * and over-long path and query values, signed in as a seller with a store, and reads every 400's
 * `{ error }`. zod's own defaults are English developer text; a schema without a message of its own
 * must still answer in Spanish (common/validation-messages.ts).
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { app } from "../../worker/index";
import { spanishIssueMessage } from "../../common/validation-messages";
import type { Browser } from "./browser";
import { seller } from "./store-helpers";

const ENGLISH = /\b(expected|invalid|input|too big|too small|required|received|must|characters?|string|number|object|array|option)\b/i;
const SPANISH = /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|un|una|que|es|no|tu|tus|en|con|por)\b/i;

function expectSpanish(message: unknown, where: string) {
  expect(typeof message, where).toBe("string");
  expect(message, where).not.toMatch(ENGLISH);
  expect(message, where).toMatch(SPANISH);
}

/** Field names the app's schemas use, each given the same bad value. */
const FIELDS = [
  "id",
  "ids",
  "name",
  "email",
  "password",
  "currentPassword",
  "newPassword",
  "username",
  "storeName",
  "storeLink",
  "phoneNumber",
  "countryCode",
  "price",
  "stock",
  "sizes",
  "colors",
  "description",
  "category",
  "published",
  "productId",
  "product",
  "store",
  "token",
  "packId",
  "quality",
  "audience",
  "enabled",
  "zone",
  "payment",
  "lines",
  "buyer",
  "status",
  "delivery",
  "payments",
  "link",
  "draftProductIds",
  "intent",
  "q",
  "page",
  "products",
];
const LONG = "ñ".repeat(300);
const bodies: Record<string, unknown>[] = [
  Object.fromEntries(FIELDS.map((f) => [f, LONG])),
  Object.fromEntries(FIELDS.map((f) => [f, 12345])),
  Object.fromEntries(FIELDS.map((f) => [f, { x: [LONG] }])),
  {},
];

const apiRoutes = () => {
  const seen = new Map<string, { method: string; path: string }>();
  for (const r of app.routes) {
    if (r.method === "ALL" || !r.path.startsWith("/api/")) continue;
    // Signing out or deleting the account would end the walk's session, and are walked last.
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  }
  return [...seen.values()].sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
};

async function answers(browser: Browser, method: string, path: string) {
  const filled = path.replace(/:[A-Za-z]+/g, "x".repeat(200)).replace(/\*$/, "x".repeat(200));
  const query = `?${new URLSearchParams({ q: LONG, page: "-1", intent: LONG, state: LONG, session: "x".repeat(5000), username: LONG })}`;
  const sent: Response[] = [];
  if (method === "GET") {
    sent.push(await browser.request(filled + query));
  } else {
    for (const body of bodies) sent.push(await browser.json(method, filled + query, body));
  }
  return sent;
}

describe("validation errors", () => {
  it("every /api route answers bad input in Spanish, never zod's English", async () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    let { browser } = await seller();
    const errors: string[] = [];
    for (const { method, path } of routes) {
      for (const response of await answers(browser, method, path)) {
        if (response.status !== 400) continue;
        const where = `${method} ${path}`;
        const body = (await response.json()) as { error?: unknown };
        expectSpanish(body.error, where);
        errors.push(body.error as string);
      }
      if ((await browser.request("/api/auth/profile")).status === 401) ({ browser } = await seller());
    }
    expect(errors.length).toBeGreaterThan(60);
    // Schemas without a message of their own were among them, answered by the Spanish defaults.
    expect(errors).toContain("Un texto es demasiado largo: puede tener hasta 64 caracteres.");
  });

  it("the Spanish defaults cover each kind of zod issue, and a schema's own message still wins", () => {
    const first = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues[0]!.message;
    const cases: [z.ZodType, unknown, string][] = [
      [z.string().max(64), "x".repeat(65), "Un texto es demasiado largo: puede tener hasta 64 caracteres."],
      [z.string().min(1), "", "Falta completar un dato."],
      [z.string().min(8), "corta", "Un texto es demasiado corto: necesita al menos 8 caracteres."],
      [z.number().max(10), 11, "Un número es demasiado grande: puede ser hasta 10."],
      [z.number().int().min(0), -1, "Un número es demasiado chico: tiene que ser al menos 0."],
      [z.array(z.string()).max(2), ["a", "b", "c"], "Hay demasiados elementos: puede haber hasta 2."],
      [z.array(z.string()).min(1), [], "Falta elegir al menos uno."],
      [z.object({ name: z.string() }), {}, "Falta un dato obligatorio."],
      [z.string(), 12, "Un dato no tiene el formato esperado."],
      [z.email(), "no-es-email", "Ingresa un email válido."],
      [z.url(), "no es un enlace", "Ingresa un enlace válido."],
      [z.string().regex(/^\d+$/), "abc", "Un dato no tiene el formato esperado."],
      [z.enum(["login", "register"]), "otro", "Elige una de las opciones disponibles."],
      [z.strictObject({}), { extra: 1 }, "La solicitud trae datos que no corresponden."],
      [z.number().multipleOf(5), 7, "Un número no es válido."],
      [z.string().refine(() => false), "x", "Un dato no es válido."],
      [z.union([z.string(), z.number()]), true, "Un dato no es válido."],
      [z.string().max(3, "Hasta tres letras."), "cuatro", "Hasta tres letras."],
    ];
    for (const [schema, value, message] of cases) expect(first(schema, value)).toBe(message);
    // The map itself never answers in English, whatever the issue.
    expect(spanishIssueMessage({ code: "invalid_key", origin: "map", issues: [], input: 1 } as never)).toBe("Un dato no es válido.");
  });
});
