import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import toast from "react-hot-toast";
import { formatArs } from "../../../common/store";
import { nextStatuses, ORDER_STATUS_LABELS, type OrderStatus } from "../../../common/order-status";
import { DELIVERY_LABELS, shortageText, type Order } from "../../../common/store-cart";
import { ordersQuery, stockShortages, useOrderStatus } from "./store-queries";
import { Spinner } from "../../ui/spinner";
import { Button } from "../../ui/button";

const ACTION_LABELS: Record<OrderStatus, string> = {
  nuevo: "Nuevo",
  confirmado: "Confirmar",
  pagado: "Marcar pagado",
  enviado: "Marcar enviado",
  listo: "Listo para retirar",
  entregado: "Marcar entregado",
  cancelado: "Cancelar pedido",
};

const STATUS_STYLES: Record<OrderStatus, string> = {
  nuevo: "bg-amber-100 text-amber-900",
  confirmado: "bg-sky-100 text-sky-900",
  pagado: "bg-indigo-100 text-indigo-900",
  enviado: "bg-violet-100 text-violet-900",
  listo: "bg-violet-100 text-violet-900",
  entregado: "bg-emerald-100 text-emerald-900",
  cancelado: "bg-slate-200 text-slate-700",
};

const dateFormat = new Intl.DateTimeFormat("es-AR", { dateStyle: "short", timeStyle: "short" });

/** The orders shoppers sent from the store, with the steps each one can take next. */
export function StoreOrders({ userId }: { userId: string }) {
  const orders = useQuery(ordersQuery);
  const status = useOrderStatus(userId);

  function move(order: Order, next: OrderStatus) {
    status.mutate(
      { id: order.id, status: next },
      {
        onSuccess: (saved) =>
          toast.success(
            next === "confirmado" && saved.stockTaken
              ? `Pedido #${order.code} confirmado: descontamos su stock.`
              : `Pedido #${order.code}: ${ORDER_STATUS_LABELS[next].toLowerCase()}.`,
          ),
        // A stock conflict stays on the order's card (see StockConflict); anything else is a passing notice.
        onError: (err) => {
          if (!stockShortages(err)) toast.error(err.message);
        },
      },
    );
  }

  return (
    <section aria-labelledby="orders-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="orders-title" className="mb-4 text-lg font-semibold">
        Pedidos
      </h2>
      {orders.isPending && (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner className="size-4 text-brand-600" /> Cargando pedidos…
        </p>
      )}
      {orders.isError && (
        <p role="alert" className="text-sm text-red-700">
          {orders.error.message}
        </p>
      )}
      {orders.isSuccess && orders.data.length === 0 && (
        <p className="text-slate-600">Todavía no recibiste pedidos. Comparte el enlace de tu tienda para empezar a vender.</p>
      )}
      {orders.isSuccess && orders.data.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {orders.data.map((order) => (
            <li key={order.id} className="py-4" data-testid="order">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  Pedido #{order.code} <span className="font-normal text-slate-500">· {dateFormat.format(new Date(order.createdAt))}</span>
                </p>
                <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[order.status]}`}>
                  {ORDER_STATUS_LABELS[order.status]}
                </span>
              </div>
              {order.buyer && (
                <p className="mt-1 text-sm text-slate-800" data-testid="order-buyer">
                  <span className="font-semibold">{order.buyer.name}</span> · {DELIVERY_LABELS[order.buyer.delivery]}
                  {order.buyer.note && <span className="mt-0.5 block whitespace-pre-line text-slate-600">Nota: {order.buyer.note}</span>}
                </p>
              )}
              <ul className="mt-2 space-y-0.5 text-sm text-slate-700">
                {order.lines.map((line) => (
                  <li key={`${line.productId}-${line.size ?? ""}`}>
                    {line.quantity} × {line.name}
                    {line.size ? ` (Talle: ${line.size})` : ""}
                    {line.unitPrice > 0 ? ` — ${formatArs(line.unitPrice)} c/u` : ""}
                  </li>
                ))}
              </ul>
              {order.status === "nuevo" && order.shortages.length > 0 && <StockConflict order={order} />}
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">Total: {formatArs(order.total)}</p>
                <div className="flex flex-wrap gap-2">
                  {nextStatuses({ status: order.status, delivery: order.buyer?.delivery ?? null }).map((next) => (
                    <Button
                      key={next}
                      variant={next === "cancelado" ? "ghost" : next === "confirmado" ? "primary" : "secondary"}
                      className="px-3 py-1.5"
                      busy={status.isPending && status.variables?.id === order.id && status.variables.status === next}
                      disabled={status.isPending}
                      onClick={() => move(order, next)}
                    >
                      {ACTION_LABELS[next]}
                    </Button>
                  ))}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Why a new order cannot be confirmed: each product and size that is short, asked against left, and
 * the seller's two ways out. It comes from the order list itself, so it stays until the stock covers
 * the order again or the order is cancelled, and it is there after a reload.
 */
function StockConflict({ order }: { order: Order }) {
  const one = order.shortages.length === 1;
  return (
    <div role="alert" data-testid="order-conflict" className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">No puedes confirmar este pedido: falta stock.</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {order.shortages.map((s) => (
          <li key={`${s.productId}-${s.size}`}>{shortageText(s)}</li>
        ))}
      </ul>
      <p className="mt-2">
        Si tienes más unidades, sube el stock de {one ? "ese talle" : "esos talles"} en{" "}
        <Link to="/product-pricing" className="font-semibold underline underline-offset-2">
          Configurar Precios
        </Link>{" "}
        y vuelve a confirmar. Si no, cancela el pedido y avísale a tu cliente.
      </p>
    </div>
  );
}
