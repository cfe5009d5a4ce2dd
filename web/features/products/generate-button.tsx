import { creditsFor, type Quality } from "../../../common/generation";
import { Button } from "../../ui/button";
import { imagesText } from "./amounts";
import { t } from "./texts";

export type GenerateAction =
  /** The product has no photo to start from: nothing to generate. */
  | { kind: "missing-image"; label: string; disabled: true; cost: number }
  /** Not enough credits for this quality: the button leads to buying more. */
  | { kind: "recharge"; label: string; disabled: false; cost: number }
  | { kind: "generate"; label: string; disabled: false; cost: number };

/** 'Generar 1 imagen' or 'Generar (Calidad Pro, 2 imágenes)': the price is always on the button. */
export function generateLabel(quality: Quality): string {
  const cost = imagesText(creditsFor(quality));
  return quality === "pro" ? t("generateProCost", { cost }) : t("generateCost", { cost });
}

/**
 * What the drawer's generate button does for this product, balance and
 * quality. A missing photo wins over a low balance: buying images would not help.
 */
export function generateAction({ hasImage, credits, quality }: { hasImage: boolean; credits: number; quality: Quality }): GenerateAction {
  const cost = creditsFor(quality);
  if (!hasImage) return { kind: "missing-image", label: t("missingImage"), disabled: true, cost };
  if (credits < cost) return { kind: "recharge", label: t("recharge"), disabled: false, cost };
  return { kind: "generate", label: generateLabel(quality), disabled: false, cost };
}

interface GenerateButtonProps {
  action: GenerateAction;
  /** Replaces the 'generate' label, e.g. 'Generar con estas opciones'. */
  generateText?: string;
  busy?: boolean;
  disabled?: boolean;
  /**
   * The id of the visible text that says why this generation is not offered (a child on a site that
   * cannot draw children): the button stays focusable, aria-disabled and described by it, and does nothing.
   */
  unavailableReasonId?: string;
  onGenerate: () => void;
  onRecharge: () => void;
  className?: string;
}

export function GenerateButton({
  action,
  generateText,
  busy,
  disabled,
  unavailableReasonId,
  onGenerate,
  onRecharge,
  className = "",
}: GenerateButtonProps) {
  const label = action.kind === "generate" && generateText ? generateText : action.label;
  const unavailable = !!unavailableReasonId && !action.disabled;
  return (
    <Button
      variant={action.kind === "recharge" ? "secondary" : "primary"}
      className={`w-full py-3 text-base ${unavailable ? "cursor-not-allowed opacity-60" : ""} ${className}`}
      disabled={action.disabled || disabled}
      aria-disabled={unavailable || undefined}
      aria-describedby={unavailable ? unavailableReasonId : undefined}
      busy={busy}
      onClick={unavailable ? undefined : action.kind === "recharge" ? onRecharge : onGenerate}
    >
      {label}
    </Button>
  );
}
