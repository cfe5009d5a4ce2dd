import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { countriesTable, withTables } from "./docs-tables";

const DOC = new URL("../../docs/i18n.md", import.meta.url);

describe("docs/i18n.md", () => {
  it("shows the countries' table and the glossary as the code has them (UPDATE_DOCS=1 rewrites them)", () => {
    const doc = readFileSync(DOC, "utf8");
    const current = withTables(doc);
    if (process.env.UPDATE_DOCS === "1" && current !== doc) writeFileSync(DOC, current);
    else expect(doc, "run: UPDATE_DOCS=1 npx vitest run --project web common/i18n/docs-tables.test.ts").toBe(current);
  });

  it("writes each country's sample price as the store shows it", () => {
    const table = countriesTable();
    expect(table).toContain("| 🇦🇷 Argentina (AR) | ARS | whole units | `$12.500` | es-AR (es) | talle |");
    expect(table).toContain("| 🇧🇷 Brasil (BR) | BRL | cents | `R$ 1.299,90` | pt-BR (pt-BR) | — | Pix, Mercado Pago,");
  });
});
