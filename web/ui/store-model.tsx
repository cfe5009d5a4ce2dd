/**
 * 'Modelo de mi tienda' (issue 13.5), shared by the product drawer, the
 * result dialog, the gallery and /settings: see an audience's model, pick it
 * from the seller's gallery, remove it, or keep a generated image as it.
 * Offered only for the audiences whose provider on this site takes the model
 * (Gemini, OpenAI and FASHN do; the offline studio and Workers AI do not):
 * where it would be ignored, none of it shows.
 */
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Audience } from "../../common/generation";
import type { GalleryImage } from "../../common/product";
import { audienceOfVariant, fitsAudience, STORE_MODEL_AUDIENCES } from "../../common/store-models";
import { useAppConfig } from "../lib/config";
import { galleryQuery } from "../lib/queries";
import { useSession } from "../lib/session";
import { audienceLabel, storeModelsQuery, useRemoveStoreModel, useSetStoreModel } from "../lib/store-models";
import { Button } from "./button";
import { Spinner } from "./spinner";
import { t } from "./texts";

/** Whether this site's provider for the audience sends the model along (the offline studio does not). */
function useModelReachesProvider(audience: Audience): boolean {
  return useStoreModelAudiences().includes(audience);
}

/** The audiences for which 'Modelo de mi tienda' works on this site, in the order /settings lists them. */
export function useStoreModelAudiences(): Audience[] {
  const { config } = useAppConfig();
  const { adult, children } = config.generation.storeModel;
  return STORE_MODEL_AUDIENCES.filter((audience) => (audience === "adult" ? adult : children));
}

/**
 * One audience's model: its thumbnail with 'Cambiar' and 'Quitar', or the
 * empty state with 'Elegir'; 'Cambiar' opens the seller's fitting gallery
 * images in place (no dialog over the drawer).
 */
export function StoreModelPanel({ audience, heading = "h3" }: { audience: Audience; heading?: "h2" | "h3" }) {
  const models = useQuery(storeModelsQuery);
  const remove = useRemoveStoreModel();
  const [choosing, setChoosing] = useState(false);
  const reaches = useModelReachesProvider(audience);
  const titleId = useId();
  const Heading = heading;
  const label = audienceLabel(audience);
  const model = models.data?.find((m) => m.audience === audience);
  if (!reaches) return null;

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 p-3" data-testid={`store-model-${audience}`}>
      <Heading id={titleId} className="text-sm font-medium text-slate-700">
        {t("storeModelTitle", { audience: label })}
      </Heading>
      {models.isPending ? (
        <p role="status" className="mt-2 flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> {t("storeModelLoading")}
        </p>
      ) : models.isError ? (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-sm text-red-700">
          {models.error.message}
          <Button variant="secondary" className="min-h-11" onClick={() => void models.refetch()} busy={models.isFetching}>
            {t("retry")}
          </Button>
        </div>
      ) : (
        <div className="mt-2 flex items-center gap-3">
          {model ? (
            <img
              src={model.imageUrl}
              alt={t("storeModelAlt", { audience: label })}
              width={56}
              height={70}
              className="h-[70px] w-14 shrink-0 rounded-lg bg-slate-100 object-cover"
            />
          ) : (
            <p className="min-w-0 flex-1 text-sm text-slate-600">{t("storeModelNone", { audience: label })}</p>
          )}
          <div className={`flex flex-wrap gap-2 ${model ? "min-w-0 flex-1" : "shrink-0"}`}>
            <Button variant="secondary" className="min-h-11" aria-expanded={choosing} onClick={() => setChoosing((c) => !c)}>
              {model ? t("storeModelChange") : t("storeModelChoose")}
            </Button>
            {model && (
              <Button variant="ghost" className="min-h-11 text-red-700" busy={remove.isPending} onClick={() => remove.mutate(audience)}>
                {t("storeModelRemove")}
              </Button>
            )}
          </div>
        </div>
      )}
      {choosing && <StoreModelChoices audience={audience} currentId={model?.imageId} onDone={() => setChoosing(false)} />}
    </section>
  );
}

/** The seller's gallery images that can be this audience's model, each a button that keeps it. */
function StoreModelChoices({ audience, currentId, onDone }: { audience: Audience; currentId?: string; onDone: () => void }) {
  const { user } = useSession();
  const gallery = useQuery({ ...galleryQuery(user?.id ?? ""), enabled: !!user });
  const save = useSetStoreModel();
  const label = audienceLabel(audience);

  if (gallery.isPending) {
    return (
      <p role="status" className="mt-3 flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4" /> {t("storeModelGalleryLoading")}
      </p>
    );
  }
  if (gallery.isError) {
    return (
      <div role="alert" className="mt-3 flex flex-wrap items-center gap-2 text-sm text-red-700">
        {gallery.error.message}
        <Button variant="secondary" className="min-h-11" onClick={() => void gallery.refetch()} busy={gallery.isFetching}>
          {t("retry")}
        </Button>
      </div>
    );
  }
  const fitting = gallery.data.filter((image: GalleryImage) => fitsAudience(image.variant, audience));
  if (fitting.length === 0) {
    return <p className="mt-3 text-sm text-slate-600">{t("storeModelNoFitting", { audience: label })}</p>;
  }
  return (
    <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={t("storeModelChoices", { audience: label })}>
      {fitting.map((image) => {
        const name = image.productName?.trim() || t("unnamedProduct");
        const current = image.imageId === currentId;
        return (
          <li key={image.imageId}>
            <button
              type="button"
              disabled={save.isPending}
              aria-pressed={current}
              aria-label={t("storeModelUse", { name, variant: image.variantLabel })}
              onClick={() => save.mutate({ audience, imageId: image.imageId }, { onSuccess: onDone })}
              className="block w-full overflow-hidden rounded-lg ring-brand-600 aria-pressed:ring-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
            >
              <img src={image.imageUrl} alt="" loading="lazy" className="aspect-[4/5] w-full bg-slate-100 object-cover" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * 'Usar como modelo de mi tienda' for a generated image: keeps it as the
 * model of `audience` (the one it shows). Nothing for an image with no person.
 */
export function KeepAsStoreModelButton({
  imageId,
  audience,
  className = "",
}: {
  imageId: string;
  audience: Audience | null;
  className?: string;
}) {
  const models = useQuery(storeModelsQuery);
  const save = useSetStoreModel();
  const offered = useStoreModelAudiences();
  if (!audience || !offered.includes(audience)) return null;
  const kept = models.data?.some((m) => m.audience === audience && m.imageId === imageId) ?? false;
  return (
    <Button
      variant="secondary"
      className={`min-h-11 ${className}`}
      busy={save.isPending}
      disabled={kept}
      onClick={() => save.mutate({ audience, imageId })}
    >
      {kept ? t("storeModelKept", { audience: audienceLabel(audience) }) : t("storeModelKeep")}
    </Button>
  );
}

/** The audience a gallery image can be kept for: a modified one counts as the audience it was made for (adult unless told). */
export function keepAudienceOf(image: Pick<GalleryImage, "variant">, madeFor: Audience = "adult"): Audience | null {
  const fits = audienceOfVariant(image.variant);
  return fits === "any" ? madeFor : fits;
}
