import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { StatsReport } from "../../../common/store-stats";
import { api, unwrap } from "../../lib/api";
import { cacheAnswer } from "../../lib/cache-answer";
import { t } from "./texts";

/** The seller's statistics (GET /api/stats): always their own store's. */
export const statsQuery = queryOptions({
  queryKey: ["stats"],
  queryFn: async (): Promise<StatsReport> => (await unwrap(api.stats.$get(), t("loadFailed"))).report,
  staleTime: 30_000,
  refetchInterval: 60_000,
});

/** 'Recibir el resumen semanal por correo' on or off. */
export function useWeeklyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) =>
      (await unwrap(api.stats["weekly-email"].$put({ json: { enabled } }), t("saveFailed"))).weeklyEmail,
    onSuccess: (weeklyEmail) => cacheAnswer(queryClient, statsQuery.queryKey, (report) => report && { ...report, weeklyEmail }),
  });
}

/** The e-mail's 'Dejar de recibir el resumen semanal' link: its token is the only authority, no sign-in needed. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: async (token: string) => unwrap(api.stats["weekly-email"].unsubscribe.$post({ json: { token } }), t("unsubscribeFailed")),
  });
}
