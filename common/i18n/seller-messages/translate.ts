/**
 * The seller's messages (API errors, client-side refusals from common/, e-mails) keep Spanish as their
 * source: the code writes the Spanish text as it always did, and another language finds its translation by
 * that text. A catalogue maps each Spanish message to its translation; a message built with values is
 * written with numbered holes (`Puede tener hasta {0} caracteres.`), and the rendered Spanish is matched
 * back to it to carry the values over. No ICU here: the Spanish comes from template literals, so the holes
 * are positions, not names. A value that is itself a catalogued message (a status's name, "3 imágenes") is
 * translated too.
 */
export type SellerCatalogue = Readonly<Record<string, string>>;

interface Template {
  pattern: RegExp;
  translation: string;
  /** Characters outside the holes: the most specific template wins when several match. */
  literal: number;
}

export const HOLE = /\{(\d+)\}/g;
const HAS_HOLE = /\{\d+\}/;

const compiled = new WeakMap<SellerCatalogue, Template[]>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function templatesOf(catalogue: SellerCatalogue): Template[] {
  let templates = compiled.get(catalogue);
  if (!templates) {
    templates = Object.entries(catalogue)
      .filter(([spanish]) => HAS_HOLE.test(spanish))
      .map(([spanish, translation]) => {
        const seen = new Set<string>();
        let source = "";
        let last = 0;
        for (const hole of spanish.matchAll(HOLE)) {
          source += escapeRegExp(spanish.slice(last, hole.index));
          const n = hole[1]!;
          source += seen.has(n) ? `\\k<v${n}>` : `(?<v${n}>[\\s\\S]+?)`;
          seen.add(n);
          last = hole.index + hole[0].length;
        }
        source += escapeRegExp(spanish.slice(last));
        return { pattern: new RegExp(`^${source}$`), translation, literal: spanish.replace(HOLE, "").length };
      })
      .sort((a, b) => b.literal - a.literal);
    compiled.set(catalogue, templates);
  }
  return templates;
}

/** The translation of a Spanish message, or null when the catalogue has none. */
export function translateSellerMessage(spanish: string, catalogue: SellerCatalogue): string | null {
  const exact = catalogue[spanish];
  if (exact !== undefined) return exact;
  for (const template of templatesOf(catalogue)) {
    const match = template.pattern.exec(spanish);
    if (!match) continue;
    return template.translation.replace(HOLE, (_, n: string) => {
      const value = match.groups?.[`v${n}`] ?? "";
      return translateSellerMessage(value, catalogue) ?? value;
    });
  }
  return null;
}
