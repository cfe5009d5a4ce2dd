import type { SellerLanguage } from "../../common/seller-language";

/**
 * The recovery e-mails in each of the seller's languages (worker/lib/password-reset.ts). Typed per language,
 * so none can lack a line; the Spanish is the e-mail as it always read. `googleHtml` gets the link escaped.
 */
interface RecoveryTexts {
  hello: string;
  resetSubject: string;
  resetAsked: string;
  resetOpen: string;
  resetButton: string;
  resetValid: string;
  resetIgnore: string;
  googleSubject: string;
  googleAsked: string;
  googleHow: string;
  googleHtml: (login: string) => string;
  googleIgnore: string;
}

export const RECOVERY_TEXTS: Readonly<Record<SellerLanguage, RecoveryTexts>> = {
  es: {
    hello: "Hola:",
    resetSubject: "Crea una nueva contraseña para Vidriera",
    resetAsked: "Recibimos un pedido para crear una nueva contraseña de tu cuenta de Vidriera.",
    resetOpen: "Abre este enlace para elegirla (vale por una hora y funciona una sola vez):",
    resetButton: "Crear una nueva contraseña",
    resetValid: "El enlace vale por una hora y funciona una sola vez.",
    resetIgnore: "Si no lo pediste tú, ignora este correo: tu contraseña sigue igual.",
    googleSubject: "Entra a Vidriera con Google",
    googleAsked: "Recibimos un pedido para recuperar tu cuenta de Vidriera.",
    googleHow: "Tu cuenta no tiene contraseña: entras con Google. Abre la página de inicio y toca 'Continuar con Google':",
    googleHtml: (login) =>
      `Tu cuenta no tiene contraseña: entras con Google. <a href="${login}">Abre la página de inicio</a> y toca 'Continuar con Google'.`,
    googleIgnore: "Si no lo pediste tú, ignora este correo.",
  },
  "pt-BR": {
    hello: "Olá,",
    resetSubject: "Crie uma nova senha para a Vidriera",
    resetAsked: "Recebemos um pedido para criar uma nova senha para sua conta da Vidriera.",
    resetOpen: "Abra este link para escolher a senha (vale por uma hora e funciona uma vez só):",
    resetButton: "Criar uma nova senha",
    resetValid: "O link vale por uma hora e funciona uma vez só.",
    resetIgnore: "Se não foi você que pediu, ignore este e-mail: sua senha continua a mesma.",
    googleSubject: "Entre na Vidriera com o Google",
    googleAsked: "Recebemos um pedido para recuperar sua conta da Vidriera.",
    googleHow: "Sua conta não tem senha: você entra com o Google. Abra a página inicial e toque em 'Continuar com o Google':",
    googleHtml: (login) =>
      `Sua conta não tem senha: você entra com o Google. <a href="${login}">Abra a página inicial</a> e toque em 'Continuar com o Google'.`,
    googleIgnore: "Se não foi você que pediu, ignore este e-mail.",
  },
  en: {
    hello: "Hello,",
    resetSubject: "Create a new password for Vidriera",
    resetAsked: "We received a request to create a new password for your Vidriera account.",
    resetOpen: "Open this link to choose it (valid for one hour, and it works only once):",
    resetButton: "Create a new password",
    resetValid: "The link is valid for one hour and works only once.",
    resetIgnore: "If you did not ask for this, ignore this e-mail: your password stays the same.",
    googleSubject: "Sign in to Vidriera with Google",
    googleAsked: "We received a request to recover your Vidriera account.",
    googleHow: "Your account has no password: you sign in with Google. Open the home page and tap 'Continue with Google':",
    googleHtml: (login) =>
      `Your account has no password: you sign in with Google. <a href="${login}">Open the home page</a> and tap 'Continue with Google'.`,
    googleIgnore: "If you did not ask for this, ignore this e-mail.",
  },
};
