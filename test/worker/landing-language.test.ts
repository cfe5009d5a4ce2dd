import { describe, expect, it } from "vitest";
import spaHeaders from "../../public/_headers?raw";
import { SPA_CONTENT_SECURITY_POLICY } from "../../worker/routes/landing";
import { Browser, withBindings } from "./browser";

/** The SPA's built files as the Worker's ASSETS binding answers them: each page names itself. */
const asked: string[] = [];
const assets = {
  fetch: async (request: Request) => {
    const path = new URL(request.url).pathname;
    asked.push(path);
    return new Response(`<html>${path}</html>`, { headers: { "content-type": "text/html", etag: `"${path}"` } });
  },
} as unknown as Fetcher;

async function landing(path: string, headers: Record<string, string> = {}, cookie?: string) {
  const browser = new Browser(withBindings({ ASSETS: assets }));
  if (cookie) browser.setCookie("vidriera-language", cookie);
  const response = await browser.request(path, { headers });
  expect(response.status).toBe(200);
  return { response, page: await response.text() };
}

describe("the landing at /, in the visitor's language", () => {
  it("serves each browser's language its own prerendered page, and Spanish index.html itself", async () => {
    const cases: [string, string, string][] = [
      ["pt-BR,pt;q=0.9,en;q=0.8", "<html>/landing/pt-BR</html>", "pt-BR"],
      ["en-KE,en;q=0.9,sw;q=0.8", "<html>/landing/en</html>", "en"],
      ["es-AR,es;q=0.9", "<html>/</html>", "es"],
      ["fr-FR,de;q=0.5", "<html>/</html>", "es"],
    ];
    const answers = await Promise.all(cases.map(([acceptLanguage]) => landing("/", { "accept-language": acceptLanguage })));
    for (const [index, [acceptLanguage, page, language]] of cases.entries()) {
      expect(answers[index]!.page, acceptLanguage).toBe(page);
      expect(answers[index]!.response.headers.get("content-language")).toBe(language);
      expect(answers[index]!.response.headers.get("vary")).toContain("Accept-Language");
    }
  });

  it("a version's own address (/?lang=) wins over the browser's remembered choice, which wins over Accept-Language", async () => {
    expect((await landing("/?lang=en", { "accept-language": "pt-BR" }, "pt-BR")).page).toBe("<html>/landing/en</html>");
    expect((await landing("/?lang=es", { "accept-language": "pt-BR" })).page).toBe("<html>/</html>");
    expect((await landing("/", { "accept-language": "pt-BR" }, "en")).page).toBe("<html>/landing/en</html>");
    // Neither an unknown version nor a forged cookie picks a page of their own.
    expect((await landing("/?lang=../index", { "accept-language": "pt-BR" }, "fr")).page).toBe("<html>/landing/pt-BR</html>");
  });

  it("keeps the SPA's own security policy (public/_headers) on the page it serves, not the API's", async () => {
    const { response } = await landing("/", { "accept-language": "en" });
    const line = spaHeaders.split("\n").find((l) => l.trim().startsWith("Content-Security-Policy:"))!;
    expect(SPA_CONTENT_SECURITY_POLICY).toBe(line.trim().slice("Content-Security-Policy:".length).trim());
    expect(response.headers.get("content-security-policy")).toBe(SPA_CONTENT_SECURITY_POLICY);
  });

  it("passes the browser's conditional request along: each language's page is revalidated by its own ETag", async () => {
    asked.length = 0;
    const browser = new Browser(
      withBindings({
        ASSETS: {
          fetch: async (request: Request) =>
            request.headers.get("if-none-match") === '"/landing/pt-BR"' ? new Response(null, { status: 304 }) : assets.fetch(request),
        } as unknown as Fetcher,
      }),
    );
    const again = await browser.request("/", { headers: { "accept-language": "pt-BR", "if-none-match": '"/landing/pt-BR"' } });
    expect(again.status).toBe(304);
  });
});
