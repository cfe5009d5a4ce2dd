import toast from "react-hot-toast";
import { storePath } from "../../../common/store";
import { instagramCopied, instagramText, whatsappShareUrl } from "../../lib/share-texts";
import { useSession } from "../../lib/session";
import { publicStoreLink } from "../../lib/store-link";
import { t } from "./texts";

const ACTION =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * What a store without visits can do to get its first ones: share the link where
 * its shoppers are. Each link carries its `?ref=`, so the visits it brings show
 * under WhatsApp, Instagram or the QR code.
 */
export function FirstVisits({ username }: { username: string }) {
  const user = useSession().user;
  const storeName = user?.name || username;
  // In the store's shoppers' language: they are the ones who read it.
  const locale = user?.storeMoney.locale ?? "es-AR";
  const whatsapp = whatsappShareUrl(storeName, publicStoreLink(username, undefined, "whatsapp").url, locale);

  async function copyForInstagram() {
    try {
      await navigator.clipboard.writeText(instagramText(storeName, publicStoreLink(username, undefined, "instagram").url, locale));
      toast.success(instagramCopied());
    } catch {
      toast.error(t("copyFailed"));
    }
  }

  return (
    <section aria-labelledby="first-visits-title" className="rounded-2xl border-2 border-dashed border-brand-200 bg-brand-50/40 p-5">
      <h2 id="first-visits-title" className="text-lg font-semibold">
        {t("firstVisitsTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("firstVisitsHint")}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href={whatsapp} target="_blank" rel="noopener" className={`${ACTION} bg-emerald-600 text-white hover:bg-emerald-700`}>
          {t("shareWhatsapp")}
        </a>
        <button type="button" onClick={() => void copyForInstagram()} className={`${ACTION} bg-brand-700 text-white hover:bg-brand-800`}>
          {t("copyInstagram")}
        </button>
        <a
          href={`${storePath(username)}/qr.png?descargar`}
          download={`qr-${username}.png`}
          className={`${ACTION} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          {t("downloadQr")}
        </a>
      </div>
    </section>
  );
}
