/** 'Modelo de mi tienda': the seller's models per audience, and keeping or removing one. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import type { Audience } from "../../common/generation";
import { AUDIENCE_LABELS, type StoreModel } from "../../common/store-models";
import { api, unwrap } from "./api";
import { cacheAnswer } from "./cache-answer";

export const storeModelsQuery = queryOptions({
  queryKey: ["store-models"],
  queryFn: async (): Promise<StoreModel[]> =>
    (await unwrap(api["store-models"].$get(), "No se pudo cargar el modelo de tu tienda.")).models,
});

export function useSetStoreModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ audience, imageId }: { audience: Audience; imageId: string }) =>
      (
        await unwrap(
          api["store-models"][":audience"].$put({ param: { audience }, json: { imageId } }),
          "No se pudo guardar el modelo de tu tienda. Intenta de nuevo.",
        )
      ).model,
    onSuccess: async (model) => {
      await cacheAnswer(queryClient, storeModelsQuery.queryKey, (models = []) => [
        ...models.filter((m) => m.audience !== model.audience),
        model,
      ]);
      toast.success(`Listo: es el modelo de tu tienda para ${AUDIENCE_LABELS[model.audience]}.`);
    },
    onError: (err) => toast.error(err.message),
  });
}

export function useRemoveStoreModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (audience: Audience) => {
      await unwrap(
        api["store-models"][":audience"].$delete({ param: { audience } }),
        "No se pudo quitar el modelo de tu tienda. Intenta de nuevo.",
      );
      return audience;
    },
    onSuccess: async (audience) => {
      await cacheAnswer(queryClient, storeModelsQuery.queryKey, (models = []) => models.filter((m) => m.audience !== audience));
      toast.success(`Quitaste el modelo de tu tienda para ${AUDIENCE_LABELS[audience]}.`);
    },
    onError: (err) => toast.error(err.message),
  });
}
