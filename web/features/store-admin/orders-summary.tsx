import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { newOrdersCount } from "../../../common/store-cart";
import { ordersQuery } from "../../lib/orders";
import { t } from "./texts";

/** Orders live in 'Pedidos' (also in the menu); the admin says how many wait and leads there. */
export function OrdersSummary() {
  const orders = useQuery(ordersQuery);
  const fresh = orders.data ? newOrdersCount(orders.data) : 0;
  return (
    <section
      aria-labelledby="orders-title"
      className="flex flex-col justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div>
        <h2 id="orders-title" className="text-lg font-semibold">
          {t("sectionOrders")}
        </h2>
        <p className="mt-1 text-slate-600" data-testid="orders-summary">
          {orders.isPending
            ? t("ordersLoading")
            : orders.isError
              ? orders.error.message
              : orders.data.length === 0
                ? t("noOrdersYet")
                : t("newOrders", { count: fresh })}
        </p>
      </div>
      <Link
        to="/pedidos"
        className="inline-flex min-h-11 items-center justify-center self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t("seeOrders")}
      </Link>
    </section>
  );
}
