import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import toast from "react-hot-toast";
import { type Customer, customerMatches } from "../../../common/customers";
import { storeMoney } from "../../../common/store-locale";
import { formatPrice } from "../../../common/store-money";
import { api, unwrap } from "../../lib/api";
import { ordersQuery } from "../../lib/orders";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Spinner } from "../../ui/spinner";
import { sellerLocale } from "../../i18n/language";
import { t } from "./texts";

const customersQuery = queryOptions({
  queryKey: ["customers"],
  queryFn: async () => await unwrap(api.customers.$get(), t("loadFailed")),
});

const formatDay = (iso: string) => new Intl.DateTimeFormat(sellerLocale(), { dateStyle: "medium" }).format(new Date(iso));

/** What a customer spent, each currency on its own ("R$ 129,90 · $12.500"): never one added to another. */
function spentText(customer: Customer, locale: string): string {
  if (!customer.spent.length) return t("noPurchases");
  return customer.spent.map((s) => formatPrice(s.amount, storeMoney(s.currency, locale))).join(" · ");
}

/** /clientes: each buyer of the store's orders, to find them, write to them, or erase their data on request. */
export function CustomersScreen() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const customers = useQuery({ ...customersQuery, enabled: Boolean(user?.username) });
  const [query, setQuery] = useState("");
  const [forgetting, setForgetting] = useState<Customer | null>(null);
  const forget = useMutation({
    mutationFn: async (customer: Customer) =>
      (await unwrap(api.customers.forget.$post({ json: { key: customer.key } }), t("forgetFailed"))).erased,
    onSuccess: (_, customer) => {
      queryClient.setQueryData(
        customersQuery.queryKey,
        (data) => data && { ...data, customers: data.customers.filter((c) => c.key !== customer.key) },
      );
      void queryClient.invalidateQueries({ queryKey: ordersQuery.queryKey });
      toast.success(t("forgotten", { name: customer.name }));
      setForgetting(null);
    },
    onError: (err) => toast.error(err.message),
  });
  if (!user) return null;
  const list = customers.data?.customers ?? [];
  const locale = customers.data?.locale ?? "es-AR";
  const shown = list.filter((c) => customerMatches(c, query));

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <header>
        <Link to="/pedidos" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2">
          {t("backToOrders")}
        </Link>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
        <p className="mt-1 text-slate-600">{t("intro")}</p>
      </header>

      {list.length > 0 && (
        <label className="block">
          <span className="text-sm font-semibold text-slate-800">{t("searchLabel")}</span>
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t("searchPlaceholder")}
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base"
          />
        </label>
      )}

      {customers.isPending && (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner className="size-4 text-brand-600" /> {t("loading")}
        </p>
      )}
      {customers.isError && (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">{customers.error.message}</p>
          <Button variant="secondary" className="mt-4" busy={customers.isFetching} onClick={() => void customers.refetch()}>
            {t("retry")}
          </Button>
        </div>
      )}
      {customers.isSuccess && list.length === 0 && (
        <div className="rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="text-lg font-semibold">{t("emptyTitle")}</p>
          <p className="mt-1 text-slate-600">{t("emptyHint")}</p>
        </div>
      )}
      {customers.isSuccess && list.length > 0 && shown.length === 0 && (
        <p className="rounded-2xl bg-white p-6 text-center text-slate-600">{t("noMatch", { query })}</p>
      )}

      <ul className="space-y-3">
        {shown.map((customer) => (
          <li key={customer.key} className="rounded-2xl border border-slate-200 bg-white p-4" data-testid="customer">
            <p className="text-lg font-semibold">{customer.name}</p>
            {customer.whatsapp && <p className="text-sm text-slate-700">WhatsApp {customer.whatsapp.label}</p>}
            <p className="mt-1 text-sm text-slate-700">
              {t("ordersAndSpent", { count: customer.orders, spent: spentText(customer, locale) })}
            </p>
            <p className="text-sm text-slate-600">
              {t("lastOrder", { code: customer.lastOrderCode, date: formatDay(customer.lastOrderAt) })}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              {customer.whatsapp && (
                <a
                  href={`https://wa.me/${customer.whatsapp.digits}`}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex min-h-11 items-center justify-center rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
                >
                  {t("writeWhatsapp")}
                  <span className="sr-only">{t("writeTo", { name: customer.name })}</span>
                </a>
              )}
              <Button variant="ghost" className="min-h-11 text-red-700" onClick={() => setForgetting(customer)}>
                {t("forget")}
              </Button>
            </div>
          </li>
        ))}
      </ul>

      <Dialog
        open={!!forgetting}
        onClose={() => !forget.isPending && setForgetting(null)}
        title={forgetting ? t("forgetTitle", { name: forgetting.name }) : ""}
      >
        {forgetting && (
          <>
            <p className="text-slate-700">{t("forgetBody")}</p>
            {forgetting.openOrders > 0 && (
              <p className="mt-2 text-sm font-semibold text-red-700">{t("openOrders", { count: forgetting.openOrders })}</p>
            )}
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" disabled={forget.isPending} onClick={() => setForgetting(null)}>
                {t("back")}
              </Button>
              <Button
                variant="danger"
                busy={forget.isPending}
                disabled={forgetting.openOrders > 0}
                onClick={() => forget.mutate(forgetting)}
              >
                {t("forget")}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </div>
  );
}
