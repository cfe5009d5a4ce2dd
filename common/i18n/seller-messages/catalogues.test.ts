import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { spanishIssueMessage } from "../../validation-messages";
import { priceAmbiguous, priceMessages } from "../../price";
import { COUNTRY_LOCALES, storeMoney } from "../../store-locale";
import { SELLER_MESSAGE_CATALOGUES, sellerMessage } from ".";
import { spanishMessages } from "./spanish-sources";
import { HOLE, translateSellerMessage } from "./translate";

const ROOT = new URL("../../../", import.meta.url);

/** Sources whose sentences are not the seller's to read from the API or an e-mail, and why. */
const NOT_THE_SELLERS: Readonly<Record<string, string>> = {
  "worker/pages/": "the shoppers' pages, in the store's language",
  "common/shopper-text.ts": "the shoppers' form texts",
  "common/store-cart.ts": "the shoppers' WhatsApp messages",
  "common/price-claims.ts": "the landing's and pricing screen's texts (the screens' catalogues)",
  "common/store-browse.ts": "a screen's text (the screens' catalogues)",
  "common/store-locale-options.ts": "a screen's text (the screens' catalogues)",
  "worker/providers/prompts.ts": "prompts to the image models, in English",
  "worker/providers/describe.ts": "prompts to the vision models",
  "worker/providers/describe-studio.ts": "a drafted product name: the seller's content",
  "worker/providers/gemini.ts": "a provider's fault, for the logs: the seller reads JOB_MESSAGES",
  "worker/providers/fashn.ts": "a provider's fault, for the logs: the seller reads JOB_MESSAGES",
  "worker/providers/openai.ts": "a provider's fault, for the logs",
  "worker/providers/describe-gemini.ts": "a provider's fault, for the logs",
  "worker/providers/describe-openai.ts": "a provider's fault, for the logs",
  "worker/providers/model-alerts.ts": "the operator's e-mail, not a seller's",
  "worker/lib/password-reset-texts.ts": "an e-mail typed per language: the compiler holds each to all its lines",
  "worker/stats/weekly-texts.ts": "an e-mail typed per language: the compiler holds each to all its lines",
  "worker/lib/data-export-texts.ts": "an e-mail typed per language: the compiler holds each to all its lines",
  "worker/batches/batch-email-texts.ts": "an e-mail typed per language: the compiler holds each to all its lines",
};

/** Sentences in the seller's files that are not messages to a seller. */
const NOT_MESSAGES = [
  /^\s/, // SQL continued on a new line
  /^(SELECT|UPDATE|DELETE|INSERT|WITH) /, // SQL
  /^\{0\} devolvió /, // a provider's fault, for the logs (worker/providers/http.ts)
  /^\{0\} no devolvió /,
];

/** The shoppers' order page texts kept in common/order-status.ts beside the seller's. */
const SHOPPERS_SENTENCES = new Set([
  "Recibimos tu pedido. La tienda lo revisa y te confirma por WhatsApp.",
  "¡Tu pedido está confirmado!",
  "Recibimos tu pago. ¡Gracias!",
  "Tu pedido está en camino.",
  "Tu pedido está listo para retirar.",
  "Tu pedido fue entregado. ¡Gracias por tu compra!",
  "Tu pedido fue cancelado.",
]);

function sellersSentences(): Map<string, string> {
  const files = execSync("git ls-files 'worker/**.ts' 'common/**.ts'", { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((file) => file && !file.endsWith(".test.ts") && !file.includes("/i18n/"))
    .filter((file) => !Object.keys(NOT_THE_SELLERS).some((prefix) => file.startsWith(prefix)));
  const found = new Map<string, string>();
  for (const file of files) {
    for (const message of spanishMessages(readFileSync(new URL(file, ROOT), "utf8"))) {
      if (NOT_MESSAGES.some((pattern) => pattern.test(message)) || SHOPPERS_SENTENCES.has(message)) continue;
      if (!found.has(message)) found.set(message, file);
    }
  }
  return found;
}

const holes = (text: string) => [...text.matchAll(HOLE)].map((m) => m[1]).sort();

describe("the seller's messages in Portuguese and English", () => {
  const sentences = sellersSentences();

  it("finds the messages in the source, holes and all", () => {
    expect(sentences.size).toBeGreaterThan(300);
    expect(sentences.get("Ocurrió un error inesperado. Intenta de nuevo en unos minutos.")).toBe("worker/lib/errors.ts");
    expect(sentences.has("Un texto es demasiado largo: puede tener hasta {0} caracteres.")).toBe(true);
    expect(sentences.has("Tu carrito está vacío.")).toBe(true);
  });

  for (const [language, catalogue] of Object.entries(SELLER_MESSAGE_CATALOGUES)) {
    it(`${language} translates every Spanish message a seller may read (the source's sentences)`, () => {
      const missing = [...sentences].filter(([spanish]) => catalogue[spanish] === undefined).map(([s, file]) => `${file}: ${s}`);
      expect(missing).toEqual([]);
    });

    it(`${language} keeps the holes of the Spanish and translates, not copies`, () => {
      for (const [spanish, translated] of Object.entries(catalogue)) {
        expect(
          holes(translated).every((hole) => holes(spanish).includes(hole)),
          `${spanish} → ${translated}`,
        ).toBe(true);
        expect(translated.trim(), spanish).not.toBe("");
      }
      const copied = Object.entries(catalogue).filter(([spanish, translated]) => spanish === translated && spanish.length > 12);
      expect(copied).toEqual([]);
    });
  }

  it("translates zod's messages with their bounds, in both languages", () => {
    const issues = [
      { code: "invalid_type", expected: "string", input: undefined },
      { code: "invalid_type", expected: "string", input: 3 },
      { code: "too_big", origin: "string", maximum: 64, input: "" },
      { code: "too_big", origin: "array", maximum: 12, input: [] },
      { code: "too_big", origin: "file", maximum: 12, input: "" },
      { code: "too_big", origin: "number", maximum: 1_000_000, input: 0 },
      { code: "too_small", origin: "string", minimum: 1, input: "" },
      { code: "too_small", origin: "string", minimum: 8, input: "" },
      { code: "too_small", origin: "array", minimum: 1, input: [] },
      { code: "too_small", origin: "array", minimum: 3, input: [] },
      { code: "too_small", origin: "number", minimum: 0, input: -1 },
      { code: "invalid_format", format: "email", input: "" },
      { code: "invalid_format", format: "url", input: "" },
      { code: "invalid_format", format: "uuid", input: "" },
      { code: "invalid_value", values: [], input: "" },
      { code: "not_multiple_of", divisor: 1, input: 1.5 },
      { code: "unrecognized_keys", keys: ["x"], input: {} },
      { code: "custom", input: "" },
    ] as Parameters<typeof spanishIssueMessage>[0][];
    for (const issue of issues) {
      const spanish = spanishIssueMessage(issue);
      expect(sellerMessage(spanish, "es")).toBe(spanish);
      for (const language of ["pt-BR", "en"] as const)
        expect(sellerMessage(spanish, language), `${language}: ${spanish}`).not.toBe(spanish);
    }
    expect(sellerMessage("Un texto es demasiado largo: puede tener hasta 64 caracteres.", "pt-BR")).toBe(
      "Um texto está longo demais: pode ter até 64 caracteres.",
    );
    expect(sellerMessage("Un texto es demasiado largo: puede tener hasta 64 caracteres.", "en")).toBe(
      "A text is too long: it can have up to 64 characters.",
    );
  });

  it("translates every price refusal of every country's money, its example kept", () => {
    for (const [country, locale] of Object.entries(COUNTRY_LOCALES)) {
      const money = storeMoney(locale.currency, locale.locale);
      const messages = [...Object.values(priceMessages(money)), priceAmbiguous("1.299", "1", "299", money)];
      for (const spanish of messages) {
        for (const language of ["pt-BR", "en"] as const) {
          const translated = translateSellerMessage(spanish, SELLER_MESSAGE_CATALOGUES[language]);
          expect(translated, `${country} ${language}: ${spanish}`).not.toBeNull();
          expect(translated, `${country} ${language}: ${spanish}`).not.toMatch(/reales|chelines|una coma|un punto|mil /);
        }
      }
    }
    const brl = priceMessages(storeMoney("BRL", "pt-BR"));
    expect(sellerMessage(brl.tooHigh, "pt-BR")).toMatch(/^O preço máximo é R\$\s?[\d.]+,00\.$/);
    expect(sellerMessage(priceMessages(storeMoney("KES", "en-KE")).noCents, "en")).toBe(
      "Prices in shillings have no cents: type, for example, 12,500.",
    );
  });

  it("translates a refused confirmation with what is short, and a country's name inside a message", () => {
    const short =
      "No hay stock suficiente para confirmar este pedido: Remera Ñandú Azul M: pide 3, quedan 1. Ajusta el stock o cancela el pedido.";
    expect(sellerMessage(short, "en")).toBe(
      "There is not enough stock to confirm this order: Remera Ñandú Azul M: asks for 3, 1 left. Adjust the stock or cancel the order.",
    );
    expect(sellerMessage("El número de WhatsApp no es válido en Brasil. Revisa el código de área.", "en")).toBe(
      "The WhatsApp number is not valid in Brazil. Check the area code.",
    );
  });

  it("matches a message built with values back to its template, values that are messages translated too", () => {
    const catalogue = { "Tienes {0}.": "You have {0}.", "{0} imágenes": "{0} pictures", "Hola {0}, hola {0}.": "Hi {0}." };
    expect(translateSellerMessage("Tienes 3 imágenes.", catalogue)).toBe("You have 3 pictures.");
    expect(translateSellerMessage("Hola Ana, hola Ana.", catalogue)).toBe("Hi Ana.");
    expect(translateSellerMessage("Hola Ana, hola Luz.", catalogue)).toBeNull();
    expect(translateSellerMessage("Nada que ver.", catalogue)).toBeNull();
  });
});
