import { useState } from "react";
import { imagesLabel } from "../../../common/credits";
import {
  adultModel,
  chooseAudience,
  chooseOutfit,
  chooseView,
  chooseWithoutModel,
  depictsChild,
  generationFor,
  hasPersonalization,
  type Audience,
  type Quality,
  type ViewMode,
} from "../../../common/generation";
import { CHILDREN_NOT_OFFERED, type GenerationOffer, PRO_NOT_OFFERED } from "../../../common/image-providers";
import type { Product } from "../../../common/product";
import { GenerateButton, generateAction } from "./generate-button";
import { CHILDREN_NOTICE_ID, ChildrenNotice, QualitySwitch } from "./generation-choices";
import { PersonalizeModel } from "./personalize-model";
import { ProductImage } from "../../ui/product-image";
import { Dialog } from "../../ui/dialog";
import { Button } from "../../ui/button";
import { StoreModelPanel } from "../../ui/store-model";

/** The 'Modelo' row: the spec's four audiences, then the garment alone ('Sin modelo', includeModel false). */
const MODELS: { value: Audience | "none"; label: string }[] = [
  { value: "baby", label: "Bebé" },
  { value: "boy", label: "Niño" },
  { value: "girl", label: "Niña" },
  { value: "adult", label: "Adulto" },
  { value: "none", label: "Sin modelo" },
];

const MODEL_NOTE_ID = "model-note";

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
    <Dialog open={open && !!product} onClose={onClose} title={product?.name ?? "Producto"} placement="bottom">
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
  const adult = adultModel(mode);
  // A child on a site that cannot draw children: said now, not after paying, and the garment alone offered.
  const childBlocked = !offer.children.available && depictsChild(generationFor(mode));

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
            generateText={`Generar con estas opciones (${imagesLabel(action.cost)})`}
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
        <Segmented
          legend="Vista"
          name="view"
          value={mode.view}
          onChange={(view) => onModeChange(chooseView(mode, view))}
          options={[
            { value: "front", label: "Frente" },
            { value: "back", label: "Detrás", disabled: !adult },
          ]}
        />
        <Segmented
          legend="Composición"
          name="outfit"
          value={mode.outfit ? "outfit" : "garment"}
          onChange={(value) => onModeChange(chooseOutfit(mode, value === "outfit"))}
          options={[
            { value: "garment", label: "Prenda Sola" },
            { value: "outfit", label: "Conjunto", disabled: !adult },
          ]}
        />
        <Segmented
          legend="Modelo"
          name="audience"
          value={mode.includeModel ? mode.audience : "none"}
          onChange={(choice) => onModeChange(choice === "none" ? chooseWithoutModel(mode) : chooseAudience(mode, choice))}
          options={MODELS}
        />
        <ChildrenNotice
          reason={childBlocked ? (offer.children.reason ?? CHILDREN_NOT_OFFERED) : null}
          quality={quality}
          onGarmentOnly={() => onModeChange(chooseWithoutModel(mode))}
        />
        {!adult && (
          <p id={MODEL_NOTE_ID} className="text-xs text-slate-500">
            {mode.includeModel
              ? "La vista de espalda y el conjunto están disponibles solo para Adulto."
              : "Sin modelo se muestra solo la prenda, de frente. La vista de espalda, el conjunto y Personalizar necesitan un modelo."}
          </p>
        )}
        {!personalized && mode.includeModel && !childBlocked && <StoreModelPanel audience={mode.audience} />}

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
            Personalizar
            {personalized && <ActiveBadge />}
          </span>
          <svg aria-hidden viewBox="0 0 20 20" className="size-5 text-slate-500" fill="currentColor">
            <path d="M7.22 14.78a.75.75 0 0 1 0-1.06L10.94 10 7.22 6.28a.75.75 0 0 1 1.06-1.06l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0Z" />
          </svg>
        </button>

        <QualitySwitch
          quality={quality}
          onChange={onQualityChange}
          unavailable={offer.pro.available ? null : (offer.pro.reason ?? PRO_NOT_OFFERED)}
        />

        <div className="space-y-2">
          <GenerateButton
            action={action}
            unavailableReasonId={childBlocked ? CHILDREN_NOTICE_ID : undefined}
            onGenerate={onGenerate}
            onRecharge={onRecharge}
          />
          <p className="text-center text-xs text-slate-500">
            {action.kind === "missing-image" ? "Sube una foto del producto para poder generar." : `Te quedan ${imagesLabel(credits)}.`}
          </p>
        </div>
        <Button variant="secondary" className="w-full" onClick={onEdit}>
          <svg aria-hidden viewBox="0 0 20 20" className="size-4" fill="currentColor">
            <path d="m5.43 13.74-.7 2.1a.5.5 0 0 0 .63.63l2.1-.7a2 2 0 0 0 .78-.48l7.2-7.2a1.5 1.5 0 0 0-2.12-2.12l-7.2 7.2a2 2 0 0 0-.48.78ZM3.5 5.75c0-.69.56-1.25 1.25-1.25H10A.75.75 0 0 0 10 3H4.75A2.75 2.75 0 0 0 2 5.75v9.5A2.75 2.75 0 0 0 4.75 18h9.5A2.75 2.75 0 0 0 17 15.25V10a.75.75 0 0 0-1.5 0v5.25c0 .69-.56 1.25-1.25 1.25h-9.5c-.69 0-1.25-.56-1.25-1.25v-9.5Z" />
          </svg>
          Editar producto
        </Button>
      </div>
    </div>
  );
}

export function ActiveBadge() {
  return <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">Personalización activa</span>;
}

interface SegmentedProps<T extends string> {
  legend: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  options: { value: T; label: string; disabled?: boolean }[];
}

/**
 * A row of native radios styled as a switch: arrow keys, labels and disabled states come for free.
 * Five choices take two rows on a phone (three and two), so no label breaks in two ('Sin modelo').
 */
function Segmented<T extends string>({ legend, name, value, onChange, options }: SegmentedProps<T>) {
  const columns = options.length > 4 ? "grid-cols-3 sm:grid-cols-5" : options.length === 4 ? "grid-cols-4" : "grid-cols-2";
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      <div className={`grid gap-1 rounded-xl bg-slate-100 p-1 ${columns}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="relative flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-2 text-sm font-medium whitespace-nowrap text-slate-600 has-[:checked]:bg-white has-[:checked]:font-semibold has-[:checked]:text-brand-800 has-[:checked]:shadow-sm has-[:checked]:ring-2 has-[:checked]:ring-brand-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:text-slate-400 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            {/* Covers the whole label so a click or tap anywhere on it reaches the radio itself. */}
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
              className="absolute inset-0 cursor-pointer opacity-0 disabled:cursor-not-allowed"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
