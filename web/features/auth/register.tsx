import { getRouteApi } from "@tanstack/react-router";
import { AuthScreen, TextLink } from "./auth-screen";
import { useGoogleReturnError } from "./auth-error";
import { imagesLabel, SIGNUP_CREDITS } from "../../../common/credits";

const route = getRouteApi("/register");

export function RegisterScreen() {
  const { error } = route.useSearch();
  const initialError = useGoogleReturnError("register", error);
  return (
    <AuthScreen
      screen="register"
      title="Creá tu cuenta"
      subtitle={`Empezá gratis: te regalamos ${imagesLabel(SIGNUP_CREDITS)} para probar.`}
      submitLabel="Crear cuenta"
      busyLabel="Creando cuenta..."
      passwordHint="Al menos 8 caracteres."
      initialError={initialError}
      footer={
        <>
          <p>
            ¿Ya tenés cuenta? <TextLink to="/login">Iniciá sesión</TextLink>
          </p>
          <p className="text-xs text-slate-500">
            Al registrarte aceptás los{" "}
            <a
              href="/terminos-y-condiciones"
              target="_blank"
              rel="noopener"
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              términos y condiciones
            </a>
            .
          </p>
        </>
      }
    />
  );
}
