/**
 * Finds, in the Worker's and common's source text, every Spanish message a seller may read, as the
 * catalogues key it: string literals that read as a sentence (a capital letter or ¿/¡ first, a space, and
 * a final . ? ! … or :), with each `${…}` of a template literal as a numbered hole. Used by the catalogue
 * test only (it reads files with node:fs there), so a message added anywhere without its translations fails.
 */

const SENTENCE = /^(?:\{\d+\}\s*)?[A-ZÁÉÍÓÚÑ¿¡]|^\{\d+\} [a-záéíóúñ]/;
const END = /[.?!…:]$/;

/** The string literals of a TypeScript source, template literals with their `${…}` as {0}, {1}… */
export function stringLiterals(source: string): string[] {
  const found: string[] = [];
  let i = 0;
  const n = source.length;
  // Reads the literal opened at `i` (its quote), answers the index after it.
  const read = (start: number): number => {
    const quote = source[start]!;
    let text = "";
    let holes = 0;
    let j = start + 1;
    while (j < n) {
      const ch = source[j]!;
      if (ch === "\\") {
        text += source.slice(j, j + 2);
        j += 2;
        continue;
      }
      if (ch === quote) {
        found.push(text);
        return j + 1;
      }
      if (quote !== "`" && ch === "\n") return j;
      if (quote === "`" && ch === "$" && source[j + 1] === "{") {
        j = skipExpression(j + 2);
        text += `{${holes++}}`;
        continue;
      }
      text += ch;
      j++;
    }
    return j;
  };
  // Skips a `${…}` expression (nested braces and literals), answers the index after its `}`.
  const skipExpression = (start: number): number => {
    let depth = 1;
    let j = start;
    while (j < n && depth > 0) {
      const ch = source[j]!;
      if (ch === '"' || ch === "'" || ch === "`") {
        j = read(j);
        found.pop();
        continue;
      }
      if (ch === "{") depth++;
      if (ch === "}") depth--;
      j++;
    }
    return j;
  };
  while (i < n) {
    const ch = source[i]!;
    if (ch === "/" && source[i + 1] === "/") {
      i = source.indexOf("\n", i);
      if (i < 0) break;
      continue;
    }
    if (ch === "/" && source[i + 1] === "*") {
      i = source.indexOf("*/", i + 2);
      if (i < 0) break;
      i += 2;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === "`") {
      i = read(i);
      continue;
    }
    i++;
  }
  return found;
}

/** The literals of a source that read as a message to a person. */
export function spanishMessages(source: string): string[] {
  return stringLiterals(source)
    .map((text) => text.replace(/\\(["'`\\])/g, "$1"))
    .filter((text) => SENTENCE.test(text) && text.includes(" ") && END.test(text));
}
