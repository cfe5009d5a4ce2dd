import { Brand } from "../../ui/brand";
import { t } from "./texts";

// A function, not a table: its texts are read in the language active when the page renders.
const sections = (): [string, string][] => [
  [t("termsServiceTitle"), t("termsServiceText")],
  [t("termsAccountTitle"), t("termsAccountText")],
  [t("termsCreditsTitle"), t("termsCreditsText")],
  [t("termsPhotosTitle"), t("termsPhotosText")],
  [t("termsStoreTitle"), t("termsStoreText")],
  [t("termsPaymentsTitle"), t("termsPaymentsText")],
  [t("termsPrivacyTitle"), t("termsPrivacyText")],
  [t("termsChangesTitle"), t("termsChangesText")],
];

export function TermsScreen() {
  return (
    <div className="mx-auto max-w-3xl px-6 py-10">
      <Brand />
      <h1 className="mt-8 text-3xl font-bold tracking-tight">{t("terms")}</h1>
      <p className="mt-2 text-sm text-slate-500">{t("termsUpdated")}</p>
      <div className="mt-8 space-y-6 leading-relaxed text-slate-700">
        {sections().map(([title, text]) => (
          <section key={title}>
            <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
            <p className="mt-2">{text}</p>
          </section>
        ))}
      </div>
    </div>
  );
}
