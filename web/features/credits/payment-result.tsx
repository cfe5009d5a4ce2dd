import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { formatMoney } from "../../../common/packs";
import type { PaymentView } from "../../../common/payments";
import type { User } from "../../../common/user";
import { RouteLink } from "../../lib/route-links";
import { Spinner } from "../../ui/spinner";
import { ApiFailure } from "../../lib/api";
import { PAYMENT_POLL_LIMIT_MS, paymentQuery } from "../../lib/payment-queries";
import { sessionQuery } from "../../lib/queries";
import { cacheAnswer } from "../../lib/cache-answer";
import { imagesCountLabel, imagesLabel } from "./credit-labels";
import { rich } from "./rich-text";
import { t } from "./texts";

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
      <Card title={t("checkingPayment")}>
        <div className="flex justify-center text-brand-600">
          <Spinner className="size-8" />
        </div>
      </Card>
    );
  }
  if (state.isError) {
    if (state.error instanceof ApiFailure && state.error.status === 404) return <Missing />;
    return (
      <Card title={t("paymentCheckFailed")} tone="error">
        <p>{state.error.message}</p>
        <button type="button" className={SECONDARY} onClick={() => void state.refetch()}>
          {t("retry")}
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
      <Card title={t("approved")} tone="success" testId="payment-approved">
        <p data-testid="plan-as-credits">{t("planAsCredits", { images: imagesCountLabel(payment.convertedCredits) })}</p>
        <p>
          {rich((v) => t("nowYouHaveUseThem", v), {
            images: <strong data-testid="balance-after">{imagesLabel(seller.credits)}</strong>,
          })}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Link to="/home" className={PRIMARY}>
            {t("goToProducts")}
          </Link>
          <RouteLink to="/mi-tienda-admin" className={SECONDARY} fallback={null}>
            {t("goToStore")}
          </RouteLink>
        </div>
      </Card>
    );
  }
  if (payment.purpose === "store_plan") {
    return (
      <Card title={t("approved")} tone="success" testId="payment-approved">
        <p>{t("storeActive")}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <RouteLink
            to="/mi-tienda-admin"
            className={PRIMARY}
            fallback={
              <Link to="/home" className={PRIMARY}>
                {t("goToProducts")}
              </Link>
            }
          >
            {t("goToStore")}
          </RouteLink>
        </div>
      </Card>
    );
  }
  return (
    <Card title={t("approved")} tone="success" testId="payment-approved">
      <p>{rich((v) => t("added", v), { images: <strong>{imagesLabel(payment.credits)}</strong>, price: formatMoney(payment) })}</p>
      <p>{rich((v) => t("nowYouHave", v), { images: <strong data-testid="balance-after">{imagesLabel(seller.credits)}</strong> })}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/home" className={PRIMARY}>
          {t("goToProducts")}
        </Link>
        <Link to="/credits" className={SECONDARY}>
          {t("buyMore")}
        </Link>
      </div>
    </Card>
  );
}

function Rejected({ payment }: { payment: PaymentView }) {
  const retry = payment.purpose === "store_plan" ? "/pay-mi-tienda-3" : "/credits";
  return (
    <Card title={t("rejected")} tone="error" testId="payment-rejected">
      <p>{t("rejectedBody")}</p>
      <div className="flex justify-center">
        <Link to={retry} className={PRIMARY}>
          {t("tryAgain")}
        </Link>
      </div>
    </Card>
  );
}

function Pending({ payment, polling }: { payment: PaymentView; polling: boolean }) {
  return (
    <Card title={t("pending")} testId="payment-pending">
      <p>
        {t("pendingBody", { price: formatMoney(payment) })}
        {payment.purpose === "credits" ? t("pendingCredits") : t("pendingPlan")}
      </p>
      {polling && (
        <div className="flex justify-center text-brand-600">
          <Spinner />
        </div>
      )}
      <p className="text-sm text-slate-500">{t("pendingReload")}</p>
    </Card>
  );
}

function Missing() {
  return (
    <Card title={t("missing")} tone="error">
      <p>{t("missingBody")}</p>
      <div className="flex justify-center">
        <Link to="/credits" className={PRIMARY}>
          {t("goToBuy")}
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
