import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { BatchView, NewBatch } from "../../../common/batches";
import { api, unwrap } from "../../lib/api";
import { sessionQuery } from "../../lib/queries";
import { cacheAnswer } from "../../lib/cache-answer";
import { t } from "./texts";
const POLL_MS = 2000;

/** One batch, polled while pictures are still waiting or being made, or photos still being named. */
export const batchQuery = (id: string) =>
  queryOptions({
    queryKey: ["batch", id],
    queryFn: async (): Promise<BatchView> => (await unwrap(api.batches[":id"].$get({ param: { id } }), t("batchFallback"))).batch,
    // Also while names are still being drafted from the photos: the pricing grid waits for them.
    refetchInterval: (query) => (query.state.data && (!query.state.data.finished || query.state.data.naming > 0) ? POLL_MS : false),
  });

/** Confirms a batch: charged at once by the Worker (402 with `affordable` when the balance covers fewer). */
export function useCreateBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (batch: NewBatch) => (await unwrap(api.batches.$post({ json: batch }), t("createFallback"))).batch,
    onSuccess: async (batch) => {
      await cacheAnswer(queryClient, batchQuery(batch.id).queryKey, batch);
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: ["batches"] });
    },
  });
}

/** 'Cancelar': what has not begun is refunded; what is being made finishes. */
export function useCancelBatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await unwrap(api.batches[":id"].cancel.$post({ param: { id } }), t("cancelFallback"))).batch,
    onSuccess: async (batch) => {
      await cacheAnswer(queryClient, batchQuery(id).queryKey, batch);
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: ["batches"] });
    },
  });
}
