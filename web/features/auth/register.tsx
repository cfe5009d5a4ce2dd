import { getRouteApi } from "@tanstack/react-router";
import { AuthScreen, TextLink } from "./auth-screen";
import { useGoogleReturnError } from "./auth-error";
import { imagesFromCredits, SIGNUP_CREDITS } from "../../../common/credits";
import { t } from "./texts";
import { supportWhatsappLabel, useAppConfig, whatsappUrl } from "../../lib/config";

const route = getRouteApi("/register");

export function RegisterScreen() {
  const { error } = route.useSearch();
  const initialError = useGoogleReturnError("register", error);
  const { config } = useAppConfig();
  const { supportWhatsapp } = config;
  return (
    <AuthScreen
      screen="register"
      title={t("registerTitle")}
      subtitle={t("registerSubtitle", { images: imagesFromCredits(SIGNUP_CREDITS) })}
      submitLabel={t("registerSubmit")}
      busyLabel={t("registerBusy")}
      passwordHint={t("passwordHint")}
      initialError={initialError}
      footer={
        <>
          <p>
            {t("haveAccount")} <TextLink to="/login">{t("signIn")}</TextLink>
          </p>
          <p className="text-xs text-slate-500">
            {t("acceptTermsBefore")}{" "}
            <a
              href="/terminos-y-condiciones"
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2"
            >
              {t("acceptTermsLink")}
            </a>
            {t("acceptTermsAfter")}
          </p>
          {/* Spec, Register: a contact link to a messaging app; the support WhatsApp, hidden when none is configured (as in 'Ayuda'). */}
          {supportWhatsapp && (
            <p>
              {t("questions")}{" "}
              <a
                href={whatsappUrl(supportWhatsapp, t("supportGreeting"))}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {t("writeUs")}
                <span className="sr-only">{t("writeUsScreenReader", { number: supportWhatsappLabel(config) })}</span>
              </a>
            </p>
          )}
        </>
      }
    />
  );
}
