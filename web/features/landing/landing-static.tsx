import { renderToString } from "react-dom/server";
import { priceClaims } from "../../../common/price-claims";
import type { SellerLanguage } from "../../../common/seller-language";
import { i18n, prefixed } from "../../i18n/texts";
import { LandingPage, type LandingLink } from "./landing-page";
import english from "./texts/en.ts?lingui";
import portuguese from "./texts/pt-BR.ts?lingui";

export { LANDING_HEADS } from "./landing-head";

const Anchor: LandingLink = ({ to, className, children }) => (
  <a href={to} className={className}>
    {children}
  </a>
);

// Build time only: the browser never loads this module, so the other languages' landing texts stay out of it.
i18n.load({ "pt-BR": prefixed("landing", portuguese), en: prefixed("landing", english) });

/**
 * The landing as HTML for index.html (and its other languages' pages), rendered at build time
 * (scripts/prerender-landing.ts) as a visitor sees it. renderToString, not
 * renderToStaticMarkup: the SPA hydrates this HTML (landing-island.tsx), and
 * hydration needs the markers between adjacent text nodes. Prices are those of
 * an unknown country (dollars) until the page learns the visitor's.
 */
export function renderLandingHtml(year: number, language: SellerLanguage = "es"): string {
  i18n.activate(language);
  return renderToString(<LandingPage signedIn={false} year={year} Link={Anchor} claims={priceClaims(null)} />);
}
