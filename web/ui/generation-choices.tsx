/**
 * The drawer's choices that depend on what this site's image providers can
 * make (GET /api/config, `generation`): 'Calidad Pro' and the notice shown
 * when a child model cannot be drawn. What is not offered says why in text,
 * before anyone pays; prices come from creditsFor, the function the Worker charges with.
 */
import { imagesFromCredits } from "../../common/credits";
import { creditsFor, type Quality } from "../../common/generation";
import { Button } from "./button";
import { t } from "./texts";

/** "1 imagen", "2 imágenes": the same unit as the balance in the header and the packs the seller buys. */
export function priceLabel(quality: Quality): string {
  return t("images", { count: imagesFromCredits(creditsFor(quality)) });
}

export const CHILDREN_NOTICE_ID = "children-notice";

/**
 * Shown as soon as Bebé, Niño or Niña is chosen on a site that cannot draw
 * children: the reason, and the garment alone at its price, one tap away.
 * The live region is always there, so the notice is announced when it appears.
 */
export function ChildrenNotice({ reason, quality, onGarmentOnly }: { reason: string | null; quality: Quality; onGarmentOnly: () => void }) {
  return (
    <div aria-live="polite">
      {reason && (
        <div className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p id={CHILDREN_NOTICE_ID} className="font-medium">
            {reason}
          </p>
          <p>{t("garmentOnlyInstead", { price: priceLabel(quality) })}</p>
          <Button variant="secondary" className="w-full" onClick={onGarmentOnly}>
            {t("switchToGarmentOnly", { price: priceLabel(quality) })}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * 'Calidad Pro' (2K). Where the provider cannot reach 2048 px the switch
 * stays in place, off and aria-disabled, with the reason as its description.
 */
export function QualitySwitch({
  quality,
  onChange,
  unavailable,
}: {
  quality: Quality;
  onChange: (quality: Quality) => void;
  /** Why Pro is not offered on this site; null when it is. */
  unavailable: string | null;
}) {
  const pro = quality === "pro" && !unavailable;
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl border border-slate-200 px-4 py-3">
      <div>
        <p id="quality-label" className={`text-sm font-medium ${unavailable ? "text-slate-500" : ""}`}>
          {t("proQuality")}
        </p>
        <p id="quality-hint" className={`text-xs ${unavailable ? "text-amber-900" : "text-slate-500"}`}>
          {unavailable ?? t("proQualityHint", { pro: priceLabel("pro"), standard: priceLabel("standard") })}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={pro}
        aria-disabled={unavailable ? true : undefined}
        aria-labelledby="quality-label"
        aria-describedby="quality-hint"
        onClick={() => {
          if (!unavailable) onChange(pro ? "standard" : "pro");
        }}
        className={`inline-flex size-11 min-w-14 shrink-0 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${unavailable ? "cursor-not-allowed opacity-50" : ""}`}
      >
        {/* The track is drawn inside a 44 px tap target. */}
        <span
          aria-hidden
          className={`relative inline-flex h-7 w-12 items-center rounded-full transition ${pro ? "bg-brand-700" : "bg-slate-300"}`}
        >
          <span className={`inline-block size-5 rounded-full bg-white shadow transition ${pro ? "translate-x-6" : "translate-x-1"}`} />
        </span>
      </button>
    </div>
  );
}
