import { getRouteApi } from "@tanstack/react-router";
import { AuthScreen, TextLink } from "./auth-screen";
import { useGoogleReturnError } from "./auth-error";
import { t } from "./texts";

const route = getRouteApi("/login");

export function LoginScreen() {
  const { error } = route.useSearch();
  const initialError = useGoogleReturnError("login", error);
  return (
    <AuthScreen
      screen="login"
      title={t("loginTitle")}
      subtitle={t("loginSubtitle")}
      submitLabel={t("loginSubmit")}
      busyLabel={t("loginBusy")}
      initialError={initialError}
      footer={
        <>
          <p>
            <TextLink to="/recuperar">{t("forgotPassword")}</TextLink>
          </p>
          <p>
            {t("noAccount")} <TextLink to="/register">{t("registerFree")}</TextLink>
          </p>
        </>
      }
    />
  );
}
