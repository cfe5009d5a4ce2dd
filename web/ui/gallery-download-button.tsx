import { useState, type ReactNode } from "react";
import { downloadImageWithToast, generatedBaseName } from "../lib/download";
import { Button } from "./button";
import { t } from "./texts";

/** Saves a generated image as generated_{name}_{time}.{ext}, busy while it downloads. */
export function useDownload() {
  const [busy, setBusy] = useState(false);
  async function download(url: string, productName: string | null | undefined) {
    if (busy) return;
    setBusy(true);
    try {
      await downloadImageWithToast(url, generatedBaseName(productName || "producto", Date.now()));
    } finally {
      setBusy(false);
    }
  }
  return { busy, download };
}

export function DownloadButton({
  url,
  productName,
  label,
  variant = "secondary",
  className,
}: {
  url: string;
  productName: string | null | undefined;
  label?: ReactNode;
  variant?: "primary" | "secondary";
  className?: string;
}) {
  const { busy, download } = useDownload();
  return (
    <Button variant={variant} busy={busy} onClick={() => void download(url, productName)} className={className}>
      {!busy && <DownloadIcon />}
      {label ?? t("download")}
    </Button>
  );
}

export function DownloadIcon({ className = "size-5" }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth={1.8}>
      <path strokeLinecap="round" strokeLinejoin="round" d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" />
    </svg>
  );
}
