import { useQuery } from "@tanstack/react-query";
import { mailtoUrl, supportWhatsappLabel, whatsappUrl, type PublicConfig } from "../../lib/config";
import { priceClaimsQuery } from "../../lib/payment-queries";
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

/** The questions a seller asks in the first hour, answered from what the app really does. */
export function faq(storePlan: string): { q: string; a: string }[] {
  return [
    {
      q: "¿Cuánto cuesta cada foto?",
      a: "Cada imagen que generas o modificas usa 1 imagen de tu saldo (la Calidad Pro, 2). Empiezas con 10 gratis y después compras packs en 'Comprar imágenes'.",
    },
    {
      q: "¿Y si una imagen sale mal o falla?",
      a: "Si la generación falla, te devolvemos la imagen a tu saldo sola. Si no te gusta, puedes regenerarla.",
    },
    {
      q: "¿Cómo hago que mis clientes vean un producto?",
      a: "En 'Configurar Precios', escríbele un precio y toca 'Publicar'. Tu tienda solo muestra los productos publicados con precio.",
    },
    {
      q: "¿Cómo me llegan los pedidos?",
      a: "Tus clientes arman el carrito y te escriben por WhatsApp con el pedido y su código. También los ves en 'Pedidos', donde puedes responderles.",
    },
    {
      q: "¿La tienda cobra comisiones?",
      a: `No. Puedes probarla gratis; el Plan Mi Tienda es un pago único de ${storePlan} que quita el aviso 'Tienda en modo prueba'. Lo que vendes es todo tuyo.`,
    },
    { q: "¿Cómo comparto mi tienda?", a: "En 'Mi Tienda': 'Compartir en WhatsApp', 'Copiar para Instagram' o el código QR para imprimir." },
  ];
}

/**
 * 'Ayuda': a short FAQ, contact by e-mail and WhatsApp as configured (a channel not configured is not
 * offered), and the tutorial. The FAQ is always there, so a site with no contact channel still helps.
 */
export function HelpDialog({ open, onClose, onShowTutorial, config }: Props) {
  const { supportEmail, supportWhatsapp } = config;
  const claims = useQuery(priceClaimsQuery).data!;
  return (
    <Dialog open={open} onClose={onClose} title="Ayuda">
      <h3 className="font-semibold">Preguntas frecuentes</h3>
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
      <p className="mt-5 text-sm text-slate-600">¿Tienes otra duda o algún problema? Escríbenos y te respondemos lo antes posible.</p>
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
            Este sitio todavía no tiene un canal de contacto: las preguntas de arriba responden las dudas más comunes.
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
