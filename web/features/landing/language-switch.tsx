import {
  isSellerLanguage,
  SELLER_LANGUAGE_NAMES,
  SELLER_LANGUAGE_PARAM,
  SELLER_LANGUAGE_TAGS,
  SELLER_LANGUAGES,
} from "../../../common/seller-language";
import { i18n } from "../../i18n/texts";
import { t } from "./texts";

/**
 * The landing's languages, each named in itself and linked to its own version (`/?lang=pt-BR`): a whole page
 * load, since each language's landing is its own prerendered page (worker/routes/landing.ts), and a
 * choice the app then remembers (web/i18n/language.ts).
 */
export function LanguageSwitch() {
  const current = isSellerLanguage(i18n.locale) ? i18n.locale : "es";
  return (
    <nav aria-label={t("languageLabel")} className="flex gap-3" data-testid="landing-languages">
      {SELLER_LANGUAGES.map((language) => (
        <a
          key={language}
          href={`/?${SELLER_LANGUAGE_PARAM}=${language}`}
          hrefLang={SELLER_LANGUAGE_TAGS[language]}
          lang={SELLER_LANGUAGE_TAGS[language]}
          aria-current={language === current ? "page" : undefined}
          className="inline-flex min-h-11 items-center hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-slate-900"
        >
          {SELLER_LANGUAGE_NAMES[language]}
        </a>
      ))}
    </nav>
  );
}
