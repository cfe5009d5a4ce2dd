import { describe, expect, it } from "vitest";
import { googleErrorMessage } from "./google-errors";

describe("Google sign-in error messages (spec section 8)", () => {
  it.each([
    ["invalid_state", "login", "Error de seguridad (estado inválido). Inténtalo de nuevo."],
    ["invalid_state", "register", "Error de seguridad (estado inválido). Inténtalo de nuevo."],
    ["access_denied", "login", "Permiso denegado para acceder con Google."],
    ["access_denied", "register", "Permiso denegado para registrarse con Google."],
    ["email_google_conflict", "login", "Este email ya está asociado con otra cuenta de Google."],
    ["email_google_conflict", "register", "Este email ya está asociado con otra cuenta de Google. Intenta iniciar sesión."],
    ["google_callback_failed", "login", "Falló la comunicación con Google. Inténtalo de nuevo."],
    ["google_email_unverified", "login", "Error durante el inicio de sesión con Google."],
    ["anything", "register", "Error durante el registro con Google."],
    ["google_not_configured", "login", "El inicio de sesión con Google no está disponible en este sitio. Entra con tu email y contraseña."],
  ] as const)("%s on %s", (code, screen, message) => {
    expect(googleErrorMessage(code, screen)).toBe(message);
  });

  it("does not treat inherited object keys as codes", () => {
    expect(googleErrorMessage("toString", "login")).toBe("Error durante el inicio de sesión con Google.");
  });
});
