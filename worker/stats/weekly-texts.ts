import { changeText } from "../../common/store-stats";
import type { SellerLanguage } from "../../common/seller-language";

/**
 * The weekly summary in each of the seller's languages (worker/stats/weekly.ts). Typed per language, so
 * none can lack a line; the Spanish is the e-mail as it always read. Counts and dates are written in the
 * language's locale; amounts of money come in already written in their store's money.
 */
export interface WeeklyTexts {
  /** Counts and dates (Intl). */
  locale: string;
  hello: string;
  subject: (store: string, visits: string) => string;
  visitsWord: (n: number) => string;
  period: (monday: string, sunday: string) => string;
  intro: (store: string, period: string) => string;
  change: (current: number, previous: number) => string;
  visits: (n: string, change: string) => string;
  pageViews: (n: string) => string;
  cartAdds: (n: string) => string;
  ordersSent: (n: string) => string;
  ordersConfirmed: (n: string, amounts: string | null) => string;
  emptySearches: (searches: string) => string;
  searchesWord: (n: number) => string;
  and: string;
  more: string;
  statsLink: string;
  leave: string;
  unsubscribeLink: string;
}

/** "+12 %" reads the same everywhere; "igual" and "nuevo" are words. */
const changeIn = (same: string, fresh: string) => (current: number, previous: number) => {
  const text = changeText(current, previous);
  return text === "igual" ? same : text === "nuevo" ? fresh : text;
};

export const WEEKLY_TEXTS: Readonly<Record<SellerLanguage, WeeklyTexts>> = {
  es: {
    locale: "es-AR",
    hello: "Hola:",
    subject: (store, visits) => `Tu semana en ${store}: ${visits}`,
    visitsWord: (n) => (n === 1 ? "visita" : "visitas"),
    period: (monday, sunday) => `del lunes ${monday} al domingo ${sunday}`,
    intro: (store, period) => `Así le fue a ${store} ${period}:`,
    change: changeText,
    visits: (n, change) => `Visitas: ${n} (${change} frente a la semana anterior)`,
    pageViews: (n) => `Páginas vistas: ${n}`,
    cartAdds: (n) => `Productos agregados al carrito: ${n}`,
    ordersSent: (n) => `Pedidos enviados por WhatsApp: ${n}`,
    ordersConfirmed: (n, amounts) => `Pedidos confirmados: ${n}${amounts ? `, por ${amounts}` : ""}`,
    emptySearches: (searches) => `Búsquedas sin resultado: ${searches} de algo que tu tienda no tiene`,
    searchesWord: (n) => (n === 1 ? "búsqueda" : "búsquedas"),
    and: "y",
    more: "Mira qué productos se ven y cuáles se piden, de dónde llegan tus visitas y qué buscan:",
    statsLink: "Ver mis estadísticas",
    leave: "¿No quieres recibir este resumen? Date de baja con este enlace (no hace falta iniciar sesión):",
    unsubscribeLink: "Dejar de recibir el resumen semanal",
  },
  "pt-BR": {
    locale: "pt-BR",
    hello: "Olá,",
    subject: (store, visits) => `Sua semana na ${store}: ${visits}`,
    visitsWord: (n) => (n === 1 ? "visita" : "visitas"),
    period: (monday, sunday) => `de segunda, ${monday}, a domingo, ${sunday}`,
    intro: (store, period) => `Veja como foi a ${store} ${period}:`,
    change: changeIn("igual", "novo"),
    visits: (n, change) => `Visitas: ${n} (${change} em relação à semana anterior)`,
    pageViews: (n) => `Páginas vistas: ${n}`,
    cartAdds: (n) => `Produtos adicionados ao carrinho: ${n}`,
    ordersSent: (n) => `Pedidos enviados por WhatsApp: ${n}`,
    ordersConfirmed: (n, amounts) => `Pedidos confirmados: ${n}${amounts ? `, somando ${amounts}` : ""}`,
    emptySearches: (searches) => `Buscas sem resultado: ${searches} por algo que sua loja não tem`,
    searchesWord: (n) => (n === 1 ? "busca" : "buscas"),
    and: "e",
    more: "Veja quais produtos são vistos e quais são pedidos, de onde vêm suas visitas e o que procuram:",
    statsLink: "Ver minhas estatísticas",
    leave: "Não quer receber este resumo? Cancele a inscrição com este link (não precisa entrar):",
    unsubscribeLink: "Deixar de receber o resumo semanal",
  },
  en: {
    locale: "en-GB",
    hello: "Hello,",
    subject: (store, visits) => `Your week at ${store}: ${visits}`,
    visitsWord: (n) => (n === 1 ? "visit" : "visits"),
    period: (monday, sunday) => `from Monday ${monday} to Sunday ${sunday}`,
    intro: (store, period) => `Here is how ${store} did ${period}:`,
    change: changeIn("no change", "new"),
    visits: (n, change) => `Visits: ${n} (${change} on the week before)`,
    pageViews: (n) => `Pages viewed: ${n}`,
    cartAdds: (n) => `Products added to the basket: ${n}`,
    ordersSent: (n) => `Orders sent by WhatsApp: ${n}`,
    ordersConfirmed: (n, amounts) => `Orders confirmed: ${n}${amounts ? `, worth ${amounts}` : ""}`,
    emptySearches: (searches) => `Searches with no results: ${searches} for something your store does not have`,
    searchesWord: (n) => (n === 1 ? "search" : "searches"),
    and: "and",
    more: "See which products are viewed and which are ordered, where your visitors come from and what they search for:",
    statsLink: "See my statistics",
    leave: "Don't want this summary? Unsubscribe with this link (no need to sign in):",
    unsubscribeLink: "Stop receiving the weekly summary",
  },
};
