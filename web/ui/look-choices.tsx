/**
 * How the pictures should look: 'Vista', 'Composición' and 'Modelo' (the
 * spec's four audiences and 'Sin modelo'), the notice when this site cannot
 * draw children, and 'Modelo de mi tienda' for the chosen audience. The
 * product drawer and the batch screen show the same choices with the rules
 * of common/generation.ts.
 */
import {
  adultModel,
  type Audience,
  chooseAudience,
  chooseOutfit,
  chooseView,
  chooseWithoutModel,
  depictsChild,
  generationFor,
  hasPersonalization,
  type Quality,
  type ViewMode,
} from "../../common/generation";
import type { GenerationOffer } from "../../common/image-providers";
import { ChildrenNotice } from "./generation-choices";
import { StoreModelPanel } from "./store-model";
import { audienceLabel } from "../lib/store-models";
import { t } from "./texts";

/** The 'Modelo' row: the spec's four audiences, then the garment alone ('Sin modelo', includeModel false). */
const models = (): { value: Audience | "none"; label: string }[] => [
  ...(["baby", "boy", "girl", "adult"] as const).map((value) => ({ value, label: audienceLabel(value) })),
  { value: "none", label: t("noModel") },
];

/** The note under the rows when the view or the outfit cannot be chosen, and why. */
export const MODEL_NOTE_ID = "model-note";

/** A child on a site that cannot draw children: said before paying, with the garment alone offered. */
export function childBlockedFor(offer: GenerationOffer, mode: ViewMode): boolean {
  return !offer.children.available && depictsChild(generationFor(mode));
}

export function LookChoices({
  mode,
  onModeChange,
  quality,
  offer,
  personalizes = false,
}: {
  mode: ViewMode;
  onModeChange: (mode: ViewMode) => void;
  quality: Quality;
  offer: GenerationOffer;
  /** Whether 'Personalizar' follows (the drawer): the note then names it too. */
  personalizes?: boolean;
}) {
  const adult = adultModel(mode);
  const childBlocked = childBlockedFor(offer, mode);
  return (
    <>
      <Segmented
        legend={t("view")}
        name="view"
        value={mode.view}
        onChange={(view) => onModeChange(chooseView(mode, view))}
        options={[
          { value: "front", label: t("viewFront") },
          { value: "back", label: t("viewBack"), disabled: !adult },
        ]}
      />
      <Segmented
        legend={t("composition")}
        name="outfit"
        value={mode.outfit ? "outfit" : "garment"}
        onChange={(value) => onModeChange(chooseOutfit(mode, value === "outfit"))}
        options={[
          { value: "garment", label: t("garmentAlone") },
          { value: "outfit", label: t("outfit"), disabled: !adult },
        ]}
      />
      <Segmented
        legend={t("model")}
        name="audience"
        value={mode.includeModel ? mode.audience : "none"}
        onChange={(choice) => onModeChange(choice === "none" ? chooseWithoutModel(mode) : chooseAudience(mode, choice))}
        options={models()}
      />
      <ChildrenNotice
        reason={childBlocked ? (offer.children.reason ?? t("childrenNotOffered")) : null}
        quality={quality}
        onGarmentOnly={() => onModeChange(chooseWithoutModel(mode))}
      />
      {!adult && (
        <p id={MODEL_NOTE_ID} className="text-xs text-slate-500">
          {mode.includeModel ? t("adultOnlyNote") : t(personalizes ? "noModelNotePersonalize" : "noModelNote")}
        </p>
      )}
      {!hasPersonalization(mode.personalization) && mode.includeModel && !childBlocked && <StoreModelPanel audience={mode.audience} />}
    </>
  );
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
