import { useState } from "react";
import { hasPersonalization, type Quality, type ViewMode } from "../../../common/generation";
import type { GenerationOffer } from "../../../common/image-providers";
import type { Product } from "../../../common/product";
import { GenerateButton, generateAction } from "./generate-button";
import { CHILDREN_NOTICE_ID, QualitySwitch } from "../../ui/generation-choices";
import { childBlockedFor, LookChoices, MODEL_NOTE_ID } from "../../ui/look-choices";
import { PersonalizeModel } from "./personalize-model";
import { ProductImage } from "../../ui/product-image";
import { Dialog } from "../../ui/dialog";
import { Button } from "../../ui/button";
import { imagesText } from "./amounts";
import { t } from "./texts";

interface Props {
  product: Product | null;
  open: boolean;
  onClose: () => void;
  mode: ViewMode;
  onModeChange: (mode: ViewMode) => void;
  quality: Quality;
  onQualityChange: (quality: Quality) => void;
  /** What this site's providers can make (GET /api/config): what is not offered says why before anyone pays. */
  offer: GenerationOffer;
  credits: number;
  onGenerate: () => void;
  onRecharge: () => void;
  onEdit: () => void;
}

/** The bottom drawer a product card opens: how to photograph it, and the generate and edit buttons. */
export function ProductDrawer({ product, open, onClose, ...rest }: Props) {
  return (
    <Dialog open={open && !!product} onClose={onClose} title={product?.name ?? t("product")} placement="bottom">
      {product && <DrawerBody product={product} {...rest} />}
    </Dialog>
  );
}

function DrawerBody({
  product,
  mode,
  onModeChange,
  quality,
  onQualityChange,
  offer,
  credits,
  onGenerate,
  onRecharge,
  onEdit,
}: Omit<Props, "open" | "onClose" | "product"> & { product: Product }) {
  // Lives inside the dialog, so every opening starts on the options screen.
  const [screen, setScreen] = useState<"options" | "personalize">("options");
  // Coming back from 'Personalizar Modelo', focus returns to the button that opened it.
  const [cameBack, setCameBack] = useState(false);
  const action = generateAction({ hasImage: !!product.imageUrl, credits, quality });
  const personalized = hasPersonalization(mode.personalization);
  // A child on a site that cannot draw children: said now, not after paying, and the garment alone offered.
  const childBlocked = childBlockedFor(offer, mode);

  if (screen === "personalize") {
    return (
      <PersonalizeModel
        value={mode.personalization}
        onChange={(personalization) => onModeChange({ ...mode, personalization })}
        onBack={() => {
          setScreen("options");
          setCameBack(true);
        }}
        generateButton={
          <GenerateButton
            action={action}
            // The spec's words, with what it spends, as every button that spends images says it.
            generateText={t("generateWithOptions", { cost: imagesText(action.cost) })}
            disabled={!personalized}
            onGenerate={onGenerate}
            onRecharge={onRecharge}
          />
        }
      />
    );
  }

  return (
    <div className="grid gap-5 sm:grid-cols-[minmax(0,14rem)_1fr]">
      <ProductImage
        url={product.imageUrl}
        fit="contain"
        className="mx-auto aspect-square w-full max-w-40 rounded-xl border border-slate-200 sm:max-w-none"
      />
      <div className="space-y-4">
        <LookChoices mode={mode} onModeChange={onModeChange} quality={quality} offer={offer} personalizes />

        <button
          type="button"
          // biome-ignore lint/a11y/noAutofocus: back from the personalise screen, focus returns to the button that opened it
          autoFocus={cameBack}
          // Without a model there is nobody to personalise: still focusable, and its note says why.
          aria-disabled={mode.includeModel ? undefined : true}
          aria-describedby={mode.includeModel ? undefined : MODEL_NOTE_ID}
          onClick={() => mode.includeModel && setScreen("personalize")}
          className="flex min-h-11 w-full items-center justify-between gap-3 rounded-xl border border-slate-300 px-4 py-2 text-left text-sm font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:cursor-not-allowed aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent"
        >
          <span className="flex flex-wrap items-center gap-2">
            {t("personalize")}
            {personalized && <ActiveBadge />}
          </span>
          <svg aria-hidden viewBox="0 0 20 20" className="size-5 text-slate-500" fill="currentColor">
            <path d="M7.22 14.78a.75.75 0 0 1 0-1.06L10.94 10 7.22 6.28a.75.75 0 0 1 1.06-1.06l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0Z" />
          </svg>
        </button>

        <QualitySwitch
          quality={quality}
          onChange={onQualityChange}
          unavailable={offer.pro.available ? null : (offer.pro.reason ?? t("proNotOffered"))}
        />

        <div className="space-y-2">
          <GenerateButton
            action={action}
            unavailableReasonId={childBlocked ? CHILDREN_NOTICE_ID : undefined}
            onGenerate={onGenerate}
            onRecharge={onRecharge}
          />
          <p className="text-center text-xs text-slate-500">
            {action.kind === "missing-image" ? t("photoNeeded") : t("imagesLeft", { images: imagesText(credits) })}
          </p>
        </div>
        <Button variant="secondary" className="w-full" onClick={onEdit}>
          <svg aria-hidden viewBox="0 0 20 20" className="size-4" fill="currentColor">
            <path d="m5.43 13.74-.7 2.1a.5.5 0 0 0 .63.63l2.1-.7a2 2 0 0 0 .78-.48l7.2-7.2a1.5 1.5 0 0 0-2.12-2.12l-7.2 7.2a2 2 0 0 0-.48.78ZM3.5 5.75c0-.69.56-1.25 1.25-1.25H10A.75.75 0 0 0 10 3H4.75A2.75 2.75 0 0 0 2 5.75v9.5A2.75 2.75 0 0 0 4.75 18h9.5A2.75 2.75 0 0 0 17 15.25V10a.75.75 0 0 0-1.5 0v5.25c0 .69-.56 1.25-1.25 1.25h-9.5c-.69 0-1.25-.56-1.25-1.25v-9.5Z" />
          </svg>
          {t("editProduct")}
        </Button>
      </div>
    </div>
  );
}

export function ActiveBadge() {
  return <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">{t("personalizationOn")}</span>;
}
