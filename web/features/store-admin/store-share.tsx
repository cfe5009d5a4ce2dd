import { storePath } from "../../../common/store";

/**
 * The store's QR code to print (served by the Worker at /u/<user>/qr.svg) and
 * its catalogue feed (/u/<user>/feed.xml) for Meta and Google, in two steps.
 */
export function StoreShareCard({ username }: { username: string }) {
  const qr = `${storePath(username)}/qr.svg`;
  const feed = `${window.location.origin}${storePath(username)}/feed.xml`;
  return (
    <section aria-labelledby="store-share-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="store-share-title" className="text-lg font-semibold">
        Código QR y catálogo
      </h2>
      <div className="mt-4 grid gap-6 sm:grid-cols-[10rem_1fr]">
        <div className="space-y-2">
          <img
            src={qr}
            alt={`Código QR de ${storePath(username)}`}
            width={160}
            height={160}
            className="size-40 rounded-lg border border-slate-200 bg-white"
          />
          <a
            href={`${qr}?descargar`}
            download={`qr-${username}.svg`}
            className="inline-flex min-h-11 w-40 items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Descargar QR
          </a>
          <p className="text-xs text-slate-600">Imprímelo para tu local o tus bolsas: abre tu tienda con la cámara.</p>
        </div>
        <div className="min-w-0 text-sm text-slate-700">
          <h3 className="font-semibold text-slate-900">Tu catálogo en Instagram, Facebook, WhatsApp y Google</h3>
          <ol className="mt-2 list-decimal space-y-2 pl-5">
            <li>
              Copia el enlace de tu catálogo:{" "}
              <input
                readOnly
                value={feed}
                aria-label="Enlace del catálogo"
                onFocus={(e) => e.currentTarget.select()}
                className="mt-1 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-1.5 font-mono text-xs"
              />
            </li>
            <li>
              Pégalo como feed programado con actualización diaria: en Meta Commerce Manager, en Catálogo → Orígenes de datos → Feed de
              datos; en Google Merchant Center, en Productos → Agregar productos → Archivo desde una URL.
            </li>
          </ol>
          <p className="mt-2 text-xs text-slate-600">Solo entran los productos con precio e imagen; cada talle va como variante.</p>
        </div>
      </div>
    </section>
  );
}
