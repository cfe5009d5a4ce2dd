/**
 * Puts what a change answered into the query cache.
 *
 * A fetch of the same key that began before the change (a screen's refetch on mount or on focus) answers
 * with the state from before it; landing after the change's answer, it would undo it on screen ('Publicado'
 * back to 'Publicar', a kept model shown as not kept). So that fetch is stopped first, and the cache keeps
 * what it had until the answer is written. When the stopped fetch was the key's first, there is nothing to
 * update: the key is fetched again, now after the change.
 */
import type { DataTag, InferDataFromTag, QueryClient, QueryKey, Updater } from "@tanstack/react-query";

export async function cacheAnswer<TKey extends DataTag<QueryKey, unknown, unknown>>(
  queryClient: QueryClient,
  queryKey: TKey,
  update: Updater<InferDataFromTag<unknown, TKey> | undefined, InferDataFromTag<unknown, TKey> | undefined>,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, update);
  if (queryClient.getQueryData(queryKey) === undefined) void queryClient.invalidateQueries({ queryKey, exact: true });
}
