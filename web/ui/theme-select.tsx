import { useId } from "react";
import { setThemeChoice, THEME_CHOICES, themeLabel, useThemeChoice } from "../lib/theme";
import { t } from "./texts";

/** Claro / Oscuro / Sistema as a radio group: arrow keys move between them, as screen readers expect. */
export function ThemeSelect({ compact = false }: { compact?: boolean }) {
  const choice = useThemeChoice();
  const name = useId();
  return (
    <fieldset>
      <legend className={compact ? "mb-2 px-1 text-xs font-semibold tracking-wide text-slate-600 uppercase" : "sr-only"}>
        {t("theme")}
      </legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
        {THEME_CHOICES.map((value) => (
          <label key={value} className="relative">
            <input
              type="radio"
              name={name}
              value={value}
              checked={choice === value}
              onChange={() => setThemeChoice(value)}
              className="peer sr-only"
            />
            <span className="flex min-h-11 cursor-pointer items-center justify-center rounded-md px-2 text-center text-sm font-medium text-slate-700 peer-checked:bg-white peer-checked:text-slate-900 peer-checked:shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-brand-600">
              {themeLabel(value)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
