/** Built by scripts/store-assets-plugin.ts from web/store/ (cart script) and web/store/store.css. */
declare module "virtual:store-assets" {
  export const cartScript: string;
  /** First 12 hex characters of the script's SHA-256: part of its immutable URL. */
  export const cartScriptHash: string;
  export const storeCss: string;
  /** Base64 SHA-256 of storeCss, for the page's Content-Security-Policy. */
  export const storeCssHash: string;
  /** What the buyer's order page (/pedido/…) adds to storeCss. */
  export const orderCss: string;
  export const orderCssHash: string;
  /** The order page's inline script (its 'Copiar' buttons) and its base64 SHA-256 for the page's CSP. */
  export const orderScript: string;
  export const orderScriptHash: string;
}
