import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { affordableItems, batchCredits, type BatchKind } from "../../../common/batches";
import { generationFor, INITIAL_VIEW_MODE, type Quality, type ViewMode } from "../../../common/generation";
import type { User } from "../../../common/user";
import { ApiFailure } from "../../lib/api";
import { useAppConfig } from "../../lib/config";
import { productsQuery } from "../../lib/queries";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { CHILDREN_NOTICE_ID, QualitySwitch } from "../../ui/generation-choices";
import { childBlockedFor, LookChoices } from "../../ui/look-choices";
import { useCreateBatch } from "./batch-api";
import { batchPriceText, creditsText, imagesText, notEnoughText } from "./batch-labels";
import { t } from "./texts";
import { LeftOut } from "./left-out";
import { ProductChooser } from "./product-chooser";

/** /lote: one look for many products, the total before confirming, and the charge on confirming. */
export function BatchNewScreen() {
  const { user } = useSession();
  if (!user) return null;
  return <NewBatch user={user} />;
}

function NewBatch({ user }: { user: User }) {
  const navigate = useNavigate();
  const offer = useAppConfig().config.generation;
  const create = useCreateBatch();
  const [selected, setSelected] = useState<string[]>([]);
  // Photos uploaded here, by product, with the file each came from.
  const [uploaded, setUploaded] = useState<Map<string, string>>(new Map());
  const products = useQuery(productsQuery(user.id));
  const [mode, setMode] = useState<ViewMode>(INITIAL_VIEW_MODE);
  const [quality, setQuality] = useState<Quality>("standard");
  // Opt-in: an e-mail goes only when the seller ticks the box they see.
  const [notify, setNotify] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; affordable: number } | null>(null);

  const count = selected.length;
  const proOffered = offer.pro.available;
  const effectiveQuality: Quality = proOffered ? quality : "standard";
  const total = batchCredits(count, effectiveQuality);
  const covered = affordableItems(user.credits, count, effectiveQuality);
  const childBlocked = childBlockedFor(offer, mode);
  const short = count > 0 && covered < count;

  async function confirm(productIds: string[]) {
    setRefusal(null);
    try {
      const batch = await create.mutateAsync({
        productIds,
        draftProductIds: productIds.filter((id) => uploaded.has(id)),
        kind: generationFor(mode) as BatchKind,
        includeModel: mode.includeModel,
        quality: effectiveQuality,
        notify,
      });
      void navigate({ to: "/lote/$id", params: { id: batch.id } });
    } catch (err) {
      if (err instanceof ApiFailure) {
        const affordable = typeof err.details?.affordable === "number" ? err.details.affordable : 0;
        setRefusal({ message: err.message, affordable });
      } else setRefusal({ message: t("createFallback"), affordable: 0 });
    }
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t("newTitle")}</h1>
        <p className="text-slate-600">{t("newIntro")}</p>
      </header>

      <ProductChooser
        userId={user.id}
        selected={selected}
        onChange={(next) => {
          setSelected(next);
          setRefusal(null);
        }}
        onUploaded={(photos) =>
          setUploaded((prev) => new Map([...prev, ...photos.map((photo) => [photo.product.id, photo.fileName] as const)]))
        }
      />

      <section aria-labelledby="look-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="look-title" className="text-lg font-semibold">
          {t("lookTitle")}
        </h2>
        <LookChoices mode={mode} onModeChange={setMode} quality={effectiveQuality} offer={offer} />
        <QualitySwitch
          quality={effectiveQuality}
          onChange={setQuality}
          unavailable={proOffered ? null : (offer.pro.reason ?? t("proNotOffered"))}
        />
      </section>

      <section aria-labelledby="confirm-title" className="space-y-4 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:p-6">
        <h2 id="confirm-title" className="text-lg font-semibold">
          {t("confirmTitle")}
        </h2>
        {count === 0 ? (
          <p className="text-slate-700">{t("chooseOneForPrice")}</p>
        ) : (
          <p className="text-xl font-bold text-brand-900" data-testid="batch-price">
            {batchPriceText(count, effectiveQuality)}
          </p>
        )}
        <p className="text-sm text-slate-700">{t("balance", { images: imagesText(user.credits), credits: creditsText(user.credits) })}</p>
        {short && (
          <div role="alert" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <p>{notEnoughText(count, effectiveQuality, user.credits)}</p>
            {covered > 0 && <LeftOut ids={selected.slice(covered)} products={products.data ?? []} fileNames={uploaded} />}
            <div className="flex flex-wrap gap-2">
              {covered > 0 && (
                <Button variant="secondary" onClick={() => void confirm(selected.slice(0, covered))} busy={create.isPending}>
                  {t("generateOnly", { price: batchPriceText(covered, effectiveQuality) })}
                </Button>
              )}
              <Link to="/credits" className="inline-flex items-center rounded-lg px-4 py-2 font-semibold text-amber-950 underline">
                {t("buyCredits")}
              </Link>
            </div>
          </div>
        )}
        {refusal && (
          <div role="alert" className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p>{refusal.message}</p>
            {refusal.affordable > 0 && refusal.affordable < count && (
              <LeftOut ids={selected.slice(refusal.affordable)} products={products.data ?? []} fileNames={uploaded} />
            )}
            {refusal.affordable > 0 && refusal.affordable < count && (
              <Button variant="secondary" onClick={() => void confirm(selected.slice(0, refusal.affordable))} busy={create.isPending}>
                {t("generateOnly", { price: batchPriceText(refusal.affordable, effectiveQuality) })}
              </Button>
            )}
          </div>
        )}
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} className="size-5 accent-brand-700" />
          {t("notifyMe")}
        </label>
        <Button
          className="w-full sm:w-auto"
          disabled={count === 0 || short}
          aria-disabled={childBlocked || undefined}
          aria-describedby={childBlocked ? CHILDREN_NOTICE_ID : undefined}
          busy={create.isPending}
          onClick={() => {
            if (!childBlocked) void confirm(selected);
          }}
        >
          {count === 0 ? t("confirmAndGenerate") : t("confirmAndGenerateCost", { credits: creditsText(total) })}
        </Button>
      </section>
    </div>
  );
}
