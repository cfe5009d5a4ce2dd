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
 * PUBLIC_ORIGIN, when set at build time, makes the link-preview image URL
 * absolute, as Facebook and WhatsApp want it.
 */
import { resolve } from "node:path";
import { runnerImport, type Plugin } from "vite";

const PLACEHOLDER = '<div id="landing-static"></div>';
const BOOT = '<script src="/boot.js"></script>';
const ENTRY = resolve(import.meta.dirname, "../web/features/landing/landing-static.tsx");

export function prerenderLanding(): Plugin {
  return {
    name: "vidriera:prerender-landing",
    transformIndexHtml: {
      // After Vite has written the bundle's own tags into the page.
      order: "post",
      async handler(html, context) {
        if (!html.includes(PLACEHOLDER) || !html.includes(BOOT)) throw new Error(`index.html needs ${PLACEHOLDER} and ${BOOT}`);
        // A separate, config-less runner: the app's own config would load this plugin and the Worker again.
        const { module } = await runnerImport<{ renderLandingHtml(year: number): string }>(ENTRY, {
          configFile: false,
          logLevel: "error",
          // Node's own react-dom/server, not a browser build.
          ssr: { external: true },
        });
        const year = new Date().getFullYear();
        const origin = process.env.PUBLIC_ORIGIN?.replace(/\/$/, "") ?? "";
        let page = html
          .replace(PLACEHOLDER, `<div id="landing-static" data-year="${year}">${module.renderLandingHtml(year)}</div>`)
          .replaceAll('content="/landing/', `content="${origin}/landing/`);
        if (context.bundle) page = handAppToBoot(page);
        return page;
      },
    },
  };
}

function handAppToBoot(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error("the build wrote no module script into index.html");
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let page = html.replace(entry[0], "");
  for (const preload of preloads) page = page.replace(preload[0], "");
  const files = preloads.map((m) => m[1]).join(" ");
  return page.replace(BOOT, `<script src="/boot.js" data-entry="${entry[1]}" data-preload="${files}"></script>`);
}
