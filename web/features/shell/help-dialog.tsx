import { mailtoUrl, supportWhatsappLabel, whatsappUrl, type PublicConfig } from "../../lib/config";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";

interface Props {
  open: boolean;
  onClose: () => void;
  onShowTutorial: () => void;
  config: PublicConfig;
}

const CHANNEL =
  "flex items-center gap-3 rounded-xl border border-slate-200 p-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600";

/** 'Ayuda': contact by e-mail and WhatsApp as configured (a channel not configured is not offered), and the tutorial. */
export function HelpDialog({ open, onClose, onShowTutorial, config }: Props) {
  const { supportEmail, supportWhatsapp } = config;
  return (
    <Dialog open={open} onClose={onClose} title="Ayuda">
      <p className="text-sm text-slate-600">¿Tienes dudas o algún problema? Escríbenos y te respondemos lo antes posible.</p>
      <ul className="mt-4 space-y-3">
        {supportEmail && (
          <li>
            <a href={mailtoUrl(supportEmail, "Ayuda con Vidriera")} className={CHANNEL}>
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
                <span className="block font-semibold text-slate-900">Escríbenos por e-mail</span>
                <span className="block text-sm text-slate-600">{supportEmail}</span>
              </span>
            </a>
          </li>
        )}
        {supportWhatsapp && (
          <li>
            <a
              href={whatsappUrl(supportWhatsapp, "Hola, necesito ayuda con Vidriera.")}
              target="_blank"
              rel="noopener noreferrer"
              className={CHANNEL}
            >
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
                <span className="block font-semibold text-slate-900">Escríbenos por WhatsApp</span>
                <span className="block text-sm text-slate-600">
                  {supportWhatsappLabel(config)}
                  <span className="sr-only"> (se abre en otra pestaña)</span>
                </span>
              </span>
            </a>
          </li>
        )}
        {!supportEmail && !supportWhatsapp && (
          <li className="rounded-xl bg-slate-100 p-4 text-sm text-slate-700">
            Por ahora no hay un canal de contacto disponible. Vuelve a intentar más tarde.
          </li>
        )}
      </ul>
      <div className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">¿Primera vez? Repasa cómo funciona en cuatro pasos.</p>
        <Button variant="secondary" onClick={onShowTutorial}>
          Ver tutorial
        </Button>
      </div>
    </Dialog>
  );
}
