import toast from "react-hot-toast";
import { storePath } from "../../../common/store";
import { publicStoreLink } from "../../lib/store-link";
import { instagramText, whatsappShareUrl } from "../../lib/share-texts";
import { useSellerExamples } from "./seller-examples";
import { t } from "./texts";

const ACTION =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2";

/**
 * Where sellers share: 'Compartir en WhatsApp' and 'Copiar para Instagram'
 * with the store's address written in, the QR code as a PNG (what phone
 * galleries and WhatsApp show, at print size) and as an SVG for a print shop,
 * and the catalogue feed (/u/<user>/feed.xml) for Meta and Google. The shared texts are in the
 * store's shoppers' language (`locale`), since shoppers read them.
 */
export function StoreShareCard({ username, storeName, locale }: { username: string; storeName: string; locale: string }) {
  const qr = `${storePath(username)}/qr`;
  const url = publicStoreLink(username).url;
  const feed = `${window.location.origin}${storePath(username)}/feed.xml`;
  const { sizes } = useSellerExamples();

  async function copyForInstagram() {
    try {
      await navigator.clipboard.writeText(instagramText(storeName, publicStoreLink(username, undefined, "instagram").url, locale));
      toast.success(t("instagramCopied"));
    } catch {
      toast.error(t("textCopyFailed"));
    }
  }

  return (
    <section aria-labelledby="store-share-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="store-share-title" className="text-lg font-semibold">
        {t("shareTitle")}
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={whatsappShareUrl(storeName, publicStoreLink(username, undefined, "whatsapp").url, locale)}
          target="_blank"
          rel="noopener"
          className={`${ACTION} bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:outline-emerald-700`}
        >
          {t("shareOnWhatsapp")}
          <span className="sr-only"> {t("opensInNewTab")}</span>
        </a>
        <button
          type="button"
          onClick={() => void copyForInstagram()}
          className={`${ACTION} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-brand-600`}
        >
          {t("copyForInstagram")}
        </button>
      </div>
      <div className="mt-5 grid gap-6 sm:grid-cols-[10rem_1fr]">
        <div className="space-y-2">
          <img
            src={`${qr}.png`}
            alt={t("qrAlt", { link: url.replace(/^https?:\/\//, "") })}
            width={160}
            height={160}
            className="size-40 rounded-lg border border-slate-200 bg-white"
          />
          <a
            href={`${qr}.png?descargar`}
            download={`qr-${username}.png`}
            className={`${ACTION} w-40 bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700`}
          >
            {t("downloadQr")}
          </a>
          <p className="text-xs text-slate-600">
            {t("qrText")}{" "}
            <a
              href={`${qr}.svg?descargar`}
              download={`qr-${username}.svg`}
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
            >
              {t("svgForPrint")}
            </a>
          </p>
        </div>
        <div className="min-w-0 text-sm text-slate-700">
          <h3 className="font-semibold text-slate-900">{t("catalogueTitle")}</h3>
          <ol className="mt-2 list-decimal space-y-2 pl-5">
            <li>
              {t("copyCatalogueLink")}{" "}
              <input
                readOnly
                value={feed}
                aria-label={t("catalogueLink")}
                onFocus={(e) => e.currentTarget.select()}
                className="mt-1 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-1.5 font-mono text-xs"
              />
            </li>
            <li>{t("pasteFeed")}</li>
          </ol>
          <p className="mt-2 text-xs text-slate-600">{t("feedIncludes", { sizes })}</p>
        </div>
      </div>
    </section>
  );
}
