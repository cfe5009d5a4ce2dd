import { renderToString } from "react-dom/server";
import { priceClaims } from "../../../common/price-claims";
import { LandingPage, type LandingLink } from "./landing-page";

const Anchor: LandingLink = ({ to, className, children }) => (
  <a href={to} className={className}>
    {children}
  </a>
);

/**
 * The landing as HTML for index.html, rendered at build time
 * (scripts/prerender-landing.ts) as a visitor sees it. renderToString, not
 * renderToStaticMarkup: the SPA hydrates this HTML (landing-island.tsx), and
 * hydration needs the markers between adjacent text nodes. Prices are those of
 * an unknown country (dollars) until the page learns the visitor's.
 */
export function renderLandingHtml(year: number): string {
  return renderToString(<LandingPage signedIn={false} year={year} Link={Anchor} claims={priceClaims(null)} />);
}
