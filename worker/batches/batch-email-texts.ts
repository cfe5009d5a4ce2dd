import { picturesLabel } from "../../common/batches";
import type { SellerLanguage } from "../../common/seller-language";

/**
 * The 'your batch is finished' e-mail in each of the seller's languages (worker/batches/upkeep.ts). Typed
 * per language, so none can lack a line; the Spanish is the e-mail as it always read.
 */
interface BatchEmailTexts {
  pictures: (n: number) => string;
  done: (n: number) => string;
  failed: (n: number) => string;
  cancelled: (n: number) => string;
  and: string;
  result: (list: string, refunded: boolean) => string;
  greeting: (name: string | null) => string;
  look: string;
  button: string;
  subject: (total: number) => string;
}

const es = { pictures: picturesLabel };
const pt = {
  pictures: (n: number) => (n === 1 ? "1 imagem" : `${n.toLocaleString("pt-BR")} imagens`),
};
const en = {
  pictures: (n: number) => (n === 1 ? "1 picture" : `${n.toLocaleString("en-GB")} pictures`),
};

export const BATCH_EMAIL_TEXTS: Readonly<Record<SellerLanguage, BatchEmailTexts>> = {
  es: {
    pictures: es.pictures,
    done: (n) => `${es.pictures(n)} ${n === 1 ? "lista" : "listas"}`,
    failed: (n) => `${n} que no se ${n === 1 ? "pudo" : "pudieron"} generar`,
    cancelled: (n) => `${n} ${n === 1 ? "cancelada" : "canceladas"}`,
    and: "y",
    result: (list, refunded) => `Terminamos tu lote: ${list}.${refunded ? " Te devolvimos los créditos de las que no se hicieron." : ""}`,
    greeting: (name) => (name ? `¡Hola, ${name}!` : "¡Hola!"),
    look: "Míralas, ponles precio y publícalas en tu tienda:",
    button: "Ver el lote, ponerle precios y publicarlo",
    subject: (total) => `Tu lote de ${es.pictures(total)} terminó`,
  },
  "pt-BR": {
    pictures: pt.pictures,
    done: (n) => `${pt.pictures(n)} ${n === 1 ? "pronta" : "prontas"}`,
    failed: (n) => `${n} que não ${n === 1 ? "pôde" : "puderam"} ser ${n === 1 ? "gerada" : "geradas"}`,
    cancelled: (n) => `${n} ${n === 1 ? "cancelada" : "canceladas"}`,
    and: "e",
    result: (list, refunded) => `Terminamos seu lote: ${list}.${refunded ? " Devolvemos os créditos das que não foram feitas." : ""}`,
    greeting: (name) => (name ? `Olá, ${name}!` : "Olá!"),
    look: "Veja as imagens, coloque preço e publique na sua loja:",
    button: "Ver o lote, colocar preços e publicar",
    subject: (total) => `Seu lote de ${pt.pictures(total)} terminou`,
  },
  en: {
    pictures: en.pictures,
    done: (n) => `${en.pictures(n)} ready`,
    failed: (n) => `${n} that could not be generated`,
    cancelled: (n) => `${n} cancelled`,
    and: "and",
    result: (list, refunded) => `Your batch is finished: ${list}.${refunded ? " We gave back the credits for the ones not made." : ""}`,
    greeting: (name) => (name ? `Hello, ${name}!` : "Hello!"),
    look: "Look at them, price them and publish them in your store:",
    button: "See the batch, price it and publish it",
    subject: (total) => `Your batch of ${en.pictures(total)} is finished`,
  },
};
