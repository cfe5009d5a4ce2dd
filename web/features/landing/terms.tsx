import { countryOfBrowser } from "../../../common/browser-country";
import { sellerExamples } from "../../../common/store-locale";
import { sellerLanguage } from "../../i18n/language";
import { useSession } from "../../lib/session";
import { Brand } from "../../ui/brand";
import { t } from "./texts";

// A function, not a table: its texts are read in the language active when the page renders.
// The word for sizes is the reader's country's (talle in Argentina and Uruguay, talla elsewhere): the seller's,
// else the browser's.
const sections = (country: string): [string, string][] => [
  [t("termsServiceTitle"), t("termsServiceText")],
  [t("termsAccountTitle"), t("termsAccountText")],
  [t("termsCreditsTitle"), t("termsCreditsText")],
  [t("termsPhotosTitle"), t("termsPhotosText")],
  [t("termsStoreTitle"), t("termsStoreText", { sizes: sellerExamples(country, sellerLanguage()).sizes })],
  [t("termsPaymentsTitle"), t("termsPaymentsText")],
  [t("termsPrivacyTitle"), t("termsPrivacyText")],
  [t("termsChangesTitle"), t("termsChangesText")],
];

export function TermsScreen() {
  const { user } = useSession();
  const country = user?.countryCode ?? countryOfBrowser(navigator.languages ?? [navigator.language]).code;
  return (
    <div className="mx-auto max-w-3xl px-6 py-10">
      <Brand />
      <h1 className="mt-8 text-3xl font-bold tracking-tight">{t("terms")}</h1>
      <p className="mt-2 text-sm text-slate-500">{t("termsUpdated")}</p>
      <div className="mt-8 space-y-6 leading-relaxed text-slate-700">
        {sections(country).map(([title, text]) => (
          <section key={title}>
            <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
            <p className="mt-2">{text}</p>
          </section>
        ))}
      </div>
    </div>
  );
}
