/**
 * The landing's <head> in each language but Spanish, whose own is index.html's as it is: the title, the
 * description and the link preview's texts, written into each language's page at build time
 * (scripts/prerender-landing.ts). `ogLocale` is Open Graph's form of the language (pt_BR).
 */
import type { SellerLanguage } from "../../../common/seller-language";

export interface LandingHead {
  title: string;
  description: string;
  ogLocale: string;
  ogTitle: string;
  ogDescription: string;
  ogImageAlt: string;
}

export const LANDING_HEADS: Readonly<Record<Exclude<SellerLanguage, "es">, LandingHead>> = {
  "pt-BR": {
    title: "Vidriera · Fotos de produto com IA para a sua loja",
    description:
      "Transforme as fotos das suas peças em imagens de catálogo profissionais com IA, sem estúdio nem fotógrafo, e venda pelo WhatsApp com a sua loja virtual.",
    ogLocale: "pt_BR",
    ogTitle: "Vidriera · Fotos de produto com IA",
    ogDescription: "Fotos de catálogo profissionais das suas peças em segundos, sem estúdio nem fotógrafo. Teste grátis.",
    ogImageAlt: "Uma camiseta fotografada com o celular e a mesma camiseta transformada em foto de catálogo",
  },
  en: {
    title: "Vidriera · AI product photos for your store",
    description:
      "Turn photos of your clothes into professional catalogue images with AI, with no studio or photographer, and sell on WhatsApp with your online store.",
    ogLocale: "en_GB",
    ogTitle: "Vidriera · AI product photos",
    ogDescription: "Professional catalogue photos of your clothes in seconds, with no studio or photographer. Try it free.",
    ogImageAlt: "A T-shirt photographed on a phone and the same T-shirt turned into a catalogue photo",
  },
};
