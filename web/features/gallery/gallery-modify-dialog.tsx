import { BeforeAfter, hasOriginal } from "./before-after";
import { useEffect, useState, type FormEvent } from "react";
import type { GalleryImage } from "../../../common/product";
import type { GenerationResult } from "../../lib/generation";
import { galleryName, WandIcon } from "./gallery-card";
import { DownloadButton } from "../../ui/gallery-download-button";
import { ModifyInstructionField, ModifyingOverlay, useModifyInstruction } from "../../ui/modify-instruction";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { t } from "./texts";

/**
 * 'Modificar Imagen': a generated image changed by a written instruction.
 * On success the dialog stays open on the new image, so the seller can
 * download it or keep refining.
 */
export function ModifyImageDialog({
  image,
  onClose,
  onModified,
}: {
  image: GalleryImage | null;
  onClose: () => void;
  onModified: (before: GalleryImage, result: GenerationResult) => void;
}) {
  const current = image;
  const instruction = useModifyInstruction((result) => current && onModified(current, result));
  const [broken, setBroken] = useState(false);

  // A new image (another card, or the result of the last change) starts clean.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the image's address is what triggers the reset
  useEffect(() => {
    setBroken(false);
  }, [current?.imageUrl]);

  const { reset } = instruction;
  useEffect(() => {
    if (image) return;
    // Spec section 9: the dialog's state clears 300 ms after closing.
    const timer = setTimeout(reset, 300);
    return () => clearTimeout(timer);
  }, [image, reset]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (current) void instruction.submit(current.imageId);
  }

  const name = current ? galleryName(current) : "";

  return (
    <Dialog open={!!image} onClose={onClose} title={t("modifyTitle")} className="sm:max-w-xl">
      {current && (
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="relative overflow-hidden rounded-xl bg-slate-100">
            {hasOriginal(current) && !instruction.pending ? (
              <BeforeAfter image={current} name={name} />
            ) : broken ? (
              <p role="alert" className="grid aspect-square place-items-center p-6 text-center text-sm text-red-700">
                {t("previewFailed")}
              </p>
            ) : (
              <img
                src={current.imageUrl}
                alt={t("imageOf", { name })}
                onError={() => setBroken(true)}
                className="mx-auto max-h-[50vh] w-full object-contain"
              />
            )}
            <ModifyingOverlay show={instruction.pending} />
          </div>

          <ModifyInstructionField state={instruction} />

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DownloadButton url={current.imageUrl} productName={current.productName} />
            <Button type="submit" busy={instruction.pending}>
              {!instruction.pending && <WandIcon />}
              {t("modifyButton")}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
