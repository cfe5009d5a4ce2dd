import { useEffect, useRef, type ReactNode } from "react";
import { hasPersonalization, type Personalization } from "../../../common/generation";
import { Button } from "../../ui/button";
import { t } from "./texts";

type Key = keyof Personalization;

/** The spec's 'Personalizar Modelo' groups, in its order, with the API value behind each label. */
export const personalizeGroups = () =>
  [
    {
      key: "gender",
      title: t("gender"),
      options: [
        ["male", t("genderMale")],
        ["female", t("genderFemale")],
      ],
    },
    {
      key: "age",
      title: t("age"),
      options: [
        ["youth", t("ageYouth")],
        ["adult", t("ageAdult")],
        ["senior", t("ageSenior")],
      ],
    },
    {
      key: "skinTone",
      title: t("skinTone"),
      options: [
        ["light", t("skinLight")],
        ["medium", t("skinMedium")],
        ["dark", t("skinDark")],
      ],
    },
    {
      key: "bodyType",
      title: t("bodyType"),
      options: [
        ["slim", t("bodySlim")],
        ["athletic", t("bodyAthletic")],
        ["curvy", t("bodyCurvy")],
      ],
    },
  ] as const satisfies readonly { key: Key; title: string; options: readonly (readonly [string, string])[] }[];

/**
 * Tapping a choice selects it; tapping the selected one again clears it.
 * Nothing chosen at all is `null`, so "no personalisation" has one shape.
 */
export function togglePersonalization(current: Personalization | null, key: Key, value: string): Personalization | null {
  const next: Partial<Record<Key, string>> = { ...current };
  if (next[key] === value) delete next[key];
  else next[key] = value;
  const result = next as Personalization;
  return hasPersonalization(result) ? result : null;
}

interface Props {
  value: Personalization | null;
  onChange: (value: Personalization | null) => void;
  onBack: () => void;
  /** The drawer's generate button, so credits and missing-photo rules stay in one place. */
  generateButton: ReactNode;
}

export function PersonalizeModel({ value, onChange, onBack, generateButton }: Props) {
  // The button that opened this screen is gone: focus moves to its title so keyboard and screen reader users follow.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <section aria-labelledby="personalize-title" className="space-y-5">
      <div>
        <h3 id="personalize-title" ref={title} tabIndex={-1} className="text-base font-semibold focus:outline-none">
          {t("personalizeTitle")}
        </h3>
        <p className="text-sm text-slate-600">{t("personalizeIntro")}</p>
      </div>
      {personalizeGroups().map((group) => (
        <fieldset key={group.key}>
          <legend className="mb-2 text-sm font-medium text-slate-700">{group.title}</legend>
          <div className="flex flex-wrap gap-2">
            {group.options.map(([optionValue, label]) => {
              const selected = value?.[group.key] === optionValue;
              return (
                <button
                  key={optionValue}
                  type="button"
                  aria-pressed={selected}
                  onClick={() => onChange(togglePersonalization(value, group.key, optionValue))}
                  className={`min-h-11 rounded-full border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                    selected ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
                  }`}
                >
                  {label}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
      {!hasPersonalization(value) && <p className="text-sm text-slate-600">{t("personalizeChooseOne")}</p>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="secondary" className="py-3 sm:w-40" onClick={onBack}>
          {t("back")}
        </Button>
        <div className="flex-1">{generateButton}</div>
      </div>
    </section>
  );
}
