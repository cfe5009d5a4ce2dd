import { useQuery } from "@tanstack/react-query";
import { mailtoUrl, supportWhatsappLabel, whatsappUrl, type PublicConfig } from "../../lib/config";
import { priceClaimsQuery } from "../../lib/payment-queries";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { t } from "./texts";

interface Props {
  open: boolean;
  onClose: () => void;
  onShowTutorial: () => void;
  config: PublicConfig;
}

const CHANNEL =
  "flex items-center gap-3 rounded-xl border border-slate-200 p-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600";

/** The questions a seller asks in the first hour, answered from what the app really does. */
export function faq(storePlan: string): { q: string; a: string }[] {
  return (["Cost", "Fail", "Publish", "Orders", "Fees", "Share"] as const).map((topic) => ({
    q: t(`faq${topic}Q`),
    a: t(`faq${topic}A`, { price: storePlan }),
  }));
}

/**
 * 'Ayuda': a short FAQ, contact by e-mail and WhatsApp as configured (a channel not configured is not
 * offered), and the tutorial. The FAQ is always there, so a site with no contact channel still helps.
 */
export function HelpDialog({ open, onClose, onShowTutorial, config }: Props) {
  const { supportEmail, supportWhatsapp } = config;
  const claims = useQuery(priceClaimsQuery).data!;
  return (
    <Dialog open={open} onClose={onClose} title={t("help")}>
      <h3 className="font-semibold">{t("faqTitle")}</h3>
      <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200" data-testid="faq">
        {faq(claims.storePlan).map(({ q, a }) => (
          <li key={q}>
            <details className="group">
              <summary className="flex min-h-11 cursor-pointer items-center px-4 py-2 text-sm font-medium text-slate-900 marker:text-brand-700">
                {q}
              </summary>
              <p className="px-4 pb-3 text-sm text-slate-700">{a}</p>
            </details>
          </li>
        ))}
      </ul>
      <p className="mt-5 text-sm text-slate-600">{t("helpMore")}</p>
      <ul className="mt-4 space-y-3">
        {supportEmail && (
          <li>
            <a href={mailtoUrl(supportEmail, t("helpMailSubject"))} className={CHANNEL}>
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-700">
                <svg
                  aria-hidden
                  viewBox="0 0 24 24"
                  className="size-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d="M4 6h16v12H4V6Zm0 0 8 7 8-7" />
                </svg>
              </span>
              <span>
                <span className="block font-semibold text-slate-900">{t("helpMail")}</span>
                <span className="block text-sm text-slate-600">{supportEmail}</span>
              </span>
            </a>
          </li>
        )}
        {supportWhatsapp && (
          <li>
            <a href={whatsappUrl(supportWhatsapp, t("helpWhatsappMessage"))} target="_blank" rel="noopener noreferrer" className={CHANNEL}>
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700">
                <svg
                  aria-hidden
                  viewBox="0 0 24 24"
                  className="size-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d="M4 20l1.3-4A8 8 0 1 1 8 18.7L4 20Z" />
                </svg>
              </span>
              <span>
                <span className="block font-semibold text-slate-900">{t("helpWhatsapp")}</span>
                <span className="block text-sm text-slate-600">
                  {supportWhatsappLabel(config)}
                  <span className="sr-only">{t("opensInNewTab")}</span>
                </span>
              </span>
            </a>
          </li>
        )}
        {!supportEmail && !supportWhatsapp && <li className="rounded-xl bg-slate-100 p-4 text-sm text-slate-700">{t("helpNoChannel")}</li>}
      </ul>
      <div className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">{t("helpFirstTime")}</p>
        <Button variant="secondary" onClick={onShowTutorial}>
          {t("helpShowTutorial")}
        </Button>
      </div>
    </Dialog>
  );
}
