import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import toast from "react-hot-toast";
import { ORDER_STATUSES, type OrderStatus } from "../../../common/order-status";
import { countryLocaleOf } from "../../../common/store-locale";
import type { Order } from "../../../common/store-cart";
import type { User } from "../../../common/user";
import { ordersQuery } from "../../lib/orders";
import { ordersShopQuery } from "./orders-shop";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Spinner } from "../../ui/spinner";
import { OrderCard } from "./order-card";
import { statusLabel } from "./order-labels";
import { t } from "./texts";
import { stockShortages, useOrderStatus } from "./orders-queries";
import { WithdrawalRequests } from "./withdrawal-requests";
import { offersWithdrawal } from "../../../common/withdrawals";

type Filter = OrderStatus | "todos";

/** /pedidos: the orders shoppers sent from the store, newest first, with their status and the seller's next steps. */
export function OrdersScreen() {
  const { user } = useSession();
  if (!user) return null;
  if (!user.username) {
    return (
      <div className="mx-auto max-w-lg rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <h1 className="text-lg font-semibold">{t("noStoreTitle")}</h1>
        <p className="mt-1 text-slate-600">{t("noStoreHint")}</p>
        <Link
          to="/mi-tienda"
          className="mt-5 inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t("noStoreCreate")}
        </Link>
      </div>
    );
  }
  return <Orders user={user} />;
}

function Orders({ user }: { user: User }) {
  const orders = useQuery(ordersQuery);
  const shopQuery = useQuery(ordersShopQuery);
  const shop = shopQuery.data ?? null;
  const status = useOrderStatus(user.id);
  const [filter, setFilter] = useState<Filter>("todos");
  const [cancelling, setCancelling] = useState<Order | null>(null);
  // The order just moved: the list follows it to its new status and marks it, so it never vanishes from view.
  const [followed, setFollowed] = useState<string | null>(null);
  const list = orders.data ?? [];
  const shown = filter === "todos" ? list : list.filter((o) => o.status === filter);
  const storeName = user.name ?? user.username ?? "";
  const sizesWord = countryLocaleOf(user.countryCode).sizesWord ?? "talla";

  function move(order: Order, next: OrderStatus, then?: () => void) {
    status.mutate(
      { id: order.id, status: next },
      {
        onSuccess: (saved) => {
          const moved = filter !== "todos" && filter !== next;
          if (moved) setFilter(next);
          setFollowed(order.id);
          const done =
            next === "confirmado" && saved.stockTaken
              ? t("movedConfirmedStock", { code: order.code })
              : t("moved", { code: order.code, status: statusLabel(next).toLowerCase() });
          toast.success(moved ? t("movedNowIn", { done, status: statusLabel(next) }) : done);
          then?.();
        },
        // A stock conflict stays on the order's card (see StockConflict); anything else is a passing notice.
        onError: (err) => {
          if (!stockShortages(err)) toast.error(err.message);
        },
      },
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <header>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
          <Link
            to="/clientes"
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            {t("customersLink")}
          </Link>
        </div>
        <p className="mt-1 text-slate-600">{t("intro")}</p>
      </header>

      {offersWithdrawal(user.countryCode) && <WithdrawalRequests storeName={storeName} shop={shop} countryCode={user.countryCode} />}

      {orders.isSuccess && list.length > 0 && (
        <fieldset className="flex gap-2 overflow-x-auto pb-1">
          <legend className="sr-only">{t("filterLegend")}</legend>
          {/* One chip per status that has orders (and the one chosen), so seven steps do not crowd a phone. */}
          {(["todos", ...ORDER_STATUSES.filter((st) => st === filter || list.some((o) => o.status === st))] as Filter[]).map((f) => {
            const count = f === "todos" ? list.length : list.filter((o) => o.status === f).length;
            return (
              <button
                key={f}
                type="button"
                aria-pressed={filter === f}
                onClick={() => {
                  setFilter(f);
                  setFollowed(null);
                }}
                className="inline-flex min-h-11 shrink-0 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
              >
                {f === "todos" ? t("filterAll") : statusLabel(f)} ({count})
              </button>
            );
          })}
        </fieldset>
      )}

      {orders.isPending && (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner className="size-4 text-brand-600" /> {t("loading")}
        </p>
      )}
      {orders.isError && (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">{orders.error.message}</p>
          <Button variant="secondary" className="mt-4" busy={orders.isFetching} onClick={() => void orders.refetch()}>
            {t("retry")}
          </Button>
        </div>
      )}
      {orders.isSuccess && list.length === 0 && (
        <div className="rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="text-lg font-semibold">{t("emptyTitle")}</p>
          <p className="mt-1 text-slate-600">{t("emptyHint")}</p>
          <Link
            to="/mi-tienda-admin"
            className="mt-5 inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t("emptyShare")}
          </Link>
        </div>
      )}
      {orders.isSuccess && list.length > 0 && shown.length === 0 && (
        <p className="rounded-2xl bg-white p-6 text-center text-slate-600">{t("noneInStatus")}</p>
      )}

      {/* The cards wait for the store's number format, so an amount is never shown first in another one. */}
      <ul className="space-y-4">
        {(shopQuery.isPending ? [] : shown).map((order) => (
          <li key={order.id}>
            <OrderCard
              order={order}
              followed={followed === order.id}
              storeName={storeName}
              sizesWord={sizesWord}
              shop={shop}
              moving={status.isPending && status.variables?.id === order.id ? status.variables.status : null}
              disabled={status.isPending}
              onMove={(next) => move(order, next)}
              onCancel={() => setCancelling(order)}
            />
          </li>
        ))}
      </ul>

      <CancelOrderDialog
        order={cancelling}
        busy={status.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={(order) => move(order, "cancelado", () => setCancelling(null))}
      />
    </div>
  );
}

/** 'Cancelar pedido' asks first, and says what cancelling does and does not do. */
function CancelOrderDialog({
  order,
  busy,
  onClose,
  onConfirm,
}: {
  order: Order | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (order: Order) => void;
}) {
  return (
    <Dialog open={!!order} onClose={() => !busy && onClose()} title={order ? t("cancelTitle", { code: order.code }) : ""}>
      {order && (
        <>
          <p className="text-slate-700">{t("cancelBody", { name: order.buyer?.name ?? t("yourCustomer") })}</p>
          {/* Cancelling gives back what confirming took, once (worker/lib/stock.ts returnStock). */}
          <p className="mt-2 text-sm text-slate-600" data-testid="cancel-stock">
            {order.stockTaken ? t("cancelStockBack") : t("cancelNoStock")}
          </p>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={busy} onClick={onClose}>
              {t("back")}
            </Button>
            <Button variant="danger" busy={busy} onClick={() => onConfirm(order)}>
              {t("cancelOrder")}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
