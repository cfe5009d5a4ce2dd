import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Product } from "../../common/product";
import { api, unwrap } from "./api";
import { productsQuery } from "./queries";
import { cacheAnswer } from "./cache-answer";
import { t } from "./texts";

/** The Worker's limits (common/uploads.ts), checked here too so a seller hears them before sending. */
export { MAX_FILES_PER_UPLOAD } from "../../common/uploads";
export const uploadFallback = () => t("uploadFailed");

/**
 * POST /api/products/upload-images as multipart with the repeated field `images`.
 * The route has no form validator, so the typed client gets the FormData as its
 * body through `init`; the browser then sets the multipart boundary itself.
 */
export async function uploadProductImages(files: readonly File[]): Promise<Product[]> {
  const form = new FormData();
  for (const file of files) form.append("images", file, file.name);
  const { products } = await unwrap(api.products["upload-images"].$post(undefined, { init: { body: form } }), uploadFallback());
  return products;
}

/** 'Agregar Nuevo Producto': one photo with the name the seller typed (the route's optional `name` field). */
export async function createProduct(file: File, name: string): Promise<Product> {
  const form = new FormData();
  form.append("images", file, file.name);
  form.append("name", name);
  const { products } = await unwrap(api.products["upload-images"].$post(undefined, { init: { body: form } }), uploadFallback());
  return products[0]!;
}

/**
 * Uploads photos as new products and appends them to the seller's list
 * (spec section 4: createdAt now, createdBy the seller).
 */
export function useUploadProducts(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProductImages,
    onSuccess: async (created) => {
      const now = new Date().toISOString();
      const added = created.map((p) => ({ ...p, createdAt: now, createdBy: userId }));
      await cacheAnswer(queryClient, productsQuery(userId).queryKey, (list) => (list ? [...list, ...added] : list));
    },
  });
}
