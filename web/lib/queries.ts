import { queryOptions } from "@tanstack/react-query";
import type { User } from "../../common/user";
import { api, ApiFailure, retryTransient, unwrap } from "./api";
import { t } from "./texts";

/** What the guard shows when the session cannot be read and the server gave no reason. */
export const sessionFallback = () => t("sessionFailed");

/** The signed-in seller, or null. A 401 means signed out, not an error. */
/**
 * The session boot.js asked for before the app's code arrived (a browser that had one), taken once: the first
 * read of the session uses it, every later one asks again.
 */
function earlySession(): ReturnType<typeof api.auth.profile.$get> | undefined {
  const held = window as { __vidrieraSession?: Promise<Response> };
  const early = held.__vidrieraSession;
  held.__vidrieraSession = undefined;
  return early as ReturnType<typeof api.auth.profile.$get> | undefined;
}

export const sessionQuery = queryOptions({
  queryKey: ["session"],
  queryFn: async (): Promise<User | null> => {
    try {
      return (await unwrap(earlySession() ?? api.auth.profile.$get(), sessionFallback())).user;
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 60_000,
  // A 401 is a signed-out visitor (null above); anything else transient is tried again before the guard shows it.
  retry: retryTransient,
});

export const authProvidersQuery = queryOptions({
  queryKey: ["auth-providers"],
  queryFn: () => unwrap(api.auth.providers.$get(), t("googleFailed")),
  staleTime: Infinity,
});

export const productsQuery = (userId: string) =>
  queryOptions({
    queryKey: ["products", userId],
    queryFn: async () => (await unwrap(api.products.list[":userId"].$get({ param: { userId } }), t("productsFailed"))).products,
  });

export const galleryQuery = (userId: string) =>
  queryOptions({
    queryKey: ["gallery", userId],
    queryFn: async () => (await unwrap(api.products.images["by-user"][":userId"].$get({ param: { userId } }), t("galleryFailed"))).images,
  });

export const productImagesQuery = (productId: string) =>
  queryOptions({
    queryKey: ["product-images", productId],
    queryFn: async () =>
      (await unwrap(api.products["generated-images"][":id"].$get({ param: { id: productId } }), t("productImagesFailed"))).images,
  });

/** Generations still running and the ones that failed lately (a closed tab never saw them end). */
export const jobsQuery = queryOptions({
  queryKey: ["jobs"],
  queryFn: async () => (await unwrap(api.jobs.$get(), t("jobsFailed"))).jobs,
});

/** The seller's batches of the last week, running or just finished (the line on /home). */
export const batchesQuery = queryOptions({
  queryKey: ["batches"],
  queryFn: async () => (await unwrap(api.batches.$get(), t("batchesFailed"))).batches,
});
