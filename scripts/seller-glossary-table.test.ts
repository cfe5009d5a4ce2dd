import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SELLER_GLOSSARY } from "../web/i18n/glossary.ts";

const DOC = new URL("../docs/i18n.md", import.meta.url);
const START = "<!-- seller-glossary:start (web/i18n/glossary.ts) -->";
const END = "<!-- seller-glossary:end -->";

/** The seller glossary as docs/i18n.md shows it, written from web/i18n/glossary.ts. */
function sellerGlossaryTable(): string {
  const rows = SELLER_GLOSSARY.map(
    (term) => `| ${term.concept} | ${term.words.es} | ${term.words["pt-BR"]} | ${term.words.en} | \`${term.usedIn}\` |`,
  );
  return ["| Concept | es | pt-BR | en | checked in |", "| --- | --- | --- | --- | --- |", ...rows].join("\n");
}

describe("docs/i18n.md's seller glossary", () => {
  it("is the one web/i18n/glossary.ts holds (UPDATE_DOCS=1 rewrites it)", () => {
    const doc = readFileSync(DOC, "utf8");
    const at = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(at, `docs/i18n.md needs ${START} … ${END}`).toBeGreaterThan(-1);
    const current = `${doc.slice(0, at + START.length)}\n${sellerGlossaryTable()}\n${doc.slice(end)}`;
    if (process.env.UPDATE_DOCS === "1" && current !== doc) writeFileSync(DOC, current);
    else expect(doc, "run: UPDATE_DOCS=1 npx vitest run --project web scripts/seller-glossary-table.test.ts").toBe(current);
  });

  it("names the words a Brazilian and a Kenyan seller use", () => {
    expect(sellerGlossaryTable()).toContain("| stock | stock | estoque | stock |");
    expect(sellerGlossaryTable()).toContain("| delivery cost | envío | frete | delivery |");
  });
});
