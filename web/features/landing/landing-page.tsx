import type { ReactNode } from "react";
import { imagesFromCredits, SIGNUP_CREDITS } from "../../../common/credits";
import { PROVIDER_NAMES } from "../../../common/packs";
import type { PackClaim, PriceClaims } from "../../../common/price-claims";
import { LogoMark } from "../../ui/brand";
import { LanguageSwitch } from "./language-switch";
import { t } from "./texts";

/**
 * The marketing page. It renders twice: to static HTML at build time
 * (landing-static.tsx, so the first view needs no JavaScript) and in the SPA
 * (features/landing/landing.tsx), where it replaces that HTML. So it takes its links,
 * its signed-in state and the price claims for the visitor's country as props and
 * reads no router or query context.
 */
export type LandingPath = "/" | "/register" | "/login" | "/home" | "/terminos-y-condiciones";
export type LandingLink = (props: { to: LandingPath; className: string; children: ReactNode }) => ReactNode;

interface Props {
  signedIn: boolean;
  year: number;
  Link: LandingLink;
  /** Prerendered for an unknown country (dollars); the live page passes the visitor's own. */
  claims: PriceClaims;
}

const BUTTON =
  "inline-flex items-center justify-center rounded-xl px-6 py-3 text-base font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2";

export function LandingPage({ signedIn, year, Link, claims }: Props) {
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 via-white to-white">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-5 py-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
          <LogoMark />
          Vidriera
        </Link>
        {!signedIn && (
          <Link
            to="/login"
            className="inline-flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {t("signIn")}
          </Link>
        )}
      </header>

      <main>
        <section className="mx-auto max-w-3xl px-5 pt-8 pb-14 text-center sm:px-6 sm:pt-14">
          <span className="inline-block rounded-full bg-brand-100 px-4 py-1 text-sm font-semibold text-brand-800">{t("badge")}</span>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">{t("heroTitle")}</h1>
          <p className="mt-5 text-lg text-pretty text-slate-600">{t("heroText")}</p>
          <div className="mt-8 flex flex-col items-center gap-3">
            <Link
              to={signedIn ? "/home" : "/register"}
              className={`${BUTTON} bg-brand-700 px-8 text-lg text-white hover:bg-brand-800 focus-visible:outline-brand-700`}
            >
              {signedIn ? t("goToProducts") : t("startNow")}
            </Link>
            <p className="text-sm text-slate-600">{t("freeStart", { images: imagesFromCredits(SIGNUP_CREDITS) })}</p>
          </div>
          <ul className="mx-auto mt-10 grid max-w-2xl gap-3 text-left text-sm text-slate-700 sm:grid-cols-2">
            <Claim>
              <span data-testid="landing-from-price">{t("fromPerImage", { price: claims.fromPerImagePrice })}</span>
            </Claim>
            <Claim>{t("claimStore")}</Claim>
            <Claim>{t("claimPhone")}</Claim>
            <Claim>{t("claimPay")}</Claim>
          </ul>
        </section>

        <section aria-labelledby="antes-despues" className="below-fold mx-auto max-w-5xl px-5 py-14 sm:px-6">
          <SectionTitle id="antes-despues" subtitle={t("beforeAfterSubtitle")}>
            {t("beforeAfterTitle")}
          </SectionTitle>
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            <Comparison index={1} garment={t("garmentBlue")} />
            <Comparison index={2} garment={t("garmentRed")} />
          </div>
        </section>

        <section aria-labelledby="beneficios" className="below-fold mx-auto max-w-6xl px-5 py-14 sm:px-6">
          <SectionTitle id="beneficios" subtitle={t("whySubtitle")}>
            {t("whyTitle")}
          </SectionTitle>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {benefits().map((benefit) => (
              <li key={benefit.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="grid size-11 place-items-center rounded-xl bg-brand-100 text-brand-700">
                  <svg
                    aria-hidden
                    viewBox="0 0 24 24"
                    className="size-6"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  >
                    <path d={benefit.icon} />
                  </svg>
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{benefit.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{benefit.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="precios" className="below-fold mx-auto max-w-6xl px-5 py-14 sm:px-6">
          <SectionTitle id="precios" subtitle={t("pricesSubtitle")}>
            {t("pricesTitle")}
          </SectionTitle>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {claims.packs.map((pack) => (
              <li
                key={pack.id}
                data-testid={`landing-pack-${pack.id}`}
                className={`relative flex flex-col rounded-2xl border bg-white p-6 text-center shadow-sm ${
                  pack.featured && pack.available ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"
                }`}
              >
                {pack.featured && pack.available && (
                  <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-0.5 text-xs font-semibold text-white">
                    {t("mostChosen")}
                  </span>
                )}
                <h3 className="font-semibold text-slate-900">{t("packImages", { count: pack.images })}</h3>
                <p className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900">{pack.price}</p>
                <p className="mt-1 text-sm text-slate-600">{t("perImage", { price: pack.perImagePrice })}</p>
                <p className="mt-3 min-h-5 text-sm font-semibold text-emerald-700">
                  {!pack.available ? <span className="text-slate-600">{t("notAvailable")}</span> : savingText(pack)}
                </p>
              </li>
            ))}
          </ul>
          <p className="mx-auto mt-6 max-w-2xl text-center text-sm text-slate-600" data-testid="landing-currency-note">
            {t(claims.route === "mercadopago" ? "currencyPesos" : "currencyDollars", { provider: PROVIDER_NAMES[claims.route] })}
          </p>
          <div className="mx-auto mt-8 max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
            <h3 className="font-semibold text-slate-900">{t("storePlanTitle")}</h3>
            <p className="mt-2 text-slate-700">
              {t("storePlanBefore")} <strong data-testid="landing-store-plan">{claims.storePlan}</strong>
              {t("storePlanAfter")}
            </p>
            <p className="mt-2 text-sm text-slate-600">{t("storePlanTerms", { price: claims.storePlan })}</p>
          </div>
        </section>

        <section aria-labelledby="creador" className="below-fold mx-auto max-w-3xl px-5 py-14 sm:px-6">
          <div className="rounded-3xl border border-brand-100 bg-brand-50 p-8 sm:p-10">
            <h2 id="creador" className="text-2xl font-bold tracking-tight text-slate-900">
              {t("creatorTitle")}
            </h2>
            <p className="mt-4 text-slate-700">{t("creatorStory")}</p>
            <p className="mt-3 text-slate-700">{t("creatorListens")}</p>
          </div>
        </section>

        <section aria-labelledby="cierre" className="below-fold px-5 py-14 sm:px-6">
          <div className="mx-auto max-w-4xl rounded-3xl bg-brand-700 px-6 py-12 text-center text-white shadow-lg sm:px-12">
            <h2 id="cierre" className="text-3xl font-bold tracking-tight text-balance">
              {t("closingTitle")}
            </h2>
            <p className="mt-3 text-white/90">{t("closingText", { images: imagesFromCredits(SIGNUP_CREDITS) })}</p>
            <Link to="/register" className={`${BUTTON} mt-8 bg-white text-brand-800 hover:bg-brand-50 focus-visible:outline-white`}>
              {t("closingButton")}
            </Link>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-5 py-8 text-sm text-slate-600 sm:flex-row sm:px-6">
          <p>{t("madeIn", { year })}</p>
          <nav aria-label={t("footerLabel")} className="flex gap-4">
            <Link to="/terminos-y-condiciones" className="inline-flex min-h-11 items-center hover:underline">
              {t("terms")}
            </Link>
            <Link to="/login" className="inline-flex min-h-11 items-center hover:underline">
              {t("signIn")}
            </Link>
          </nav>
          <LanguageSwitch />
        </div>
      </footer>
    </div>
  );
}

/** A pack's saving, as common/price-claims.ts packSavingsText says it in Spanish. */
function savingText({ saving }: PackClaim): string {
  if (!saving) return "";
  return saving.sameAs
    ? t("savingSameAs", { percent: saving.percent, images: saving.sameAs.images })
    : t("saving", { percent: saving.percent });
}

function Claim({ children }: { children: ReactNode }) {
  return (
    <li className="flex items-start gap-2 rounded-xl bg-white/70 px-3 py-2">
      <svg aria-hidden viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-emerald-600" fill="currentColor">
        <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
      </svg>
      <span>{children}</span>
    </li>
  );
}

function SectionTitle({ id, subtitle, children }: { id: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900">
        {children}
      </h2>
      <p className="mt-3 text-slate-600">{subtitle}</p>
    </div>
  );
}

/** Real output of the offline studio pipeline (scripts/landing-examples.ts), not a mock-up. */
function Comparison({ index, garment }: { index: number; garment: string }) {
  const picture = (kind: "antes" | "despues", alt: string, label: string) => (
    <figure className="flex-1">
      <img
        src={`/landing/${kind}-${index}.jpg`}
        alt={alt}
        width="480"
        height="600"
        loading="lazy"
        decoding="async"
        className="aspect-[4/5] w-full rounded-xl bg-slate-100 object-cover"
      />
      <figcaption className="mt-2 text-center text-sm font-semibold text-slate-700">{label}</figcaption>
    </figure>
  );
  return (
    <div className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:gap-4 sm:p-4">
      {picture("antes", t("beforeAlt", { garment }), t("before"))}
      {picture("despues", t("afterAlt"), t("after"))}
    </div>
  );
}

// A function, not a table: its texts are read in the language active when the page renders.
const benefits = () => [
  {
    title: t("benefitStudioTitle"),
    text: t("benefitStudioText"),
    icon: "M3 7h3l2-3h8l2 3h3v13H3V7Zm9 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z",
  },
  {
    title: t("benefitFastTitle"),
    text: t("benefitFastText"),
    icon: "M13 2 4 14h7l-1 8 9-12h-7l1-8Z",
  },
  {
    title: t("benefitSavingsTitle"),
    text: t("benefitSavingsText"),
    icon: "M12 3v18M17 7.5C17 5.6 14.8 4.5 12 4.5S7 5.6 7 7.5 9.2 10.3 12 11s5 1.9 5 3.9-2.2 3.6-5 3.6-5-1.2-5-3",
  },
  {
    title: t("benefitCustomersTitle"),
    text: t("benefitCustomersText"),
    icon: "M12 21s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.6-7 10-7 10Z",
  },
  {
    title: t("benefitEasyTitle"),
    text: t("benefitEasyText"),
    icon: "M7 3h10a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Zm4 15h2",
  },
  {
    title: t("benefitConsistentTitle"),
    text: t("benefitConsistentText"),
    icon: "M4 4h7v7H4V4Zm9 0h7v7h-7V4ZM4 13h7v7H4v-7Zm9 0h7v7h-7v-7Z",
  },
];
