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

const customersQuery = queryOptions({
  queryKey: ["customers"],
  queryFn: async () => await unwrap(api.customers.$get(), "No se pudieron cargar tus clientes."),
});

const day = new Intl.DateTimeFormat("es-AR", { dateStyle: "medium" });

/** What a customer spent, each currency on its own ("R$ 129,90 · $12.500"): never one added to another. */
function spentText(customer: Customer, locale: string): string {
  if (!customer.spent.length) return "Sin compras todavía";
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
      (await unwrap(api.customers.forget.$post({ json: { key: customer.key } }), "No se pudieron borrar sus datos.")).erased,
    onSuccess: (_, customer) => {
      queryClient.setQueryData(
        customersQuery.queryKey,
        (data) => data && { ...data, customers: data.customers.filter((c) => c.key !== customer.key) },
      );
      void queryClient.invalidateQueries({ queryKey: ordersQuery.queryKey });
      toast.success(`Borramos los datos de ${customer.name} de tus pedidos.`);
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
          ← Volver a Pedidos
        </Link>
        <h1 className="text-2xl font-bold sm:text-3xl">Clientes</h1>
        <p className="mt-1 text-slate-600">Quienes te compraron por tu tienda, del más reciente al más antiguo, con lo que compraron.</p>
      </header>

      {list.length > 0 && (
        <label className="block">
          <span className="text-sm font-semibold text-slate-800">Buscar por nombre o WhatsApp</span>
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Nombre o número"
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base"
          />
        </label>
      )}

      {customers.isPending && (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner className="size-4 text-brand-600" /> Cargando clientes…
        </p>
      )}
      {customers.isError && (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">{customers.error.message}</p>
          <Button variant="secondary" className="mt-4" busy={customers.isFetching} onClick={() => void customers.refetch()}>
            Reintentar
          </Button>
        </div>
      )}
      {customers.isSuccess && list.length === 0 && (
        <div className="rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="text-lg font-semibold">Todavía no tienes clientes</p>
          <p className="mt-1 text-slate-600">Cuando alguien te envíe un pedido desde tu tienda, aparece aquí.</p>
        </div>
      )}
      {customers.isSuccess && list.length > 0 && shown.length === 0 && (
        <p className="rounded-2xl bg-white p-6 text-center text-slate-600">Ningún cliente coincide con «{query}».</p>
      )}

      <ul className="space-y-3">
        {shown.map((customer) => (
          <li key={customer.key} className="rounded-2xl border border-slate-200 bg-white p-4" data-testid="customer">
            <p className="text-lg font-semibold">{customer.name}</p>
            {customer.whatsapp && <p className="text-sm text-slate-700">WhatsApp {customer.whatsapp.label}</p>}
            <p className="mt-1 text-sm text-slate-700">
              {customer.orders === 1 ? "1 pedido" : `${customer.orders} pedidos`} · Compró: {spentText(customer, locale)}
            </p>
            <p className="text-sm text-slate-600">
              Último pedido #{customer.lastOrderCode} el {day.format(new Date(customer.lastOrderAt))}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              {customer.whatsapp && (
                <a
                  href={`https://wa.me/${customer.whatsapp.digits}`}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex min-h-11 items-center justify-center rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
                >
                  Escribir por WhatsApp<span className="sr-only"> a {customer.name} (se abre en otra pestaña)</span>
                </a>
              )}
              <Button variant="ghost" className="min-h-11 text-red-700" onClick={() => setForgetting(customer)}>
                Borrar sus datos
              </Button>
            </div>
          </li>
        ))}
      </ul>

      <Dialog
        open={!!forgetting}
        onClose={() => !forget.isPending && setForgetting(null)}
        title={forgetting ? `¿Borrar los datos de ${forgetting.name}?` : ""}
      >
        {forgetting && (
          <>
            <p className="text-slate-700">
              Hazlo cuando tu cliente te lo pida. Borramos su nombre, su WhatsApp, su dirección y sus notas de todos sus pedidos; los
              pedidos quedan, sin sus datos, para tus cuentas. No se puede deshacer.
            </p>
            {forgetting.openOrders > 0 && (
              <p className="mt-2 text-sm font-semibold text-red-700">
                Tiene {forgetting.openOrders === 1 ? "un pedido en curso" : `${forgetting.openOrders} pedidos en curso`}: entrégalos o
                cancélalos antes, así no pierdes su dirección.
              </p>
            )}
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" disabled={forget.isPending} onClick={() => setForgetting(null)}>
                Volver
              </Button>
              <Button
                variant="danger"
                busy={forget.isPending}
                disabled={forgetting.openOrders > 0}
                onClick={() => forget.mutate(forgetting)}
              >
                Borrar sus datos
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </div>
  );
}
