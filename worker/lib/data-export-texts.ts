import type { SellerLanguage } from "../../common/seller-language";

/**
 * The 'your data is ready' e-mail in each of the seller's languages (worker/lib/data-export.ts). Typed per
 * language, so none can lack a line; the Spanish is the e-mail as it always read.
 */
interface ExportTexts {
  subject: string;
  hello: string;
  ready: string;
  download: (days: number) => string;
  button: string;
  valid: (days: number) => string;
}

export const EXPORT_TEXTS: Readonly<Record<SellerLanguage, ExportTexts>> = {
  es: {
    subject: "Tus datos de Vidriera están listos",
    hello: "Hola:",
    ready:
      "Tus datos de Vidriera están listos: tu catálogo (en las columnas que importa Tiendanube), tus fotos e imágenes, tus pedidos y tu historial de créditos, en un archivo ZIP.",
    download: (days) => `Descárgalo desde este enlace (vale ${days} días y solo funciona con tu sesión iniciada):`,
    button: "Descargar mis datos",
    valid: (days) => `El enlace vale ${days} días y solo funciona con tu sesión iniciada.`,
  },
  "pt-BR": {
    subject: "Seus dados da Vidriera estão prontos",
    hello: "Olá,",
    ready:
      "Seus dados da Vidriera estão prontos: seu catálogo (nas colunas que a Nuvemshop importa), suas fotos e imagens, seus pedidos e seu histórico de créditos, em um arquivo ZIP.",
    download: (days) => `Baixe por este link (vale por ${days} dias e só funciona com você conectado):`,
    button: "Baixar meus dados",
    valid: (days) => `O link vale por ${days} dias e só funciona com você conectado.`,
  },
  en: {
    subject: "Your Vidriera data is ready",
    hello: "Hello,",
    ready:
      "Your Vidriera data is ready: your catalogue (in the columns Tiendanube imports), your photos and pictures, your orders and your credit history, in a ZIP file.",
    download: (days) => `Download it from this link (valid for ${days} days, and it only works while you are signed in):`,
    button: "Download my data",
    valid: (days) => `The link is valid for ${days} days and only works while you are signed in.`,
  },
};
