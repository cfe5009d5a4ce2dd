/**
 * Vite plugin for the landing's first impression:
 *
 * - Puts the landing's HTML into index.html, so "/" shows the whole page
 *   before any JavaScript runs; the SPA later hydrates that same HTML
 *   (web/features/landing/landing-island.tsx). index.html is also what every other
 *   path gets, so public/boot.js hides this copy there before the first paint.
 * - In the build, hands the app's script and modulepreload tags to
 *   public/boot.js (as data-entry and data-preload), which starts the app
 *   after the landing has loaded and at once on every other screen.
 *
 * - Makes one page per language of the seller's app (common/seller-language.ts): index.html is
 *   the Spanish one, as it always was; Portuguese and English are written beside it
 *   (landingPageFile), each with its `<html lang>`, its head's texts (web/features/landing/landing-head.ts)
 *   and its landing. The Worker serves "/" in the visitor's (worker/routes/landing.ts). Every
 *   page links to every version (hreflang, `/?lang=pt-BR`) and to "/" as x-default.
 *
 * PUBLIC_ORIGIN, when set at build time, makes the link-preview image URL and
 * the versions' links absolute, as Facebook, WhatsApp and search engines want them.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { runnerImport, type Plugin } from "vite";
import {
  landingPageFile,
  SELLER_LANGUAGE_PARAM,
  SELLER_LANGUAGE_TAGS,
  SELLER_LANGUAGES,
  type SellerLanguage,
} from "../common/seller-language.ts";
import type { LandingHead } from "../web/features/landing/landing-head.ts";
import { linguiCatalogues } from "./lingui-catalogues-plugin.ts";

const PLACEHOLDER = '<div id="landing-static"></div>';
const BOOT = '<script src="/boot.js"></script>';
const ICON = '<link rel="icon"';
const ENTRY = resolve(import.meta.dirname, "../web/features/landing/landing-static.tsx");

type Built = {
  renderLandingHtml(year: number, language: SellerLanguage): string;
  LANDING_HEADS: Record<Exclude<SellerLanguage, "es">, LandingHead>;
};

export function prerenderLanding(): Plugin {
  // The other languages' pages, made with index.html and written beside it once the bundle is.
  const others = new Map<string, string>();
  return {
    name: "vidriera:prerender-landing",
    transformIndexHtml: {
      // After Vite has written the bundle's own tags into the page.
      order: "post",
      async handler(html, context) {
        if (!html.includes(PLACEHOLDER) || !html.includes(BOOT)) throw new Error(`index.html needs ${PLACEHOLDER} and ${BOOT}`);
        if (!html.includes(ICON)) throw new Error(`index.html needs ${ICON}: the language versions' links go before it`);
        // A separate, config-less runner: the app's own config would load this plugin and the Worker again.
        const { module } = await runnerImport<Built>(ENTRY, {
          configFile: false,
          logLevel: "error",
          plugins: [linguiCatalogues()],
          // Node's own react-dom/server, not a browser build.
          ssr: { external: true },
        });
        const year = new Date().getFullYear();
        const origin = process.env.PUBLIC_ORIGIN?.replace(/\/$/, "") ?? "";
        const routes = context.bundle ? routeFiles(context.bundle) : null;
        const pageIn = (language: SellerLanguage) => {
          let page = html
            .replace(
              PLACEHOLDER,
              `<div id="landing-static" data-year="${year}" data-language="${language}">${module.renderLandingHtml(year, language)}</div>`,
            )
            .replace(ICON, `${alternateLinks(origin)}\n    ${ICON}`);
          if (language !== "es") page = inLanguage(page, language, module.LANDING_HEADS[language]);
          page = page.replaceAll('content="/landing/', `content="${origin}/landing/`);
          return routes ? handAppToBoot(page, routes) : page;
        };
        others.clear();
        for (const language of SELLER_LANGUAGES) if (language !== "es") others.set(landingPageFile(language), pageIn(language));
        return pageIn("es");
      },
    },
    writeBundle(options) {
      if (!options.dir) return;
      for (const [file, page] of others) {
        mkdirSync(dirname(join(options.dir, file)), { recursive: true });
        writeFileSync(join(options.dir, file), page);
      }
    },
  };
}

/** Every version's address, and x-default: "/" itself, which picks the visitor's language. */
function alternateLinks(origin: string): string {
  const links = SELLER_LANGUAGES.map(
    (language) =>
      `<link rel="alternate" hreflang="${SELLER_LANGUAGE_TAGS[language]}" href="${origin}/?${SELLER_LANGUAGE_PARAM}=${language}" />`,
  );
  return [...links, `<link rel="alternate" hreflang="x-default" href="${origin}/" />`].join("\n    ");
}

/** index.html's head in another language: `<html lang>` and the texts of the title, description and link preview. */
function inLanguage(html: string, language: SellerLanguage, head: LandingHead): string {
  const swaps: [RegExp, string][] = [
    [/<html lang="es">/, `<html lang="${SELLER_LANGUAGE_TAGS[language]}">`],
    [/<title>[^<]*<\/title>/, `<title>${head.title}</title>`],
    [/(<meta name="description" content=")[^"]*"/, `$1${head.description}"`],
    [/(<meta property="og:locale" content=")[^"]*"/, `$1${head.ogLocale}"`],
    [/(<meta property="og:title" content=")[^"]*"/, `$1${head.ogTitle}"`],
    [/(<meta property="og:description" content=")[^"]*"/, `$1${head.ogDescription}"`],
    [/(<meta property="og:image:alt" content=")[^"]*"/, `$1${head.ogImageAlt}"`],
  ];
  return swaps.reduce((page, [pattern, replacement]) => {
    if (!pattern.test(page)) throw new Error(`index.html has no ${pattern}: the ${language} landing would keep Spanish there`);
    return page.replace(pattern, replacement);
  }, html);
}

/**
 * The seller's screens whose own code boot.js fetches beside the entry's on a first open of their path: each
 * is a lazy chunk (web/router.tsx) that the router would only ask for once the entry had arrived and run.
 */
const ROUTE_MODULES: Record<string, string> = {
  "/home": "web/features/products/home.tsx",
  "/mi-tienda-admin": "web/features/store-admin/store-admin.tsx",
  "/mi-tienda": "web/features/store-admin/store-setup.tsx",
  "/pedidos": "web/features/orders/orders.tsx",
  "/settings": "web/features/settings/settings.tsx",
};

type Bundle = NonNullable<Parameters<Extract<NonNullable<Plugin["transformIndexHtml"]>, { handler: unknown }>["handler"]>[1]["bundle"]>;

/** Each path's chunk and every chunk it imports, as the URLs the page asks for. */
function routeFiles(bundle: Bundle): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
  const routes: Record<string, string[]> = {};
  for (const [path, module] of Object.entries(ROUTE_MODULES)) {
    const root = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module));
    if (!root) throw new Error(`no chunk for ${module} (${path}): is it still a lazy route?`);
    const files = new Set<string>();
    const visit = (fileName: string) => {
      if (files.has(fileName)) return;
      files.add(fileName);
      for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) visit(imported);
    };
    visit(root.fileName);
    routes[path] = [...files].map((fileName) => `/${fileName}`);
  }
  return routes;
}

function handAppToBoot(html: string, routes: Record<string, string[]>): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error("the build wrote no module script into index.html");
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let page = html.replace(entry[0], "");
  for (const preload of preloads) page = page.replace(preload[0], "");
  const files = preloads.map((m) => m[1]);
  // What the entry already preloads is left out of each route's list.
  const own = Object.fromEntries(
    Object.entries(routes).map(([path, list]) => [path, list.filter((file) => file !== entry[1] && !files.includes(file)).join(" ")]),
  );
  const routeAttribute = JSON.stringify(own).replaceAll('"', "&quot;");
  return page.replace(
    BOOT,
    `<script src="/boot.js" data-entry="${entry[1]}" data-preload="${files.join(" ")}" data-routes="${routeAttribute}"></script>`,
  );
}
