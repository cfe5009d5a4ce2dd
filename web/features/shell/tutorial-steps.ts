/** The four-step tutorial (spec section 2) and its once-per-browser flag in local storage. */
import { t } from "./texts";

export const TUTORIAL_SEEN_KEY = "vidriera-tutorial-visto";

export interface TutorialStep {
  title: string;
  text: string;
}

/** Read when shown, in the seller's language: never at import, before the language is active. */
export function tutorialSteps(): readonly TutorialStep[] {
  return (["Upload", "Choose", "Generate", "Sell"] as const).map((step) => ({
    title: t(`tutorial${step}Title`),
    text: t(`tutorial${step}Text`),
  }));
}

export const TUTORIAL_STEP_COUNT = 4;

/** What the button says on a step, and where it leads: the last one closes and starts over. */
export function tutorialAdvance(step: number): { label: string; next: number; closes: boolean } {
  const last = step >= TUTORIAL_STEP_COUNT - 1;
  return last ? { label: t("tutorialDone"), next: 0, closes: true } : { label: t("tutorialNext"), next: step + 1, closes: false };
}

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

export function tutorialSeen(storage: Storage): boolean {
  try {
    return storage.getItem(TUTORIAL_SEEN_KEY) !== null;
  } catch {
    // Blocked storage: better not to show it on every visit.
    return true;
  }
}

export function markTutorialSeen(storage: Storage) {
  try {
    storage.setItem(TUTORIAL_SEEN_KEY, "1");
  } catch {
    // Nothing to keep it in; it shows once per visit instead.
  }
}
