import { getRouteApi } from "@tanstack/react-router";
import { AuthScreen, TextLink } from "./auth-screen";
import { useGoogleReturnError } from "./auth-error";
import { imagesLabel, SIGNUP_CREDITS } from "../../../common/credits";
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
      title="Crea tu cuenta"
      subtitle={`Empieza gratis: te regalamos ${imagesLabel(SIGNUP_CREDITS)} para probar.`}
      submitLabel="Crear cuenta"
      busyLabel="Creando cuenta..."
      passwordHint="Al menos 8 caracteres."
      initialError={initialError}
      footer={
        <>
          <p>
            ¿Ya tienes cuenta? <TextLink to="/login">Inicia sesión</TextLink>
          </p>
          <p className="text-xs text-slate-500">
            Al registrarte aceptas los{" "}
            <a
              href="/terminos-y-condiciones"
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2"
            >
              términos y condiciones
            </a>
            .
          </p>
          {/* Spec, Register: a contact link to a messaging app; the support WhatsApp, hidden when none is configured (as in 'Ayuda'). */}
          {supportWhatsapp && (
            <p>
              ¿Tienes dudas antes de empezar?{" "}
              <a
                href={whatsappUrl(supportWhatsapp, "Hola, tengo una consulta sobre Vidriera.")}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                Escríbenos por WhatsApp
                <span className="sr-only"> al {supportWhatsappLabel(config)} (se abre en otra pestaña)</span>
              </a>
            </p>
          )}
        </>
      }
    />
  );
}
