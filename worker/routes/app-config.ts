/**
 * Public settings the SPA needs before anyone signs in: the maintenance
 * switch, the help dialog's contact channels and the header's social links.
 * All come from configuration (wrangler vars or secrets), never from code.
 */
import { Hono } from "hono";
import { generationOffer, type GenerationOffer } from "../../common/image-providers";
import { formatWhatsappNumber } from "../../common/phone";
import type { Bindings, Env } from "../env";

/** Social profiles are optional settings; each one shows a header link only when set to an https URL. */
interface SocialSettings {
  SOCIAL_INSTAGRAM?: string;
  SOCIAL_FACEBOOK?: string;
  SOCIAL_TIKTOK?: string;
}

export const SOCIAL_NETWORKS = [
  { network: "instagram", label: "Instagram", setting: "SOCIAL_INSTAGRAM" },
  { network: "facebook", label: "Facebook", setting: "SOCIAL_FACEBOOK" },
  { network: "tiktok", label: "TikTok", setting: "SOCIAL_TIKTOK" },
] as const;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]["network"];

export interface PublicConfig {
  maintenance: boolean;
  supportEmail: string | null;
  /** Digits only, country code first, ready for https://wa.me/<digits>. */
  supportWhatsapp: string | null;
  /** The same number as its country writes it ("+54 9 11 2233-4455"), for the screens to show. */
  supportWhatsappLabel: string | null;
  social: { network: SocialNetwork; label: string; url: string }[];
  /** What this site's image providers can make: the drawer says what is not available, and why, before anyone pays. */
  generation: GenerationOffer;
}

const ON = new Set(["on", "true", "1", "yes", "si", "sí"]);

function email(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) ? trimmed : null;
}

function whatsapp(value: string | undefined): string | null {
  const digits = (value ?? "").replace(/\D/g, "");
  // E.164 allows at most 15 digits; fewer than 8 cannot be a reachable number.
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

function httpsUrl(value: string | undefined): string | null {
  try {
    const url = new URL(value?.trim() ?? "");
    return url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** A setting that is missing or malformed hides its channel instead of showing a broken link. */
export function publicConfig(env: Bindings & SocialSettings): PublicConfig {
  const supportWhatsapp = whatsapp(env.SUPPORT_WHATSAPP);
  return {
    maintenance: ON.has((env.MAINTENANCE_MODE ?? "").trim().toLowerCase()),
    supportEmail: email(env.SUPPORT_EMAIL),
    supportWhatsapp,
    supportWhatsappLabel: supportWhatsapp ? formatWhatsappNumber(supportWhatsapp) : null,
    social: SOCIAL_NETWORKS.flatMap(({ network, label, setting }) => {
      const url = httpsUrl(env[setting]);
      return url ? [{ network, label, url }] : [];
    }),
    generation: generationOffer(env),
  };
}

export const appConfigRoutes = new Hono<Env>().get("/", (c) => {
  // Never from a cache: switching maintenance on or off shows on the next load or 'Reintentar'.
  c.header("Cache-Control", "no-cache");
  return c.json(publicConfig(c.env));
});
