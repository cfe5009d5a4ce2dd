/**
 * 'Modificar Imagen' by a written instruction, as the gallery and the result
 * dialog both offer it: the same field, cost note, checks, toasts and
 * 'Modificando...' overlay, so the two can never drift apart.
 */
import { useCallback, useId, useRef, useState, type ReactNode } from "react";
import toast from "react-hot-toast";
import { CREDITS_PER_IMAGE } from "../../common/credits";
import { ApiFailure } from "../lib/api";
import { useAppConfig } from "../lib/config";
import { useModifyImage, type GenerationResult } from "../lib/generation";
import { useSession } from "../lib/session";
import { Spinner } from "./spinner";
import { t } from "./texts";

// Functions, not constants: read when shown, once the seller's language is active.
export const emptyInstruction = () => t("emptyInstruction");
export const modifyOk = () => t("modifyOk");
export const modifyFailed = () => t("modifyFailed");
export const modifyNoResult = () => t("modifyNoResult");
/** DECISIONS.md fixes the spec's 'imágen' typo; the rest is verbatim. */
export const modifyCostNote = () => t("modifyCostNote");

/**
 * Whether this site's image provider can modify by instruction (GET /api/config): where it cannot,
 * 'Modificar' is not offered and the screens say why, before the seller writes anything.
 */
export function useModifyOffer(): { available: boolean; reason: string | null } {
  return useAppConfig().config.generation.modify;
}

/** In place of 'Modificar' where the provider cannot edit: the reason, in words. */
export function ModifyNotOffered({ reason }: { reason: string | null }) {
  return (
    <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700" data-testid="modify-not-offered">
      {reason}
    </p>
  );
}

/** The instruction's state and the one submit both dialogs use. */
export function useModifyInstruction(onModified: (result: GenerationResult) => void) {
  const { user } = useSession();
  const modify = useModifyImage();
  const [prompt, setPrompt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  async function submit(imageId: string) {
    if (modify.isPending) return;
    const instruction = prompt.trim();
    if (!instruction) {
      setError(emptyInstruction());
      textareaRef.current?.focus();
      return;
    }
    if (user && user.credits < CREDITS_PER_IMAGE) {
      toast.error(t("noImagesLeft"));
      return;
    }
    setError(null);
    try {
      const result = await modify.mutateAsync({ imageId, prompt: instruction });
      if (!result.imageUrl || !result.imageId) throw new Error(modifyNoResult());
      onModified(result);
      setPrompt("");
      toast.success(modifyOk());
    } catch (err) {
      const message =
        err instanceof ApiFailure && err.status === 402
          ? t("noImagesLeft")
          : err instanceof Error && err.message
            ? err.message
            : modifyFailed();
      toast.error(message);
    }
  }

  const reset = useCallback(() => {
    setPrompt("");
    setError(null);
  }, []);

  return { prompt, setPrompt, error, setError, submit, reset, pending: modify.isPending, textareaRef };
}

export type ModifyInstruction = ReturnType<typeof useModifyInstruction>;

/** 'Instrucciones para modificar', its example, the validation message and the cost note. */
export function ModifyInstructionField({ state }: { state: ModifyInstruction }) {
  const fieldId = useId();
  const errorId = useId();
  const noteId = useId();
  const describedBy = [state.error ? errorId : null, noteId].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-700">
        {t("modifyInstruction")}
      </label>
      <textarea
        id={fieldId}
        ref={state.textareaRef}
        value={state.prompt}
        onChange={(e) => {
          state.setPrompt(e.target.value);
          if (state.error) state.setError(null);
        }}
        rows={3}
        maxLength={500}
        placeholder={t("modifyExample")}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={describedBy}
        disabled={state.pending}
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600 aria-invalid:border-red-500"
      />
      {state.error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {state.error}
        </p>
      )}
      <p id={noteId} className="mt-1 text-xs text-slate-600">
        {modifyCostNote()}
      </p>
    </div>
  );
}

/** The spec's 'Modificando...' overlay, over the image being changed. Its parent must be `relative`. */
export function ModifyingOverlay({ show }: { show: boolean }): ReactNode {
  if (!show) return null;
  return (
    <div className="absolute inset-0 grid place-items-center bg-white/60">
      <p role="status" className="flex items-center gap-2 rounded-full bg-white px-4 py-2 font-semibold text-brand-800 shadow">
        <Spinner className="size-4" /> {t("modifying")}
      </p>
    </div>
  );
}
