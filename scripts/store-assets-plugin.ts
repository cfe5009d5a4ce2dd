/**
 * Builds what the public store page ships besides its HTML: the cart script
 * (web/store/cart.ts, bundled and minified on its own, never part of the
 * seller app's bundle) and the page's stylesheet (web/store/store.css, inlined
 * by the Worker), plus what the buyer's order page adds to it (web/store/order.css) and its copy buttons' script (web/store/order-copy.ts). The Worker imports both from `virtual:store-assets`, so
 * `npm run dev`, the tests, `vite build` and the deploy all serve the same
 * bytes without a generated file to keep in step.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { build, type Plugin } from "vite";

const VIRTUAL_ID = "virtual:store-assets";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

export interface StoreAssets {
  cartScript: string;
  cartScriptHash: string;
  storeCss: string;
  storeCssHash: string;
  orderCss: string;
  orderCssHash: string;
  orderScript: string;
  orderScriptHash: string;
}

const sha256 = (text: string, encoding: "hex" | "base64") => createHash("sha256").update(text).digest(encoding);

/** The stylesheet is hand-written for this page: dropping comments and spacing is all it needs. */
export function minifyCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\s+/g, " ")
    .replace(/\s*([{};,>])\s*/g, "$1")
    .replace(/;}/g, "}")
    .trim();
}

/** One script of the store's pages, bundled and minified on its own as an IIFE. */
async function bundle(root: string, entry: string, name: string): Promise<string> {
  const output = await build({
    root,
    configFile: false,
    envFile: false,
    logLevel: "silent",
    publicDir: false,
    plugins: [],
    // Libraries' development-only code goes: @lingui/core carries its message compiler only outside production
    // (the cart reads messages the Worker compiled; with it the script would weigh 7 KB gzip more).
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      write: false,
      minify: true,
      target: "es2020",
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: { entry: resolve(root, entry), formats: ["iife"], name, fileName: () => `${name}.js` },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  const chunk = outputs.flatMap((o) => ("output" in o ? o.output : [])).find((item) => item.type === "chunk");
  if (chunk?.type !== "chunk") throw new Error(`the ${entry} build produced no chunk`);
  return chunk.code;
}

export async function buildStoreAssets(root: string): Promise<StoreAssets> {
  const [cartScript, orderScript] = await Promise.all([
    bundle(root, "web/store/cart.ts", "vidrieraCart"),
    bundle(root, "web/store/order-copy.ts", "vidrieraOrder"),
  ]);
  const storeCss = minifyCss(readFileSync(resolve(root, "web/store/store.css"), "utf8"));
  const orderCss = minifyCss(readFileSync(resolve(root, "web/store/order.css"), "utf8"));
  return {
    cartScript,
    cartScriptHash: sha256(cartScript, "hex").slice(0, 12),
    // The order page inlines its script; its Content-Security-Policy allows exactly these bytes.
    orderScript,
    orderScriptHash: sha256(orderScript, "base64"),
    storeCss,
    // The page's Content-Security-Policy allows exactly this inline stylesheet.
    storeCssHash: sha256(storeCss, "base64"),
    orderCss,
    orderCssHash: sha256(orderCss, "base64"),
  };
}

export function storeAssets(): Plugin {
  let root = process.cwd();
  let assets: Promise<StoreAssets> | undefined;
  // The cart script's rules live in common/ (store-cart, checkout, variants, …).
  const isSource = (file: string) => /[\\/]web[\\/]store[\\/]|[\\/]common[\\/][^\\/]*\.ts$/.test(file);
  return {
    name: "vidriera:store-assets",
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      assets ??= buildStoreAssets(root);
      const built = await assets.catch((err: unknown) => {
        assets = undefined;
        throw err;
      });
      for (const file of [
        "web/store/cart.ts",
        "web/store/order-copy.ts",
        "web/store/store.css",
        "web/store/order.css",
        "common/store-format.ts",
        "common/store-cart.ts",
      ]) {
        this.addWatchFile(resolve(root, file));
      }
      return Object.entries(built)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
        .join("\n");
    },
    // In `npm run dev`, an edit to the cart or its rules rebuilds it and reloads the Worker.
    hotUpdate({ file }) {
      if (!isSource(file)) return;
      assets = undefined;
      const module = this.environment.moduleGraph.getModuleById(RESOLVED_ID);
      if (module) this.environment.moduleGraph.invalidateModule(module);
    },
  };
}
