import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type ChangeEvent } from "react";
import toast from "react-hot-toast";
import { Spinner } from "../../ui/spinner";
import { api, ApiFailure, unwrap } from "../../lib/api";
import { importSummary } from "./import-summary";
import { t } from "./texts";

const latestExport = {
  queryKey: ["data-export", "latest"] as const,
  queryFn: () => unwrap(api.data.exports.latest.$get(), t("exportStatusFailed")),
};

const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * 'Tus datos': the ZIP with the catalogue (in the columns Tiendanube imports), the photos, the orders and the
 * credits history, built in the background and linked here and by e-mail; and a catalogue CSV imported back.
 */
export function MyDataSection() {
  return (
    <section aria-labelledby="tus-datos" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="tus-datos" className="font-semibold">
        {t("myDataTitle")}
      </h2>
      <ExportPart />
      <ImportPart />
    </section>
  );
}

function ExportPart() {
  const queryClient = useQueryClient();
  const latest = useQuery({
    ...latestExport,
    // While the ZIP is being built, ask again every two seconds; once it is ready, stop.
    refetchInterval: (query) => (query.state.data?.export?.state === "building" ? 2000 : false),
  });
  // The export asked for on this visit: once it is ready the browser downloads it, as 'Descargar' promised.
  const [awaited, setAwaited] = useState<string | null>(null);
  const ask = useMutation({
    mutationFn: () => unwrap(api.data.exports.$post(), t("exportFailed")),
    onSuccess: ({ export: started }) => {
      setAwaited(started.id);
      return queryClient.invalidateQueries({ queryKey: latestExport.queryKey });
    },
    onError: (err) => toast.error(err.message),
  });
  const current = latest.data?.export;
  const building = ask.isPending || current?.state === "building";
  const readyUrl = current?.state === "ready" && current.id === awaited ? current.url : null;
  useEffect(() => {
    if (!readyUrl) return;
    setAwaited(null);
    const link = document.createElement("a");
    link.href = readyUrl;
    link.download = "";
    link.click();
  }, [readyUrl]);
  return (
    <div className="mt-1">
      <p className="text-sm text-slate-600">{t("exportWhat")}</p>
      <button
        type="button"
        onClick={() => ask.mutate()}
        disabled={Boolean(building)}
        className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
      >
        {building && <Spinner className="size-4" />}
        {t("exportButton")}
      </button>
      <div aria-live="polite" className="mt-3 text-sm">
        {latest.isPending && <p className="text-slate-600">{t("exportLooking")}</p>}
        {latest.isError && (
          <p className="text-red-700">
            {latest.error.message}{" "}
            <button type="button" onClick={() => latest.refetch()} className="min-h-11 font-semibold underline">
              {t("retry")}
            </button>
          </p>
        )}
        {current?.state === "building" && <p className="text-slate-600">{t("exportBuilding")}</p>}
        {current?.state === "failed" && !ask.isPending && <p className="text-red-700">{t("exportBuildFailed")}</p>}
        {current?.state === "ready" && current.url && (
          <p className="text-slate-700">
            {t("exportReady")}{" "}
            <a href={current.url} download className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
              {t("exportDownload")}
            </a>{" "}
            {t("exportLinkTerms")}
          </p>
        )}
      </div>
    </div>
  );
}

function ImportPart() {
  const [errors, setErrors] = useState<{ line: number; message: string }[]>([]);
  // Said where the file was chosen, and kept there: a toast had gone before a seller looked back at it.
  const [imported, setImported] = useState<string | null>(null);
  const importCsv = useMutation({
    mutationFn: (csv: string) => unwrap(api.data.import.$post({ json: { csv } }), t("importFailed")),
    onMutate: () => setImported(null),
    onSuccess: (answer) => {
      setErrors([]);
      setImported(importSummary(answer));
    },
    onError: (err) => {
      const listed = err instanceof ApiFailure && Array.isArray(err.details?.errors) ? (err.details.errors as typeof errors) : [];
      setErrors(listed);
      toast.error(err.message);
    },
  });

  async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      toast.error(t("importTooLarge"));
      return;
    }
    importCsv.mutate(await file.text());
  }

  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="font-medium">{t("importTitle")}</h3>
      <p className="mt-1 text-sm text-slate-600">{t("importHelp")}</p>
      <label className="mt-3 inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-700">
        {importCsv.isPending && <Spinner className="size-4" />}
        {t("importChoose")}
        <input type="file" accept=".csv,text/csv" className="sr-only" onChange={chosen} disabled={importCsv.isPending} />
      </label>
      <p role="status" className="mt-3 text-sm font-medium text-green-800 empty:hidden" data-testid="import-done">
        {imported}
      </p>
      {errors.length > 0 && (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-red-700">
          {errors.map((e) => (
            <li key={`${e.line}-${e.message}`}>{t("importLineError", { line: e.line, message: e.message })}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
