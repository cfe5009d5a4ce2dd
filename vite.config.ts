import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { linguiCatalogues } from "./scripts/lingui-catalogues-plugin.ts";
import { prerenderLanding } from "./scripts/prerender-landing.ts";
import { storeAssets } from "./scripts/store-assets-plugin.ts";

// One Vite server runs the SPA and the Worker (workerd, local D1/R2/DO) together.
// VIDRIERA_STATE_DIR lets end-to-end runs keep their data apart from `npm run dev`'s.
export default defineConfig({
  plugins: [
    // The seller app's catalogues, compiled at build time (web/i18n).
    linguiCatalogues(),
    react(),
    tailwindcss(),
    prerenderLanding(),
    // The public store's cart script and stylesheet, served by the Worker (not the SPA's bundle).
    storeAssets(),
    cloudflare({
      persistState: process.env.VIDRIERA_STATE_DIR ? { path: process.env.VIDRIERA_STATE_DIR } : true,
      inspectorPort: false,
      remoteBindings: false,
    }),
  ],
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
});
