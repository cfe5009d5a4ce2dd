import { useQueryClient } from "@tanstack/react-query";
import { CloseIcon } from "../../ui/icons";
import { useRouter } from "@tanstack/react-router";
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import toast from "react-hot-toast";
import { CREDITS_PER_IMAGE } from "../../../common/credits";
import { ApiFailure } from "../../lib/api";
import { ADD_DIALOG_THRESHOLD, compressImage, fileToDataUrl, formatFileSize } from "../../lib/compress";
import { useGenerateProduct } from "../../lib/generation";
import { sessionQuery } from "../../lib/queries";
import { useSession } from "../../lib/session";
import { MAX_FILES_PER_UPLOAD, uploadFallback, useUploadProducts } from "../../lib/upload";
import { CameraCapture, CameraIcon } from "./camera-capture";
import { DownloadButton } from "../../ui/gallery-download-button";
import { Spinner } from "../../ui/spinner";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { t } from "./texts";

const ACCEPTED_TYPES = ["image/png", "image/jpeg", "image/webp"];
const ACCEPT = ACCEPTED_TYPES.join(",");
/** Spec section 9: the dialog's state clears this long after it closes. */
const RESET_DELAY_MS = 300;

interface Picked {
  id: string;
  file: File;
  originalSize: number;
  compressed: boolean;
  previewUrl: string;
}

type View = "pick" | "camera" | "generating" | "result";

interface Result {
  before: string;
  after: string;
  productName: string | null;
}

const titles = (): Record<View, string> => ({
  pick: t("titlePick"),
  camera: t("titleGenerate"),
  generating: t("titleGenerate"),
  result: t("titleResult"),
});

// A counter, not crypto.randomUUID: that one is missing outside secure contexts (a phone testing over the LAN).
let nextId = 0;

async function prepare(file: File): Promise<Picked> {
  const { file: ready, compressed } = await compressImage(file, ADD_DIALOG_THRESHOLD);
  return { id: `foto-${++nextId}`, file: ready, originalSize: file.size, compressed, previewUrl: URL.createObjectURL(ready) };
}

/** The spec's 'Subir N imagen(es)', with the plural written out: 'Subir 1 imagen', 'Subir 2 imágenes'. */
function uploadLabel(count: number) {
  return t("uploadCount", { count });
}

/**
 * 'Agregar Producto con IA': photos from the camera or the gallery become
 * products (upload, many at once) or one product with its first AI image
 * (generate, exactly one photo). States: no image, images selected,
 * generating, result; closing resets.
 */
export function AddProductDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useSession();
  const router = useRouter();
  const queryClient = useQueryClient();
  const upload = useUploadProducts(user?.id ?? "");
  const generate = useGenerateProduct();

  const [view, setView] = useState<View>("pick");
  const [items, setItems] = useState<Picked[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [includeModel, setIncludeModel] = useState(true);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Bumped on every reset, so an answer that arrives after the dialog was closed is not shown in a fresh one.
  const session = useRef(0);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const canBuy = "/credits" in router.routesByPath;
  const lowCredits = !!user && user.credits < CREDITS_PER_IMAGE;

  const reset = useCallback(() => {
    session.current++;
    for (const item of itemsRef.current) URL.revokeObjectURL(item.previewUrl);
    setItems([]);
    setView("pick");
    setPreparing(false);
    setIncludeModel(true);
    setResult(null);
    setError(null);
  }, []);

  // Reopened before the delay ran out: start clean at once rather than show the last visit.
  const resetPending = useRef(false);
  useEffect(() => {
    if (open) {
      if (resetPending.current) {
        resetPending.current = false;
        reset();
      }
      return;
    }
    resetPending.current = true;
    const timer = setTimeout(() => {
      resetPending.current = false;
      reset();
    }, RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, reset]);

  useEffect(
    () => () => {
      for (const item of itemsRef.current) URL.revokeObjectURL(item.previewUrl);
    },
    [],
  );

  function close() {
    if (view === "generating") {
      toast(t("stillGenerating"));
    }
    onClose();
  }

  async function addFiles(files: File[]) {
    if (files.length === 0) return;
    setError(null);
    const accepted = files.filter((f) => ACCEPTED_TYPES.includes(f.type));
    if (accepted.length < files.length) toast.error(t("onlyImageTypes"));
    const room = MAX_FILES_PER_UPLOAD - itemsRef.current.length;
    if (accepted.length > room) toast.error(t("tooManyFiles", { max: String(MAX_FILES_PER_UPLOAD) }));
    const chosen = accepted.slice(0, Math.max(0, room));
    if (chosen.length === 0) return;
    const token = session.current;
    setPreparing(true);
    const prepared: Picked[] = [];
    // One at a time: decoding ten 12-megapixel photos at once can exhaust a phone's memory.
    for (const file of chosen) prepared.push(await prepare(file));
    if (token !== session.current) {
      for (const p of prepared) URL.revokeObjectURL(p.previewUrl);
      return;
    }
    setItems((prev) => [...prev, ...prepared]);
    setPreparing(false);
  }

  function onFilesChosen(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Cleared so choosing the same photo again still fires a change.
    event.target.value = "";
    void addFiles(files);
  }

  function remove(id: string) {
    setItems((prev) => {
      const gone = prev.find((p) => p.id === id);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return prev.filter((p) => p.id !== id);
    });
  }

  async function startUpload() {
    if (!user || items.length === 0) return;
    setError(null);
    try {
      await upload.mutateAsync(items.map((i) => i.file));
      toast.success(t("uploadOk"));
      onClose();
    } catch (err) {
      const message = err instanceof Error ? err.message : "";
      // The server's own Spanish reason when it gave one; the spec's toast otherwise.
      // The lib's own fallback (web/lib/upload.ts) is no reason: the spec's toast says it better.
      toast.error(err instanceof ApiFailure && message && message !== uploadFallback() ? message : t("uploadFailed"));
      setError(message || t("uploadFailed"));
    }
  }

  async function startGeneration(item: Picked) {
    if (!user) return;
    if (user.credits < CREDITS_PER_IMAGE) {
      toast.error(t("noImagesLeft"));
      return;
    }
    const token = session.current;
    setError(null);
    setView("generating");
    try {
      const image = await fileToDataUrl(item.file);
      // The file's name goes along: the product is named from it and the photo, not 'Producto 1'.
      const generated = await generate.mutateAsync({ image, includeModel, fileName: item.file.name });
      toast.success(t("generatedOk"));
      if (token !== session.current) return;
      setResult({ before: item.previewUrl, after: generated.imageUrl, productName: generated.product?.name ?? null });
      setView("result");
    } catch (err) {
      // The server keeps the product and its photo even when the image fails, so the list must show it.
      void queryClient.invalidateQueries({ queryKey: ["products"] });
      let message = err instanceof Error && err.message ? err.message : t("generateFallback");
      if (err instanceof ApiFailure && err.status === 402) {
        message = t("noImagesLeft");
        void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      }
      toast.error(message);
      if (token !== session.current) return;
      setError(message);
      setView("pick");
    }
  }

  async function onCapture(photo: File) {
    const token = session.current;
    setView("generating");
    const item = await prepare(photo);
    if (token !== session.current) {
      URL.revokeObjectURL(item.previewUrl);
      return;
    }
    for (const i of itemsRef.current) URL.revokeObjectURL(i.previewUrl);
    setItems([item]);
    await startGeneration(item);
  }

  const single = items.length === 1 ? items[0] : undefined;

  return (
    <Dialog open={open} onClose={close} title={titles()[view]} className="sm:max-w-2xl">
      <div className="space-y-5">
        {lowCredits && view !== "result" && (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <span className="font-medium">{t("notEnoughImages")}</span>
            {canBuy && (
              <a
                href="/credits"
                onClick={(e) => {
                  e.preventDefault();
                  onClose();
                  void router.navigate({ href: "/credits" });
                }}
                className="rounded-md font-semibold text-amber-900 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-amber-700"
              >
                {t("buyImages")}
              </a>
            )}
          </div>
        )}

        {error && (view === "pick" || view === "camera") && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        )}

        {view === "pick" && (
          <PickView
            items={items}
            preparing={preparing}
            onCamera={() => {
              setError(null);
              setView("camera");
            }}
            onGallery={() => inputRef.current?.click()}
            onRemove={remove}
          />
        )}

        {view === "camera" && <CameraCapture onCapture={(photo) => void onCapture(photo)} onCancel={() => setView("pick")} />}

        {(view === "camera" || (view === "pick" && single)) && <ModelSwitch checked={includeModel} onChange={setIncludeModel} />}

        {view === "pick" && items.length > 0 && (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant={single ? "secondary" : "primary"}
              onClick={() => void startUpload()}
              busy={upload.isPending}
              disabled={preparing}
            >
              {uploadLabel(items.length)}
            </Button>
            {single && (
              <Button onClick={() => void startGeneration(single)} disabled={preparing || upload.isPending}>
                <SparklesIcon />
                {t("generateOne")}
              </Button>
            )}
          </div>
        )}

        {view === "generating" && <GeneratingView preview={single?.previewUrl} />}

        {view === "result" && result && (
          <ResultView
            result={result}
            onAnother={() => {
              reset();
            }}
            onDone={onClose}
          />
        )}

        <input
          ref={inputRef}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          tabIndex={-1}
          aria-label={t("chooseFromGallery")}
          data-testid="add-product-files"
          onChange={onFilesChosen}
        />
      </div>
    </Dialog>
  );
}

function PickView({
  items,
  preparing,
  onCamera,
  onGallery,
  onRemove,
}: {
  items: Picked[];
  preparing: boolean;
  onCamera: () => void;
  onGallery: () => void;
  onRemove: (id: string) => void;
}) {
  const hintId = useId();
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <SourceButton onClick={onCamera} icon={<CameraIcon />} label={t("useCamera")} describedBy={hintId} />
        <SourceButton onClick={onGallery} icon={<PhotoIcon />} label={t("gallery")} describedBy={hintId} />
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        {t("pickHint", { max: String(MAX_FILES_PER_UPLOAD) })}
      </p>

      {preparing && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> {t("preparingImages")}
        </p>
      )}

      {items.length === 0 && !preparing && (
        <div className="rounded-xl border-2 border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">{t("noImageYet")}</div>
      )}

      {items.length > 0 && (
        <ul aria-label={t("chosenImages")} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {items.map((item) => (
            <li key={item.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
              <div className="relative">
                <img src={item.previewUrl} alt={item.file.name} className="aspect-square w-full bg-slate-100 object-cover" />
                <button
                  type="button"
                  onClick={() => onRemove(item.id)}
                  aria-label={t("removeImage", { name: item.file.name })}
                  className="absolute top-1.5 right-1.5 rounded-full bg-white/90 p-1.5 text-slate-700 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <CloseIcon className="size-4" />
                </button>
              </div>
              <div className="space-y-1 p-2 text-xs">
                <p className="truncate font-medium text-slate-800" title={item.file.name}>
                  {item.file.name}
                </p>
                <p className="text-slate-600" data-testid="file-size">
                  {formatFileSize(item.file.size)}
                  {item.compressed && (
                    <span className="text-slate-500"> {t("sizeBefore", { size: formatFileSize(item.originalSize) })}</span>
                  )}
                </p>
                {item.compressed && (
                  <span className="inline-block rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-800">
                    {t("compressed")}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function SourceButton({
  onClick,
  icon,
  label,
  describedBy,
}: {
  onClick: () => void;
  icon: React.ReactNode;
  label: string;
  describedBy: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-describedby={describedBy}
      className="flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-slate-200 bg-slate-50 px-3 py-5 text-sm font-semibold text-slate-800 hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <span className="text-brand-700">{icon}</span>
      {label}
    </button>
  );
}

function ModelSwitch({ checked, onChange }: { checked: boolean; onChange: (value: boolean) => void }) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl bg-slate-50 p-3">
      <div>
        <p id={labelId} className="text-sm font-semibold text-slate-800">
          {t("withModel")}
        </p>
        <p id={hintId} className="text-xs text-slate-600">
          {checked ? t("withModelOn") : t("withModelOff")}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${checked ? "bg-brand-700" : "bg-slate-300"}`}
      >
        <span
          aria-hidden
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-6" : "translate-x-1"}`}
        />
      </button>
    </div>
  );
}

function GeneratingView({ preview }: { preview: string | undefined }) {
  return (
    <div className="space-y-4">
      <div className="relative overflow-hidden rounded-xl bg-slate-100">
        {preview ? (
          <img src={preview} alt={t("originalPhoto")} className="mx-auto max-h-80 w-full object-contain opacity-60" />
        ) : (
          <div className="aspect-video" />
        )}
        <div className="absolute inset-0 grid place-items-center">
          <div
            role="status"
            aria-live="polite"
            className="flex items-center gap-2 rounded-full bg-white/95 px-4 py-2 font-semibold text-brand-800 shadow"
          >
            <Spinner className="size-4" />
            {t("generatingImage")}
          </div>
        </div>
      </div>
      <div role="progressbar" aria-label={t("generationProgress")} className="h-2 overflow-hidden rounded-full bg-brand-100">
        <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-600" />
      </div>
      <p className="text-center text-sm text-slate-600">{t("mayTakeAMinute")}</p>
    </div>
  );
}

function ResultView({ result, onAnother, onDone }: { result: Result; onAnother: () => void; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        <figure className="space-y-1">
          <img src={result.before} alt={t("originalPhoto")} className="aspect-square w-full rounded-xl bg-slate-100 object-contain" />
          <figcaption className="text-center text-sm font-medium text-slate-600">{t("before")}</figcaption>
        </figure>
        <figure className="space-y-1">
          <img src={result.after} alt={t("generatedImage")} className="aspect-square w-full rounded-xl bg-slate-100 object-contain" />
          <figcaption className="text-center text-sm font-medium text-slate-600">{t("after")}</figcaption>
        </figure>
      </div>
      {result.productName && (
        <p className="text-sm text-slate-600">
          {t("createdProductBefore")} <strong className="text-slate-900">{result.productName}</strong>
          {t("createdProductAfter")}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onAnother}>
          {t("addAnother")}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t("done")}
        </Button>
        <DownloadButton url={result.after} productName={result.productName} variant="primary" />
      </div>
    </div>
  );
}

function PhotoIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={1.8}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path strokeLinejoin="round" d="m21 16-5-5-9 9" />
    </svg>
  );
}

function SparklesIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={1.8}>
      <path strokeLinejoin="round" d="M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8L12 3Z" />
      <path strokeLinecap="round" d="M19 15v4m-2-2h4" />
    </svg>
  );
}
