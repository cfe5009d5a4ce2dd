import { describe, expect, it } from "vitest";
import { placeholders } from "../../common/i18n/placeholders";
import { SELLER_LANGUAGES } from "../../common/seller-language";
import { folderOf } from "./merge";
import { SELLER_GLOSSARY } from "./glossary";

type Catalogue = Record<string, string>;

// The sources as written (not compiled): every folder's catalogue in every language.
const files = import.meta.glob<Catalogue>(["../features/*/texts/*.ts", "../ui/texts/*.ts", "../lib/texts/*.ts"], {
  import: "default",
  eager: true,
});
const textsModules = import.meta.glob<string>(["../features/*/texts.ts", "../ui/texts.ts", "../lib/texts.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

const byFolder = new Map<string, Partial<Record<string, Catalogue>>>();
for (const [path, catalogue] of Object.entries(files)) {
  const language = /\/texts\/([\w-]+)\.ts$/.exec(path)![1]!;
  const folder = folderOf(path);
  byFolder.set(folder, { ...byFolder.get(folder), [language]: catalogue });
}

function all(language: string): Catalogue {
  const merged: Catalogue = {};
  for (const [folder, catalogues] of byFolder) {
    for (const [key, message] of Object.entries(catalogues[language] ?? {})) merged[`${folder}.${key}`] = message;
  }
  return merged;
}

describe("the seller app's catalogues", () => {
  it("has a catalogue in every language for every folder with texts, and no other file", () => {
    expect(byFolder.size).toBeGreaterThan(0);
    for (const [folder, catalogues] of byFolder) {
      expect(Object.keys(catalogues).sort(), folder).toEqual([...SELLER_LANGUAGES].sort());
    }
  });

  it("has every key of the Spanish source in every language, and no other", () => {
    for (const [folder, catalogues] of byFolder) {
      const keys = Object.keys(catalogues.es!).sort();
      for (const language of SELLER_LANGUAGES) expect(Object.keys(catalogues[language]!).sort(), `${folder} ${language}`).toEqual(keys);
    }
  });

  it("keeps each message's ICU placeholders as in the Spanish source", () => {
    const es = all("es");
    for (const language of SELLER_LANGUAGES) {
      for (const [key, message] of Object.entries(all(language))) {
        expect(placeholders(message), `${language} ${key}`).toEqual(placeholders(es[key]!));
      }
    }
  });

  it("is translated, not copied: few messages read as the Spanish one", () => {
    const es = all("es");
    for (const language of SELLER_LANGUAGES.filter((l) => l !== "es")) {
      const same = Object.entries(all(language)).filter(([key, message]) => message === es[key] && /[a-záéíóúñ]{4}/i.test(message));
      // Names and words that are the same in both (e.g. "Instagram", "Total") may match; a copied catalogue would not pass.
      expect(same.length / Object.keys(es).length, `${language}: ${same.map(([k]) => k).join(", ")}`).toBeLessThan(0.08);
    }
  });

  it("every folder's texts.ts names its own folder, so its keys match other languages' chunks", () => {
    for (const [path, source] of Object.entries(textsModules)) {
      const folder = /\/(?:features\/)?([\w-]+)\/texts\.ts$/.exec(path)![1]!;
      expect(source, path).toContain(`sellerTexts<keyof typeof source>("${folder}"`);
    }
  });

  it("uses each glossary word where the glossary says, in every language", () => {
    for (const term of SELLER_GLOSSARY) {
      for (const language of SELLER_LANGUAGES) {
        const message = all(language)[term.usedIn];
        expect(message, `${term.usedIn} in ${language}`).toBeDefined();
        expect(message!.toLowerCase(), `${term.concept} in ${language}`).toContain(term.words[language].toLowerCase());
      }
    }
  });
});
