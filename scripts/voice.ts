/**
 * One voice (issue 14, item 12; DECISIONS.md): every user-facing string is
 * Spanish in tú, like the spec's quoted strings. This reads the string
 * literals, template texts and JSX texts of web/, worker/ and common/ with
 * TypeScript's own scanner (comments and identifiers are not text a user
 * reads) and fails on voseo and on "imagen(es)"-style plurals, naming the
 * file and line, so later code cannot bring them back.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const root = join(import.meta.dirname, "..");

/**
 * The catalogues in other languages (the shoppers' in common/i18n/catalogues/, all but the Spanish ones, and the
 * seller app's texts/pt-BR.ts and texts/en.ts) are not Spanish text: their own completeness and placeholder
 * checks are common/i18n/catalogues.test.ts's and web/i18n/catalogues.test.ts's.
 */
const OTHER_LANGUAGES = /^(?:common\/i18n\/catalogues\/(?!es)[^/]+|web\/(?:features\/[^/]+|ui|lib)\/texts\/(?:pt-BR|en))\.ts$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const source = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name);
    return source && !OTHER_LANGUAGES.test(path.split("\\").join("/")) ? [path] : [];
  });
}

/** Stands for a template's `${…}` in the text the checks read. */
const PLACEHOLDER = "{}";

/** Every piece of text a file could show: string and template literals and JSX text, with their lines. */
export function userTexts(fileName: string, source: string): { line: number; text: string }[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const texts: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isTemplateExpression(node)) {
      // One text with a placeholder per substitution, so '¡' in the head counts for '!' in the tail.
      const text = node.head.text + node.templateSpans.map((span) => `${PLACEHOLDER}${span.literal.text}`).join("");
      texts.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text });
      for (const span of node.templateSpans) visit(span.expression);
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node)) {
      texts.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: node.text });
    }
    node.forEachChild(visit);
  };
  visit(file);
  return texts;
}

// Second person present in vos carries a written accent that tú's lacks (tenés / tienes, pagás / pagas).
// These words end the same way and are not voseo ("estás" is also tú's).
const ACCENTED_S_WORDS = new Set(
  "más además atrás detrás jamás demás país través interés después inglés francés estás quizás compás cortés revés anís bebés veintitrés".split(
    " ",
  ),
);
// Imperatives in vos are stem + accented vowel (elegí, ingresá, poné), possibly with a pronoun but then
// without the accent tú writes (escribinos / escríbenos, copialo / cópialo).
// Vos imperatives of verbs whose stem ends in a vowel (traer → atraé).
const VOSEO_WORDS = new Set(["atraé", "traé", "leé", "creé"]);
const NOT_IMPERATIVES = new Set(
  "está esté bebé café aquí allí ahí así sí qué acá allá ya papá mamá panamá canadá bogotá josé mí ojalá también".split(" "),
);
const VOSEO_WITH_PRONOUN =
  /\b(escribinos|contanos|decinos|avisanos|mandanos|seguinos|llamanos|contactanos|escribime|fijate|acordate|sumate|registrate|copialo|copiala|subilas|subilos|subila|subilo|elegila|elegilo|probalo|probala|guardalo|guardala|completalo|sumalos|sacala|sacalo|pedilo|pedila|envialo|enviala|quitalo|quitala|publicalas|publicalos|publicala|publicalo|descargala|descargalo|creala|crealo|activala|activalo|revisalo|revisala|agregalo|agregala|cargalo|cargala|compartila|compartilo|mirala|miralo|probala|tocala|tocalo)\b/iu;
const VOSEO_PRONOUNS = /\b(vos|sos)\b/iu;

/**
 * Voseo forms in a text, plurals written as "imagen(es)", a '?' or '!' without its opening mark, and
 * 'Añadir' outside the spec's quoted strings. Empty when the text speaks the app's one voice.
 */
export function voiceProblems(text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(/[\p{L}]+/gu)) {
    const word = match[0].toLowerCase();
    if (VOSEO_WORDS.has(word)) problems.push(word);
    else if (/[áéí]s$/u.test(word) && word.length > 3 && !ACCENTED_S_WORDS.has(word)) problems.push(word);
    // Future tense (será, podrá, dejará: vowel + rá) is not an imperative.
    else if (/[^aeiouáéíóú][áéí]$/u.test(word) && !/[aeiáéí]rá$/u.test(word) && !NOT_IMPERATIVES.has(word)) problems.push(word);
  }
  const withPronoun = VOSEO_WITH_PRONOUN.exec(text);
  if (withPronoun) problems.push(withPronoun[0]);
  const pronoun = VOSEO_PRONOUNS.exec(text);
  if (pronoun) problems.push(pronoun[0]);
  const plural = /\p{L}+\((es|s|as|os|n)\)/u.exec(text);
  if (plural) problems.push(plural[0]);
  // "1 productos": a count of one written with the plural.
  const one = /(?<![\d.,])1 (imágenes|productos|talles|unidades|créditos|pedidos|fotos|prendas|categorías)(?!\p{L})/u.exec(text);
  if (one) problems.push(one[0]);
  problems.push(...missingOpeningMarks(text));
  const verb = /(?<!\p{L})añad\p{L}*/iu.exec(SPEC_ANADIR.reduce((rest, quoted) => rest.replace(quoted, ""), text));
  if (verb) problems.push(verb[0]);
  return problems;
}

/**
 * 'Agregar' is the app's verb (neutral Latin American, and most of the spec's quoted strings use it).
 * 'Añadir' stays only where the spec quotes it, verbatim: the home's 'Añadir Producto' and the store's
 * 'Añadir al carrito' (the retail glossary names it in lower case), whose toast echoes it
 * ('¡Producto «Remera» añadido al carrito!').
 */
const SPEC_ANADIR = [/Añadir Producto/g, /Añadir al carrito/gi, /añadido al carrito/gi];

/**
 * A '?' or '!' that ends a sentence never opened with '¿' or '¡'. Only a mark right after a word and
 * before a space, a closing sign or the end counts, so URLs (?page=2), regular expressions (https?:),
 * optional chaining (a?.b) and markup (<!doctype>, !important) are not sentences.
 */
function missingOpeningMarks(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?<=[\p{L}\p{N})»"'}])[?!]+(?=$|[\s)"',;<»])/gu)) {
    const before = text.slice(0, match.index);
    const start = Math.max(before.lastIndexOf("."), before.lastIndexOf("?"), before.lastIndexOf("!"), before.lastIndexOf("\n")) + 1;
    const sentence = before.slice(start);
    for (const [close, open] of [
      ["?", "¿"],
      ["!", "¡"],
    ] as const) {
      if (match[0].includes(close) && !sentence.includes(open))
        found.push(`${open}…${close} ${JSON.stringify(sentence.trim().slice(-30) + close)}`);
    }
  }
  return found;
}

/** Every voseo or lazy plural under web/, worker/ and common/, as "file:line problems — text". */
export function voiceFindings(): string[] {
  const found: string[] = [];
  for (const dir of ["web", "worker", "common"]) {
    for (const path of sourceFiles(dir)) {
      for (const { line, text } of userTexts(path, readFileSync(join(root, path), "utf8"))) {
        const problems = voiceProblems(text);
        if (problems.length > 0)
          found.push(`${relative(root, join(root, path))}:${line} ${problems.join(", ")} — ${JSON.stringify(text.slice(0, 80))}`);
      }
    }
  }
  return found;
}
