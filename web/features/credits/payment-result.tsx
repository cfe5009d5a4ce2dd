import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { imagesLabel } from "../../../common/credits";
import { formatMoney } from "../../../common/packs";
import { planPaidAsCredits, type PaymentView } from "../../../common/payments";
import type { User } from "../../../common/user";
import { RouteLink } from "../../lib/route-links";
import { Spinner } from "../../ui/spinner";
import { ApiFailure } from "../../lib/api";
import { PAYMENT_POLL_LIMIT_MS, paymentQuery } from "../../lib/payment-queries";
import { sessionQuery } from "../../lib/queries";
import { cacheAnswer } from "../../lib/cache-answer";

const CTA =
  "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2";
const PRIMARY = `${CTA} bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700`;
const SECONDARY = `${CTA} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-brand-600`;

/** /pago?payment=<id>: where every provider sends the payer back; follows the payment until it settles. */
export function PaymentResultScreen() {
  const search = useSearch({ strict: false }) as { payment?: unknown };
  const id = search.payment === undefined || search.payment === null ? "" : String(search.payment);
  return <div className="mx-auto max-w-lg">{id ? <PaymentState id={id} /> : <Missing />}</div>;
}

function PaymentState({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const [since] = useState(() => Date.now());
  const state = useQuery(paymentQuery(id, since));

  // The header's balance and the store flag follow the payment without a reload.
  const user = state.data?.user;
  useEffect(() => {
    if (user) void cacheAnswer(queryClient, sessionQuery.queryKey, user);
  }, [user, queryClient]);

  if (state.isPending) {
    return (
      <Card title="Consultando tu pago…">
        <div className="flex justify-center text-brand-600">
          <Spinner className="size-8" />
        </div>
      </Card>
    );
  }
  if (state.isError) {
    if (state.error instanceof ApiFailure && state.error.status === 404) return <Missing />;
    return (
      <Card title="No pudimos consultar tu pago" tone="error">
        <p>{state.error.message}</p>
        <button type="button" className={SECONDARY} onClick={() => void state.refetch()}>
          Reintentar
        </button>
      </Card>
    );
  }
  const { payment, user: seller } = state.data;
  if (payment.status === "approved") return <Approved payment={payment} seller={seller} />;
  if (payment.status === "rejected") return <Rejected payment={payment} />;
  return <Pending payment={payment} polling={Date.now() - since < PAYMENT_POLL_LIMIT_MS} />;
}

function Approved({ payment, seller }: { payment: PaymentView; seller: User }) {
  if (payment.purpose === "store_plan" && payment.convertedCredits > 0) {
    // Paid after the plan was already active (with credits, or by another checkout): nothing is lost.
    return (
      <Card title="¡Pago aprobado!" tone="success" testId="payment-approved">
        <p data-testid="plan-as-credits">{planPaidAsCredits(payment.convertedCredits)}</p>
        <p>
          Ahora tienes <strong data-testid="balance-after">{imagesLabel(seller.credits)}</strong>. Puedes usarlos para crear imágenes cuando
          quieras: no vencen.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Link to="/home" className={PRIMARY}>
            Ir a tus productos
          </Link>
          <RouteLink to="/mi-tienda-admin" className={SECONDARY} fallback={null}>
            Ir a Tu Tienda
          </RouteLink>
        </div>
      </Card>
    );
  }
  if (payment.purpose === "store_plan") {
    return (
      <Card title="¡Pago aprobado!" tone="success" testId="payment-approved">
        <p>Tu Tienda está activa. ¡Ya puedes compartir tu link!</p>
        <div className="flex flex-wrap justify-center gap-2">
          <RouteLink
            to="/mi-tienda-admin"
            className={PRIMARY}
            fallback={
              <Link to="/home" className={PRIMARY}>
                Ir a tus productos
              </Link>
            }
          >
            Ir a Tu Tienda
          </RouteLink>
        </div>
      </Card>
    );
  }
  return (
    <Card title="¡Pago aprobado!" tone="success" testId="payment-approved">
      <p>
        Sumaste <strong>{imagesLabel(payment.credits)}</strong> por {formatMoney(payment)}.
      </p>
      <p>
        Ahora tienes <strong data-testid="balance-after">{imagesLabel(seller.credits)}</strong>.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/home" className={PRIMARY}>
          Ir a tus productos
        </Link>
        <Link to="/credits" className={SECONDARY}>
          Comprar más imágenes
        </Link>
      </div>
    </Card>
  );
}

function Rejected({ payment }: { payment: PaymentView }) {
  const retry = payment.purpose === "store_plan" ? "/pay-mi-tienda-3" : "/credits";
  return (
    <Card title="El pago fue rechazado" tone="error" testId="payment-rejected">
      <p>No se cobró nada. Puedes intentar de nuevo con otro medio de pago.</p>
      <div className="flex justify-center">
        <Link to={retry} className={PRIMARY}>
          Volver a intentar
        </Link>
      </div>
    </Card>
  );
}

function Pending({ payment, polling }: { payment: PaymentView; polling: boolean }) {
  return (
    <Card title="Pago pendiente" testId="payment-pending">
      <p>
        Estamos esperando que el proveedor confirme tu pago de {formatMoney(payment)}.
        {payment.purpose === "credits"
          ? " Tus imágenes se suman apenas llegue la confirmación."
          : " Tu Tienda se activa apenas llegue la confirmación."}
      </p>
      {polling && (
        <div className="flex justify-center text-brand-600">
          <Spinner />
        </div>
      )}
      <p className="text-sm text-slate-500">Si el pago ya se hizo y no se acredita en unos minutos, recarga la página.</p>
    </Card>
  );
}

function Missing() {
  return (
    <Card title="No encontramos ese pago" tone="error">
      <p>Revisa el enlace o vuelve a comprar desde tus créditos.</p>
      <div className="flex justify-center">
        <Link to="/credits" className={PRIMARY}>
          Ir a Comprar imágenes
        </Link>
      </div>
    </Card>
  );
}

function Card({
  title,
  tone = "neutral",
  testId,
  children,
}: {
  title: string;
  tone?: "neutral" | "success" | "error";
  testId?: string;
  children: React.ReactNode;
}) {
  const frame = tone === "success" ? "border-emerald-200" : tone === "error" ? "border-red-200" : "border-slate-200";
  const heading = tone === "success" ? "text-emerald-800" : tone === "error" ? "text-red-800" : "text-slate-900";
  return (
    <section role="status" data-testid={testId} className={`space-y-4 rounded-2xl border bg-white p-6 text-center sm:p-8 ${frame}`}>
      <h1 className={`text-2xl font-bold ${heading}`}>{title}</h1>
      {children}
    </section>
  );
}
