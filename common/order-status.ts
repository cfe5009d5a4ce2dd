/**
 * The steps an order goes through, shared by the Worker (which refuses a move
 * the machine does not allow), the seller's orders screen (which offers only
 * the allowed ones) and the buyer's order page (which shows where it is).
 *
 * nuevo → confirmado → pagado → enviado / listo para retirar → entregado, or
 * cancelado from any step before entregado. Confirming takes the order's stock
 * and cancelling a confirmed order gives it back (worker/lib/stock.ts): the
 * only two steps that touch stock.
 */

export const ORDER_STATUSES = ["nuevo", "confirmado", "pagado", "enviado", "listo", "entregado", "cancelado"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  nuevo: "Nuevo",
  confirmado: "Confirmado",
  pagado: "Pagado",
  enviado: "Enviado",
  listo: "Listo para retirar",
  entregado: "Entregado",
  cancelado: "Cancelado",
};

/** What the shopper asked for: envío, retiro, or nothing said (orders from before the cart asked). */
type DeliveryKind = "envio" | "retiro" | null;

/** Where an order's life ends: no move leaves these. */
export const FINAL_STATUSES = ["entregado", "cancelado"] as const satisfies readonly OrderStatus[];
/** Orders still under way: the buyer may still be waiting for the goods or the money back. */
export const OPEN_STATUSES = ORDER_STATUSES.filter((s) => !(FINAL_STATUSES as readonly OrderStatus[]).includes(s));

/**
 * When a seller deletes their account, the buyers of its open orders keep their order page, with the
 * store's name and WhatsApp, this many days (worker/lib/account-deletion.ts); the settings say so.
 */
export const KEPT_ORDER_PAGE_DAYS = 90;

/** The moves a seller may make from an order's status: sending fits envío, 'listo para retirar' fits retiro. */
export function nextStatuses(order: { status: OrderStatus; delivery: DeliveryKind }): OrderStatus[] {
  const handOver: OrderStatus[] = order.delivery === "envio" ? ["enviado"] : order.delivery === "retiro" ? ["listo"] : ["enviado", "listo"];
  switch (order.status) {
    case "nuevo":
      return ["confirmado", "cancelado"];
    case "confirmado":
      return ["pagado", ...handOver, "entregado", "cancelado"];
    case "pagado":
      return [...handOver, "entregado", "cancelado"];
    case "enviado":
    case "listo":
      return ["entregado", "cancelado"];
    case "entregado":
    case "cancelado":
      return [];
  }
}

/** Why a move is refused, in the seller's words, or null when the machine allows it. */
export function moveProblem(order: { status: OrderStatus; delivery: DeliveryKind }, next: OrderStatus): string | null {
  const allowed = nextStatuses(order);
  if (allowed.includes(next)) return null;
  if (next === "enviado" && allowed.includes("listo")) return "Este pedido es para retirar en el local: márcalo «Listo para retirar».";
  if (next === "listo" && allowed.includes("enviado")) return "Este pedido es con envío a domicilio: márcalo «Enviado».";
  return `Un pedido ${ORDER_STATUS_LABELS[order.status].toLowerCase()} no puede pasar a ${ORDER_STATUS_LABELS[next].toLowerCase()}.`;
}

/** The steps the buyer's page lays out for an order, in order, ending in entregado. */
export function statusPath(delivery: DeliveryKind): OrderStatus[] {
  return ["nuevo", "confirmado", "pagado", delivery === "retiro" ? "listo" : "enviado", "entregado"];
}

/** One line to the buyer about where the order is: the order page's headline and the status message's news. */
export const BUYER_STATUS_TEXT: Record<OrderStatus, string> = {
  nuevo: "Recibimos tu pedido. La tienda lo revisa y te confirma por WhatsApp.",
  confirmado: "¡Tu pedido está confirmado!",
  pagado: "Recibimos tu pago. ¡Gracias!",
  enviado: "Tu pedido está en camino.",
  listo: "Tu pedido está listo para retirar.",
  entregado: "Tu pedido fue entregado. ¡Gracias por tu compra!",
  cancelado: "Tu pedido fue cancelado.",
};

/** A status change as recorded in the order's history. */
export interface StatusStep {
  status: OrderStatus;
  /** ISO date. */
  at: string;
}
