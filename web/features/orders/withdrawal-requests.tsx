import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import type { ShopText } from "../../../common/shop-text";
import { api, unwrap } from "../../lib/api";
import { cacheAnswer } from "../../lib/cache-answer";
import { Button } from "../../ui/button";
import { sellerLocale } from "../../i18n/language";
import { t } from "./texts";
import { withdrawalReplyUrl } from "./withdrawal-reply";

export const withdrawalsQuery = queryOptions({
  queryKey: ["withdrawals"],
  queryFn: async () => (await unwrap(api.withdrawals.$get(), t("withdrawalsLoadFailed"))).withdrawals,
  refetchInterval: 60_000,
});

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat(sellerLocale(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/**
 * 'Botón de arrepentimiento' requests (Argentine stores, Resolución 424/2020) at the top of Pedidos: the ones
 * waiting for an answer first, each with its code, the order it names, the buyer and how to answer them.
 */
export function WithdrawalRequests({
  storeName,
  shop,
  countryCode,
}: {
  storeName: string;
  shop: ShopText | null;
  countryCode: string | null;
}) {
  const queryClient = useQueryClient();
  const requests = useQuery(withdrawalsQuery);
  const answered = useMutation({
    mutationFn: async (id: string) =>
      (await unwrap(api.withdrawals[":id"].answered.$post({ param: { id } }), t("withdrawalAnswerFailed"))).withdrawal,
    onSuccess: async (saved) => {
      await cacheAnswer(queryClient, withdrawalsQuery.queryKey, (list) => list?.map((r) => (r.id === saved.id ? saved : r)));
      toast.success(t("withdrawalAnswered", { code: saved.code }));
    },
    onError: (err) => toast.error(err.message),
  });
  const list = requests.data ?? [];
  if (requests.isError) {
    return (
      <section role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4">
        <p className="font-semibold text-red-800">{requests.error.message}</p>
        <Button variant="secondary" className="mt-3" busy={requests.isFetching} onClick={() => void requests.refetch()}>
          {t("retry")}
        </Button>
      </section>
    );
  }
  // Nothing to show until a buyer uses the button: Pedidos stays as it was.
  if (!list.length) return null;
  const waiting = list.filter((r) => !r.answeredAt);
  const ordered = [...waiting, ...list.filter((r) => r.answeredAt)];
  return (
    <section aria-labelledby="withdrawals-title" className="rounded-2xl border border-amber-300 bg-amber-50 p-4" data-testid="withdrawals">
      <h2 id="withdrawals-title" className="text-lg font-semibold text-amber-950">
        {t("withdrawalsTitle")}
        {waiting.length ? t("withdrawalsWaiting", { count: waiting.length }) : ""}
      </h2>
      <p className="mt-1 text-sm text-amber-950">{t("withdrawalsIntro")}</p>
      <ul className="mt-3 space-y-3">
        {ordered.map((request) => {
          const reply = shop ? withdrawalReplyUrl(request, storeName, shop, countryCode) : null;
          return (
            <li key={request.id} className="rounded-xl bg-white p-3 shadow-sm" data-testid="withdrawal">
              <p className="font-semibold">
                {t("withdrawalOrder", { code: request.code, order: request.orderCode })}
                {!request.orderFound && <span className="ml-1 text-sm font-normal text-red-700">{t("withdrawalNotOurs")}</span>}
              </p>
              <p className="text-sm text-slate-700">
                {request.buyerName} · {request.contact}
              </p>
              <p className="text-sm text-slate-600">
                {t("withdrawalReceived", { date: formatDate(request.createdAt) })}
                {request.answeredAt ? t("withdrawalAnsweredOn", { date: formatDate(request.answeredAt) }) : ""}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                {reply && (
                  <a
                    href={reply.href}
                    target="_blank"
                    rel="noopener"
                    className="inline-flex min-h-11 items-center justify-center rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
                  >
                    {reply.by === "email" ? t("replyEmail") : t("replyWhatsapp")}
                    <span className="sr-only">
                      {t("replyTo", { name: request.buyerName })}
                      {t("opensNewTab")}
                    </span>
                  </a>
                )}
                {!request.answeredAt && (
                  <Button
                    variant="secondary"
                    className="min-h-11"
                    busy={answered.isPending && answered.variables === request.id}
                    disabled={answered.isPending}
                    onClick={() => answered.mutate(request.id)}
                  >
                    {t("markAnswered")}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
