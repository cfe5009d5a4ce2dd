/**
 * The seller's customers as 'Clientes' shows them: each buyer of the store's orders, found by the WhatsApp they
 * gave (or, without one, by the name they typed), with what they bought. Amounts stay in each order's own
 * currency: a store that changed its money shows one sum per currency, never one added to another.
 */
export interface CustomerSpend {
  /** ISO 4217 of the orders summed; orders from before orders kept it are Argentine pesos. */
  currency: string;
  /** In that currency's minor unit, as orders keep their totals; cancelled orders are not counted. */
  amount: number;
}

export interface Customer {
  /** What identifies the buyer in the store's orders: "+54 91123456789" or "n:lucía fernández". */
  key: string;
  /** The name on their latest order. */
  name: string;
  /** Their WhatsApp, for 'Escribir por WhatsApp': digits for wa.me and the number as their country writes it. */
  whatsapp: { digits: string; label: string } | null;
  /** Orders they placed, cancelled ones included. */
  orders: number;
  /** Orders not cancelled, summed per currency, the store's most used first. */
  spent: CustomerSpend[];
  lastOrderAt: string;
  lastOrderCode: string;
  /** Orders still in progress (not delivered nor cancelled): their data cannot be erased while these run. */
  openOrders: number;
}

/** Whether a customer matches what the seller typed in the search: their name (any case, any accent) or number. */
export function customerMatches(customer: Customer, query: string): boolean {
  const plain = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const q = plain(query.trim());
  if (!q) return true;
  const digits = q.replace(/\D/g, "");
  return plain(customer.name).includes(q) || (digits.length >= 3 && (customer.whatsapp?.digits ?? "").includes(digits));
}
