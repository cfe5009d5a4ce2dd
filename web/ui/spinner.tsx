import { t } from "./texts";
export function Spinner({ className = "size-5" }: { className?: string }) {
  return (
    <span
      role="status"
      aria-label={t("spinner")}
      className={`inline-block animate-spin rounded-full border-2 border-current border-t-transparent ${className}`}
    />
  );
}

export function FullPageSpinner() {
  return (
    <div className="grid min-h-screen place-items-center text-brand-600">
      <Spinner className="size-10" />
    </div>
  );
}
