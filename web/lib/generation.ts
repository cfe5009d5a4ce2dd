import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GenerationKind, Personalization, Quality } from "../../common/generation";
import type { Product } from "../../common/product";
import type { User } from "../../common/user";
import { api, ApiFailure, unwrap } from "./api";
import { sessionQuery } from "./queries";
import { markFailedJobSeen } from "./seen-jobs";
import { cacheAnswer } from "./cache-answer";
import { t } from "./texts";

/** What every generation ends with, whatever endpoint made it. */
export interface GenerationResult {
  imageUrl: string;
  imageId: string;
  jobId: string;
  credits: number;
  product?: Product;
}

type Started =
  | { status: "running"; jobId: string }
  | ({ imageId: string; jobId: string; credits: number; product?: Product } & Record<string, unknown>);

const POLL_SECONDS = 20;
const MAX_POLLS = 15;

/**
 * A generation may outlive its request (the route answers 202 after ~55 s):
 * then we wait on /api/jobs/:id, so a slow provider still ends in a result.
 */
async function settle(started: Started, field: string, fallback: string): Promise<GenerationResult> {
  if (!("status" in started && started.status === "running")) {
    const s = started as Exclude<Started, { status: "running" }>;
    return { imageUrl: s[field] as string, imageId: s.imageId, jobId: s.jobId, credits: s.credits, product: s.product };
  }
  for (let i = 0; i < MAX_POLLS; i++) {
    const { job } = await unwrap(api.jobs[":id"].$get({ param: { id: started.jobId }, query: { wait: String(POLL_SECONDS) } }), fallback);
    if (job.status === "succeeded") {
      const profile = await unwrap(api.auth.profile.$get(), fallback);
      return { imageUrl: job.imageUrl!, imageId: job.imageId!, jobId: job.id, credits: profile.user.credits };
    }
    if (job.status === "failed") throw new ApiFailure(job.error ?? fallback, job.httpStatus ?? 502, job.id);
  }
  throw new ApiFailure(t("generationStillRunning"), 202);
}

export interface GenerateInput {
  kind: Exclude<GenerationKind, "modify" | "product">;
  productId: string;
  includeModel?: boolean;
  personalization?: Personalization;
  quality?: Quality;
}

/** Read when a generation is asked for, in the seller's language. */
const fallbackFor = (kind: GenerateInput["kind"]): string =>
  ({
    ad: t("generateAdFailed"),
    back: t("generateBackFailed"),
    baby: t("generateBabyFailed"),
    kid: t("generateKidFailed"),
    "girl-kid": t("generateGirlKidFailed"),
    outfit: t("generateOutfitFailed"),
    personalized: t("generatePersonalizedFailed"),
  })[kind];

/** Spec section 8: a personalised generation that loses the connection says so in its own words. */
export const personalizeNetworkError = () => t("personalizeNetworkError");

/** ApiFailure's status 0 is a request that never got an answer (offline, connection dropped). */
async function startGeneration(input: GenerateInput): Promise<GenerationResult> {
  try {
    return await requestGeneration(input);
  } catch (err) {
    if (input.kind === "personalized" && err instanceof ApiFailure && err.status === 0) throw new ApiFailure(personalizeNetworkError(), 0);
    throw err;
  }
}

async function requestGeneration({ kind, productId, includeModel = true, personalization, quality = "standard" }: GenerateInput) {
  const param = { id: productId };
  const body = { quality };
  const fallback = fallbackFor(kind);
  const p = api.products;
  switch (kind) {
    case "ad":
      return settle(
        await unwrap(p["generate-ad"][":id"].$post({ param, json: { includeModel, quality } }), fallback),
        "adImageUrl",
        fallback,
      );
    case "back":
      return settle(await unwrap(p["back-image"][":id"].$post({ param, json: body }), fallback), "backImageUrl", fallback);
    case "baby":
      return settle(await unwrap(p["baby-image"][":id"].$post({ param, json: body }), fallback), "babyImageUrl", fallback);
    case "kid":
      return settle(await unwrap(p["kid-image"][":id"].$post({ param, json: body }), fallback), "kidImageUrl", fallback);
    case "girl-kid":
      return settle(await unwrap(p["girl-kid-image"][":id"].$post({ param, json: body }), fallback), "girlKidImageUrl", fallback);
    case "outfit":
      return settle(await unwrap(p["outfit-image"][":id"].$post({ param, json: body }), fallback), "outfitImageUrl", fallback);
    case "personalized":
      return settle(
        await unwrap(p.personalize[":id"].$post({ param, json: { ...personalization, quality } }), fallback),
        "personalizedImageUrl",
        fallback,
      );
  }
}

/** Keeps the header's balance and the lists in step with a finished generation. */
function useAfterGeneration() {
  const queryClient = useQueryClient();
  return (result: GenerationResult) => {
    void cacheAnswer(queryClient, sessionQuery.queryKey, (user: User | null | undefined) =>
      user ? { ...user, credits: result.credits } : user,
    );
    void queryClient.invalidateQueries({ queryKey: ["gallery"] });
    void queryClient.invalidateQueries({ queryKey: ["products"] });
    void queryClient.invalidateQueries({ queryKey: ["product-images"] });
  };
}

/** A failure shown where it happened is not listed again among the failures nobody saw. */
function rememberShownFailure(err: Error) {
  if (err instanceof ApiFailure && err.jobId) markFailedJobSeen(err.jobId);
}

/** Generates one image of a product per the drawer's view mode. */
export function useGenerate() {
  const after = useAfterGeneration();
  return useMutation({ mutationFn: startGeneration, onSuccess: after, onError: rememberShownFailure });
}

/** 'Modificar Imagen': a generated image changed by a text instruction. */
export function useModifyImage() {
  const after = useAfterGeneration();
  return useMutation({
    mutationFn: async ({ imageId, prompt }: { imageId: string; prompt: string }) => {
      const fallback = t("modifyFailed");
      const started = await unwrap(api.products.images.modify[":id"].$post({ param: { id: imageId }, json: { prompt } }), fallback);
      return settle(started, "modifiedImageUrl", fallback);
    },
    onSuccess: after,
    onError: rememberShownFailure,
  });
}

/** 'Generar (1 imagen)' in the add dialog: a new product and its first image from one photo. */
export function useGenerateProduct() {
  const after = useAfterGeneration();
  return useMutation({
    mutationFn: async ({ image, includeModel, fileName }: { image: string; includeModel: boolean; fileName?: string }) => {
      const fallback = t("productAndImageFailed");
      const started = await unwrap(api.products["generate-product-and-image"].$post({ json: { image, includeModel, fileName } }), fallback);
      return settle(started, "generatedImageUrl", fallback);
    },
    onSuccess: after,
    onError: rememberShownFailure,
  });
}
