/**
 * What a person reads when Google sign-in sends them back with `?error=`.
 * The codes are the callback's (worker/routes/google-auth.ts); the texts are
 * the spec's error catalogue, per screen.
 */
import { TOO_MANY_SIGNUPS } from "./user";

export const TOO_MANY_GOOGLE_STARTS = "Demasiados intentos de entrar con Google. Espera unos minutos e inténtalo de nuevo.";

export type AuthScreen = "login" | "register";

export const GOOGLE_NOT_CONFIGURED = "El inicio de sesión con Google no está disponible en este sitio. Entra con tu email y contraseña.";

const MESSAGES: Record<string, Record<AuthScreen, string>> = {
  invalid_state: {
    login: "Error de seguridad (estado inválido). Inténtalo de nuevo.",
    register: "Error de seguridad (estado inválido). Inténtalo de nuevo.",
  },
  access_denied: {
    login: "Permiso denegado para acceder con Google.",
    register: "Permiso denegado para registrarse con Google.",
  },
  email_google_conflict: {
    login: "Este email ya está asociado con otra cuenta de Google.",
    register: "Este email ya está asociado con otra cuenta de Google. Intenta iniciar sesión.",
  },
  google_callback_failed: {
    login: "Falló la comunicación con Google. Inténtalo de nuevo.",
    register: "Falló la comunicación con Google. Inténtalo de nuevo.",
  },
  google_not_configured: { login: GOOGLE_NOT_CONFIGURED, register: GOOGLE_NOT_CONFIGURED },
  too_many_signups: { login: TOO_MANY_SIGNUPS, register: TOO_MANY_SIGNUPS },
  too_many_starts: { login: TOO_MANY_GOOGLE_STARTS, register: TOO_MANY_GOOGLE_STARTS },
};

const OTHER: Record<AuthScreen, string> = {
  login: "Error durante el inicio de sesión con Google.",
  register: "Error durante el registro con Google.",
};

export function googleErrorMessage(code: string, screen: AuthScreen): string {
  return MESSAGES[code]?.[screen] ?? OTHER[screen];
}
