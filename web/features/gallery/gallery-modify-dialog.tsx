import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { CREDITS_PER_IMAGE, NO_CREDITS_LEFT } from "../../../common/credits";
import type { GalleryImage } from "../../../common/product";
import { ApiFailure } from "../../lib/api";
import { useModifyImage, type GenerationResult } from "../../lib/generation";
import { useSession } from "../../lib/session";
import { galleryName, WandIcon } from "./gallery-card";
import { DownloadButton } from "../../ui/gallery-download-button";
import { Spinner } from "../../ui/spinner";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";

export const EMPTY_INSTRUCTION = "Por favor, ingresa las instrucciones para modificar la imagen.";
export const MODIFY_OK = "¡Imagen modificada con éxito!";
export const MODIFY_FAILED = "Ocurrió un error al intentar modificar la imagen.";
export const MODIFY_NO_RESULT = "Error al obtener la imagen modificada.";
export const PREVIEW_FAILED = "No se pudo cargar la imagen para modificar.";

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
  const { user } = useSession();
  const modify = useModifyImage();
  const [prompt, setPrompt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const errorId = useId();
  const noteId = useId();
  const current = image;

  // A new image (another card, or the result of the last change) starts clean.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the image's address is what triggers the reset
  useEffect(() => {
    setBroken(false);
  }, [current?.imageUrl]);

  useEffect(() => {
    if (image) return;
    // Spec section 9: the dialog's state clears 300 ms after closing.
    const timer = setTimeout(() => {
      setPrompt("");
      setError(null);
    }, 300);
    return () => clearTimeout(timer);
  }, [image]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!current || modify.isPending) return;
    const instruction = prompt.trim();
    if (!instruction) {
      setError(EMPTY_INSTRUCTION);
      textareaRef.current?.focus();
      return;
    }
    if (user && user.credits < CREDITS_PER_IMAGE) {
      toast.error(NO_CREDITS_LEFT);
      return;
    }
    setError(null);
    try {
      const result = await modify.mutateAsync({ imageId: current.imageId, prompt: instruction });
      if (!result.imageUrl || !result.imageId) throw new Error(MODIFY_NO_RESULT);
      onModified(current, result);
      setPrompt("");
      toast.success(MODIFY_OK);
    } catch (err) {
      const message = err instanceof ApiFailure && err.status === 402 ? NO_CREDITS_LEFT : err instanceof Error && err.message ? err.message : MODIFY_FAILED;
      toast.error(message);
    }
  }

  const name = current ? galleryName(current) : "";
  const describedBy = [error ? errorId : null, noteId].filter(Boolean).join(" ");

  return (
    <Dialog open={!!image} onClose={onClose} title="Modificar imagen con IA" className="sm:max-w-xl">
      {current && (
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="relative overflow-hidden rounded-xl bg-slate-100">
            {broken ? (
              <p role="alert" className="grid aspect-square place-items-center p-6 text-center text-sm text-red-700">
                {PREVIEW_FAILED}
              </p>
            ) : (
              <img
                src={current.imageUrl}
                alt={`Imagen de ${name}`}
                onError={() => setBroken(true)}
                className="mx-auto max-h-[50vh] w-full object-contain"
              />
            )}
            {modify.isPending && (
              <div className="absolute inset-0 grid place-items-center bg-white/60">
                <p role="status" className="flex items-center gap-2 rounded-full bg-white px-4 py-2 font-semibold text-brand-800 shadow">
                  <Spinner className="size-4" /> Modificando...
                </p>
              </div>
            )}
          </div>

          <div>
            <label htmlFor={fieldId} className="text-sm font-medium text-slate-700">
              Instrucciones para modificar
            </label>
            <textarea
              id={fieldId}
              ref={textareaRef}
              value={prompt}
              onChange={(e) => {
                setPrompt(e.target.value);
                if (error) setError(null);
              }}
              rows={3}
              maxLength={500}
              placeholder="Ej.: cambiá el fondo a blanco"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              disabled={modify.isPending}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600 aria-invalid:border-red-500"
            />
            {error && (
              <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
                {error}
              </p>
            )}
            <p id={noteId} className="mt-1 text-xs text-slate-600">
              Costo de modificación: 1 imagen.
            </p>
          </div>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DownloadButton url={current.imageUrl} productName={current.productName} />
            <Button type="submit" busy={modify.isPending}>
              {!modify.isPending && <WandIcon />}
              Modificar Imagen
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
