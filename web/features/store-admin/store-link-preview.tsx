import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { slugFromStoreName, storeLinkPreview } from "../../../common/store";
import { slugPreviewQuery } from "./store-queries";

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The live address under the store name: the name lowercased, letters and
 * digits only, at most 20 ('...' while empty). When another store already has
 * it, the seller sees the link they will really get, before saving.
 */
export function StoreLinkPreview({ name, currentUsername }: { name: string; currentUsername: string | null }) {
  const slug = slugFromStoreName(name);
  const asked = useDebounced(name, 300);
  const askedSlug = slugFromStoreName(asked);
  const preview = useQuery({ ...slugPreviewQuery(asked), enabled: askedSlug !== "" });
  const settled = askedSlug === slug && preview.data?.slug === slug;
  const username = settled && preview.data?.username ? preview.data.username : slug;
  const host = window.location.host;
  return (
    <div className="mt-2 space-y-1 text-sm" aria-live="polite">
      <p className="text-slate-600">
        Tu enlace:{" "}
        <span className="font-mono font-medium break-all text-brand-700" data-testid="store-link-preview">
          {storeLinkPreview(host, username)}
        </span>
      </p>
      {settled && preview.data?.taken && (
        <p className="text-amber-800" data-testid="store-link-taken">
          Otra tienda ya usa {storeLinkPreview(host, slug)}: la tuya va a estar en {storeLinkPreview(host, username)}.
        </p>
      )}
      {settled && currentUsername && username && username !== currentUsername && (
        <p className="text-amber-800">
          Tu enlace va a cambiar: {storeLinkPreview(host, currentUsername)} dejará de funcionar.
        </p>
      )}
    </div>
  );
}
