/**
 * The public configuration (GET /api/config): maintenance switch, help
 * contacts, social links. Until it arrives, or if it fails, the app behaves
 * as configured with nothing: no maintenance dialog, no contact links.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "../../worker/routes/app-config";
import { api, unwrap } from "./api";
import { t } from "./texts";

export type { PublicConfig };

/**
 * Until the configuration arrives the drawer offers every option: the API
 * still refuses, before charging and with the reason, what the site's
 * providers cannot make.
 */
export const NO_CONFIG: PublicConfig = {
  maintenance: false,
  supportEmail: null,
  supportWhatsapp: null,
  supportWhatsappLabel: null,
  social: [],
  generation: {
    children: { available: true, reason: null },
    pro: { available: true, reason: null },
    modify: { available: true, reason: null },
    storeModel: { adult: false, children: false },
  },
};

export const appConfigQuery = queryOptions({
  queryKey: ["app-config"],
  queryFn: () => unwrap(api.config.$get(), t("configFailed")),
  staleTime: 60_000,
});

/**
 * A configuration missing later fields (a Worker older than this SPA, mid-deploy) gets their defaults,
 * so a screen that reads them never breaks. A stable function, so react-query keeps the result's identity.
 */
export function withDefaults(config: Partial<PublicConfig>): PublicConfig {
  return { ...NO_CONFIG, ...config, generation: { ...NO_CONFIG.generation, ...config.generation } };
}

export function useAppConfig(): { config: PublicConfig; settled: boolean; refetch: () => unknown; checking: boolean } {
  const query = useQuery({ ...appConfigQuery, select: withDefaults });
  return { config: query.data ?? NO_CONFIG, settled: !query.isPending, refetch: query.refetch, checking: query.isFetching };
}

export function whatsappUrl(digits: string, message: string): string {
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}

export function mailtoUrl(address: string, subject: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}

/** The support number as the Worker wrote it for its country ("+54 9 11 2233-4455"), else its digits after a "+". */
export function supportWhatsappLabel(config: Pick<PublicConfig, "supportWhatsapp" | "supportWhatsappLabel">): string {
  return config.supportWhatsappLabel ?? `+${config.supportWhatsapp ?? ""}`;
}
