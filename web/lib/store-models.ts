/** 'Modelo de mi tienda': the seller's models per audience, and keeping or removing one. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import type { Audience } from "../../common/generation";
import type { StoreModel } from "../../common/store-models";
import { api, unwrap } from "./api";
import { cacheAnswer } from "./cache-answer";
import { t } from "./texts";

/** An audience's name on the seller's screens ("Adulto", "Bebé"…), in the seller's language. */
export function audienceLabel(audience: Audience): string {
  return { adult: t("audienceAdult"), baby: t("audienceBaby"), boy: t("audienceBoy"), girl: t("audienceGirl") }[audience];
}

export const storeModelsQuery = queryOptions({
  queryKey: ["store-models"],
  queryFn: async (): Promise<StoreModel[]> => (await unwrap(api["store-models"].$get(), t("storeModelFailed"))).models,
});

export function useSetStoreModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ audience, imageId }: { audience: Audience; imageId: string }) =>
      (await unwrap(api["store-models"][":audience"].$put({ param: { audience }, json: { imageId } }), t("storeModelSaveFailed"))).model,
    onSuccess: async (model) => {
      await cacheAnswer(queryClient, storeModelsQuery.queryKey, (models = []) => [
        ...models.filter((m) => m.audience !== model.audience),
        model,
      ]);
      toast.success(t("storeModelSaved", { audience: audienceLabel(model.audience) }));
    },
    onError: (err) => toast.error(err.message),
  });
}

export function useRemoveStoreModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (audience: Audience) => {
      await unwrap(api["store-models"][":audience"].$delete({ param: { audience } }), t("storeModelRemoveFailed"));
      return audience;
    },
    onSuccess: async (audience) => {
      await cacheAnswer(queryClient, storeModelsQuery.queryKey, (models = []) => models.filter((m) => m.audience !== audience));
      toast.success(t("storeModelRemoved", { audience: audienceLabel(audience) }));
    },
    onError: (err) => toast.error(err.message),
  });
}
