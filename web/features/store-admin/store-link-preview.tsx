import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { slugFromStoreName, slugText, storeLinkPreview } from "../../../common/store";
import { slugPreviewQuery } from "./store-queries";
import { t } from "./texts";

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The store's link, as the seller will get it. A new store's link follows the
 * name until the seller edits it; a saved store keeps its own. The server says
 * whether it is free; when it is taken or one of the app's words, the seller
 * is told so and picks one of the free links it suggests. Nothing is changed
 * behind the seller's back.
 */
export function useStoreLink(name: string, saved: string | null) {
  const [typed, setTyped] = useState<string | null>(saved);
  const link = typed ?? slugFromStoreName(name);
  const asked = useDebounced(link, 300);
  const preview = useQuery({ ...slugPreviewQuery(asked), enabled: asked !== "" });
  const settled = asked === link && preview.data?.slug === link;
  return {
    link,
    setLink: (value: string) => setTyped(slugText(value)),
    settled,
    available: settled && !!preview.data?.available,
    error: settled ? (preview.data?.error ?? null) : null,
    suggestions: settled ? (preview.data?.suggestions ?? []) : [],
  };
}

export type StoreLinkState = ReturnType<typeof useStoreLink>;

export function StoreLinkField({ state, currentUsername }: { state: StoreLinkState; currentUsername: string | null }) {
  const id = useId();
  const host = window.location.host;
  return (
    <div className="mt-3 space-y-1 text-sm" aria-live="polite">
      <label htmlFor={id} className="font-medium text-slate-700">
        {t("storeLinkLabel")}
      </label>
      <div className="flex items-center rounded-lg border border-slate-300 focus-within:outline-2 focus-within:outline-brand-600">
        <span className="shrink-0 pl-3 text-slate-500">{host}/u/</span>
        <input
          id={id}
          value={state.link}
          maxLength={40}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          data-testid="store-link-input"
          onChange={(e) => state.setLink(e.target.value)}
          className="min-h-11 w-full min-w-0 rounded-r-lg py-2 pr-3 font-mono outline-none"
        />
      </div>
      <p className="text-slate-600">
        {t("yourLink")}{" "}
        <span className="font-mono font-medium break-all text-brand-700" data-testid="store-link-preview">
          {storeLinkPreview(host, state.link)}
        </span>
        {state.available && <span className="ml-1 text-green-700">{t("linkAvailable")}</span>}
      </p>
      {state.error && (
        <p className="text-amber-800" data-testid="store-link-taken">
          {state.error}
        </p>
      )}
      {state.suggestions.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-slate-600">{t("freeLinks")}</span>
          {state.suggestions.map((s) => (
            <button
              key={s}
              type="button"
              data-testid="store-link-suggestion"
              onClick={() => state.setLink(s)}
              className="min-h-11 rounded-full border border-brand-600 px-3 font-mono text-brand-700 hover:bg-brand-50"
            >
              {s}
            </button>
          ))}
        </div>
      )}
      {currentUsername && state.link && state.link !== currentUsername && (
        <p className="text-amber-800">{t("linkWillChange", { link: storeLinkPreview(host, currentUsername) })}</p>
      )}
    </div>
  );
}
