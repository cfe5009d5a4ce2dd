import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "../../ui/button";
import { t } from "./texts";

type CameraState = "off" | "starting" | "on" | "capturing" | "denied" | "unavailable" | "unsupported";

/** Spec section 9: quality 0.9, ideal 1280×720, rear camera. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: "environment", width: { ideal: 1280 }, height: { ideal: 720 } },
};
const CAPTURE_QUALITY = 0.9;

function cameraSupported() {
  return typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";
}

function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * The add dialog's camera: off → on (live preview) → capturing, or denied.
 * A capture stops the camera and hands the photo to `onCapture`, which
 * starts the generation at once (spec section 4).
 */
export function CameraCapture({ onCapture, onCancel }: { onCapture: (photo: File) => void; onCancel: () => void }) {
  const [state, setState] = useState<CameraState>(() => (cameraSupported() ? "off" : "unsupported"));
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);

  const release = useCallback(() => {
    stopStream(streamRef.current);
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  // The camera light must go off when the dialog closes or this view is left.
  useEffect(() => release, [release]);

  async function start() {
    if (!cameraSupported()) {
      setState("unsupported");
      return;
    }
    setState("starting");
    try {
      const stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
      streamRef.current = stream;
      setState("on");
    } catch (err) {
      const name = err instanceof DOMException ? err.name : "";
      setState(name === "NotAllowedError" || name === "SecurityError" ? "denied" : "unavailable");
    }
  }

  // The <video> only exists once the state is "on", so the stream is attached after that render.
  useEffect(() => {
    const video = videoRef.current;
    if (state !== "on" || !video || !streamRef.current) return;
    if (video.srcObject !== streamRef.current) {
      video.srcObject = streamRef.current;
      void video.play().catch(() => undefined);
    }
  }, [state]);

  async function capture() {
    const video = videoRef.current;
    if (!video?.videoWidth) return;
    setState("capturing");
    const canvas = document.createElement("canvas");
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", CAPTURE_QUALITY));
    release();
    if (!blob) {
      setState("unavailable");
      return;
    }
    onCapture(new File([blob], `camara-${Date.now()}.jpg`, { type: "image/jpeg" }));
  }

  function cancel() {
    release();
    onCancel();
  }

  return (
    <div className="space-y-4">
      {state === "unsupported" && (
        <p role="alert" className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900">
          {t("cameraUnsupported")} {t("cameraUseGallery")}
        </p>
      )}

      {state === "denied" && (
        <div role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">{t("cameraDeniedTitle")}</p>
          <p className="mt-1">{t("cameraDeniedHelp")}</p>
        </div>
      )}

      {state === "unavailable" && (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-900">
          {t("cameraUnavailable")}
        </p>
      )}

      {(state === "on" || state === "capturing") && (
        <div className="relative overflow-hidden rounded-xl bg-slate-900">
          <video ref={videoRef} autoPlay playsInline muted aria-label={t("cameraPreview")} className="aspect-video w-full object-cover" />
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        {(state === "off" || state === "starting") && (
          <Button onClick={start} busy={state === "starting"}>
            <CameraIcon />
            {t("startCamera")}
          </Button>
        )}
        {(state === "denied" || state === "unavailable") && <Button onClick={start}>{t("retry")}</Button>}
        {(state === "on" || state === "capturing") && (
          <Button onClick={capture} busy={state === "capturing"}>
            <CameraIcon />
            {t("takePhoto")}
          </Button>
        )}
        <Button variant="secondary" onClick={cancel}>
          {t("back")}
        </Button>
      </div>
    </div>
  );
}

export function CameraIcon() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={1.8}>
      <path
        strokeLinejoin="round"
        d="M3 8.5A1.5 1.5 0 0 1 4.5 7h2.6l1.4-2h7l1.4 2h2.6A1.5 1.5 0 0 1 21 8.5v10a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5v-10Z"
      />
      <circle cx="12" cy="13.5" r="3.5" />
    </svg>
  );
}
