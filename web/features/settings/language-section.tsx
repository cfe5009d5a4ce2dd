import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import toast from "react-hot-toast";
import { SELLER_LANGUAGE_NAMES, SELLER_LANGUAGE_TAGS, SELLER_LANGUAGES, type SellerLanguage } from "../../../common/seller-language";
import { chooseSellerLanguage, sellerLanguage } from "../../i18n/language";
import { api, unwrap } from "../../lib/api";
import { t } from "./texts";

/**
 * 'Idioma': the language the seller reads the app in, saved on the account (so every device follows) and in
 * this browser, which then shows the app in it. Each name is written in its own language.
 */
export function LanguageSection() {
  const name = useId();
  const save = useMutation({
    mutationFn: (language: SellerLanguage) => unwrap(api.auth.language.$put({ json: { language } }), t("languageFailed")),
    onSuccess: ({ user }) => chooseSellerLanguage(user.sellerLanguage ?? sellerLanguage()),
    onError: (err) => toast.error(err.message),
  });
  const current = save.isPending ? save.variables : sellerLanguage();
  return (
    <section aria-labelledby={`${name}-title`} className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id={`${name}-title`} className="font-semibold">
        {t("languageTitle")}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t("languageHelp")}</p>
      <fieldset disabled={save.isPending}>
        <legend className="sr-only">{t("languageTitle")}</legend>
        <div className="grid gap-1 rounded-lg bg-slate-100 p-1 sm:grid-cols-3">
          {SELLER_LANGUAGES.map((language) => (
            <label key={language} className="relative">
              <input
                type="radio"
                name={name}
                value={language}
                checked={current === language}
                onChange={() => save.mutate(language)}
                className="peer sr-only"
              />
              <span
                lang={SELLER_LANGUAGE_TAGS[language]}
                className="flex min-h-11 cursor-pointer items-center justify-center rounded-md px-2 text-center text-sm font-medium text-slate-700 peer-checked:bg-white peer-checked:text-slate-900 peer-checked:shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-brand-600"
              >
                {SELLER_LANGUAGE_NAMES[language]}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
