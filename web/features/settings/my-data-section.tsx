import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type ChangeEvent } from "react";
import toast from "react-hot-toast";
import { Spinner } from "../../ui/spinner";
import { api, ApiFailure, unwrap } from "../../lib/api";
import { importSummary } from "./import-summary";

const latestExport = {
  queryKey: ["data-export", "latest"] as const,
  queryFn: () => unwrap(api.data.exports.latest.$get(), "No pudimos ver el estado de tu descarga."),
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
        Tus datos
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
    mutationFn: () => unwrap(api.data.exports.$post(), "No pudimos preparar tus datos. Intenta de nuevo."),
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
      <p className="text-sm text-slate-600">
        Un archivo ZIP con tu catálogo (en las columnas que importa Tiendanube), tus fotos y las imágenes generadas, tus pedidos y tu
        historial de créditos. Te avisamos por correo cuando esté listo.
      </p>
      <button
        type="button"
        onClick={() => ask.mutate()}
        disabled={Boolean(building)}
        className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
      >
        {building && <Spinner className="size-4" />}
        Descargar mis datos
      </button>
      <div aria-live="polite" className="mt-3 text-sm">
        {latest.isPending && <p className="text-slate-600">Buscando tu última descarga…</p>}
        {latest.isError && (
          <p className="text-red-700">
            {latest.error.message}{" "}
            <button type="button" onClick={() => latest.refetch()} className="min-h-11 font-semibold underline">
              Reintentar
            </button>
          </p>
        )}
        {current?.state === "building" && <p className="text-slate-600">Estamos preparando tu archivo. Puedes seguir usando Vidriera.</p>}
        {current?.state === "failed" && !ask.isPending && (
          <p className="text-red-700">No pudimos preparar tu archivo. Pídelo de nuevo con el botón «Descargar mis datos».</p>
        )}
        {current?.state === "ready" && current.url && (
          <p className="text-slate-700">
            Tu archivo está listo.{" "}
            <a href={current.url} download className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
              Descargar el archivo ZIP
            </a>{" "}
            (el enlace vale 7 días y solo funciona con tu sesión).
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
    mutationFn: (csv: string) => unwrap(api.data.import.$post({ json: { csv } }), "No pudimos importar el archivo."),
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
      toast.error("El archivo es demasiado grande: importa hasta 2 MB por vez.");
      return;
    }
    importCsv.mutate(await file.text());
  }

  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="font-medium">Importar catálogo</h3>
      <p className="mt-1 text-sm text-slate-600">
        Elige un CSV con las columnas de Tiendanube (el de tu descarga sirve). Un producto que ya tienes, con el mismo Identificador de URL,
        se actualiza en vez de duplicarse. Si alguna línea tiene un error, no se importa nada y te decimos cuál corregir.
      </p>
      <label className="mt-3 inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-700">
        {importCsv.isPending && <Spinner className="size-4" />}
        Elegir archivo CSV
        <input type="file" accept=".csv,text/csv" className="sr-only" onChange={chosen} disabled={importCsv.isPending} />
      </label>
      <p role="status" className="mt-3 text-sm font-medium text-green-800 empty:hidden" data-testid="import-done">
        {imported}
      </p>
      {errors.length > 0 && (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-red-700">
          {errors.map((e) => (
            <li key={`${e.line}-${e.message}`}>
              Línea {e.line}: {e.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
