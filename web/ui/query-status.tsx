import type { UseQueryResult } from "@tanstack/react-query";
import { Button } from "./button";
import { Spinner } from "./spinner";
import { t } from "./texts";

/** A settings card's loading and error states: 'Cargando…' while the first read is on, its reason and 'Reintentar' when it failed. */
export function QueryStatus({ query }: { query: Pick<UseQueryResult, "isPending" | "isError" | "error" | "isFetching" | "refetch"> }) {
  if (query.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-slate-600">
        <Spinner className="size-4 text-brand-600" /> {t("loading")}
      </p>
    );
  if (!query.isError) return null;
  return (
    <div role="alert" className="text-sm text-red-700">
      <p>{query.error?.message}</p>
      <Button variant="secondary" className="mt-2 px-3 py-1.5" busy={query.isFetching} onClick={() => void query.refetch()}>
        {t("retry")}
      </Button>
    </div>
  );
}
