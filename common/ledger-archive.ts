/**
 * The archive's NDJSON format (worker/lib/archive*.ts write it into the DATA bucket, gzipped): one JSON object
 * a line, as the row was in D1 (dates as epoch milliseconds). An object of generations holds jobs and their
 * ledger rows; one of batches holds batches, their items, the items' jobs and their ledger rows; one of orders
 * holds orders (their lines inside). Read back by the data export and checked against its summary row by the
 * ledger checks; no imports, so `npm run check:ledger` (Node) reads it too.
 */
export interface ArchivedLedgerRow {
  kind: "ledger";
  id: number;
  userId: string;
  delta: number;
  reason: string;
  idempotencyKey: string;
  balanceAfter: number;
  createdAt: number;
}

export interface ArchivedJob {
  kind: "job";
  id: string;
  userId: string;
  productId: string | null;
  jobKind: string;
  quality: string;
  cost: number;
  status: string;
  error: string | null;
  imageId: string | null;
  createdAt: number;
  finishedAt: number | null;
}

export interface ArchivedBatch {
  kind: "batch";
  id: string;
  userId: string;
  batchKind: string;
  includeModel: boolean;
  quality: string;
  provider: string;
  unitCost: number;
  size: number;
  notify: boolean;
  notifiedAt: number | null;
  origin: string | null;
  createdAt: number;
}

export interface ArchivedBatchItem {
  kind: "item";
  id: string;
  batchId: string;
  userId: string;
  productId: string | null;
  position: number;
  status: string;
  draftFrom: string | null;
  draftedAt: number | null;
  error: string | null;
  sentAt: number | null;
  heldAt: number | null;
  startedAt: number | null;
  finishedAt: number | null;
}

/** An order as it was in D1; `lines` and `history` are its JSON columns, parsed. */
export interface ArchivedOrder {
  kind: "order";
  id: string;
  userId: string;
  code: string;
  lines: { productId: string; name: string; color?: string | null; size: string | null; quantity: number; unitPrice: number }[];
  total: number;
  subtotal: number | null;
  buyerName: string | null;
  delivery: string | null;
  note: string | null;
  buyerPhone: string | null;
  deliveryZone: string | null;
  deliveryCost: number | null;
  pickupAddress: string | null;
  deliveryStreet: string | null;
  deliveryLocality: string | null;
  deliveryReference: string | null;
  /** Missing from orders archived before it was kept. */
  deliveryPostalCode?: string | null;
  paymentMethod: string | null;
  paymentDetails: string | null;
  currency: string | null;
  locale: string | null;
  token: string | null;
  status: string;
  history: { status: string; at: string }[];
  createdAt: number;
  stockTakenAt: number | null;
  stockReturnedAt: number | null;
  /** Only on orders placed with a discount code. */
  coupon?: { id: string | null; code: string; kind: string; discount: number; returnedAt: number | null };
}

export type ArchiveLine = ArchivedLedgerRow | ArchivedJob | ArchivedBatch | ArchivedBatchItem | ArchivedOrder;

/** What a ledger_archives row says of its object. */
export interface ArchiveSummary {
  object_key: string;
  user_id: string;
  first_id: number;
  last_id: number;
  entries: number;
  delta_sum: number;
  jobs: number;
  batches: number;
}

/** What an order_archives row says of its object. */
export interface OrderArchiveSummary {
  object_key: string;
  user_id: string;
  orders: number;
  total_sum: number;
}

export async function gzipLines(lines: ArchiveLine[]): Promise<Uint8Array> {
  const text = lines.map((line) => `${JSON.stringify(line)}\n`).join("");
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function gunzipLines(bytes: ArrayBuffer): Promise<ArchiveLine[]> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  const text = await new Response(stream).text();
  return text
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as ArchiveLine);
}

/**
 * What is wrong with one archived object of money movements against its summary row: missing, other rows,
 * sums or ids, another seller's rows, or a picture whose charge and refund did not go with it. A picture is a
 * generation job in an object of generations, a batch's item in one of batches: charged once at its cost, and
 * refunded exactly when it ended without an image (a failed job; an item cancelled or failed before it began).
 * A batch goes with all its items, a begun item with its finished job. Empty when it holds.
 */
export function archiveProblems(summary: ArchiveSummary, lines: ArchiveLine[] | undefined): string[] {
  if (!lines) return ["object missing"];
  const problems: string[] = [];
  const ledger = lines.filter((l): l is ArchivedLedgerRow => l.kind === "ledger");
  const jobs = lines.filter((l): l is ArchivedJob => l.kind === "job");
  const batches = lines.filter((l): l is ArchivedBatch => l.kind === "batch");
  const items = lines.filter((l): l is ArchivedBatchItem => l.kind === "item");
  const ids = ledger.map((l) => l.id);
  const sum = ledger.reduce((total, l) => total + l.delta, 0);
  if (ledger.length !== summary.entries) problems.push(`${ledger.length} ledger rows, summary says ${summary.entries}`);
  if (sum !== summary.delta_sum) problems.push(`deltas sum ${sum}, summary says ${summary.delta_sum}`);
  if (batches.length !== (summary.batches ?? 0)) problems.push(`${batches.length} batches, summary says ${summary.batches ?? 0}`);
  if (ids.length > 0 && (Math.min(...ids) !== summary.first_id || Math.max(...ids) !== summary.last_id)) {
    problems.push(`ledger ids ${Math.min(...ids)}-${Math.max(...ids)}, summary says ${summary.first_id}-${summary.last_id}`);
  }
  if (lines.some((l) => l.userId !== summary.user_id)) problems.push("rows of another seller");
  if (lines.some((l) => l.kind === "order")) problems.push("an order among money movements");
  const byKey = new Map(ledger.map((l) => [l.idempotencyKey, l]));
  if (byKey.size !== ledger.length) problems.push("a ledger key twice");
  const jobById = new Map(jobs.map((j) => [j.id, j]));
  const batchById = new Map(batches.map((b) => [b.id, b]));
  // What each charged picture should have: its cost, and whether it ended without an image (refunded).
  const pictures: { id: string; cost: number; refunded: boolean | null }[] =
    batches.length === 0 && items.length === 0
      ? jobs.map((j) => ({ id: j.id, cost: j.cost, refunded: j.status === "succeeded" ? false : j.status === "failed" ? true : null }))
      : items.map((i) => {
          const job = jobById.get(i.id);
          const cost = batchById.get(i.batchId)?.unitCost ?? Number.NaN;
          if (i.status === "started")
            return { id: i.id, cost, refunded: job?.status === "succeeded" ? false : job?.status === "failed" ? true : null };
          if (job) problems.push(`batch picture ${i.id} ${i.status} with a job`);
          return { id: i.id, cost, refunded: i.status === "cancelled" || i.status === "failed" ? true : null };
        });
  if (pictures.length !== summary.jobs) problems.push(`${pictures.length} pictures, summary says ${summary.jobs}`);
  for (const picture of pictures) {
    const charge = byKey.get(`job:${picture.id}`);
    const refund = byKey.get(`refund:${picture.id}`);
    if (!charge || charge.delta !== -picture.cost) problems.push(`picture ${picture.id} without its charge`);
    if (picture.refunded === null) problems.push(`picture ${picture.id} not finished`);
    if (picture.refunded === false && refund) problems.push(`succeeded picture ${picture.id} refunded`);
    if (picture.refunded === true && (!refund || refund.delta !== picture.cost))
      problems.push(`failed picture ${picture.id} without its refund`);
  }
  for (const batch of batches) {
    const count = items.filter((i) => i.batchId === batch.id).length;
    if (count !== batch.size) problems.push(`batch ${batch.id} of ${batch.size} pictures with ${count}`);
  }
  if (items.some((i) => !batchById.has(i.batchId))) problems.push("a batch picture without its batch");
  const pictureIds = new Set(pictures.map((p) => p.id));
  if (jobs.some((j) => !pictureIds.has(j.id))) problems.push("a job that is not one of the object's pictures");
  for (const l of ledger) {
    if (!pictureIds.has(l.idempotencyKey.slice(l.idempotencyKey.indexOf(":") + 1))) problems.push(`ledger row ${l.id} without its job`);
  }
  return problems;
}

/** What is wrong with one archived object of orders against its summary row. Empty when it holds. */
export function orderArchiveProblems(summary: OrderArchiveSummary, lines: ArchiveLine[] | undefined): string[] {
  if (!lines) return ["object missing"];
  const problems: string[] = [];
  const orders = lines.filter((l): l is ArchivedOrder => l.kind === "order");
  if (orders.length !== lines.length) problems.push("rows that are not orders");
  if (orders.length !== summary.orders) problems.push(`${orders.length} orders, summary says ${summary.orders}`);
  const total = orders.reduce((sum, o) => sum + o.total, 0);
  if (Math.abs(total - summary.total_sum) > 1e-6 * Math.max(1, Math.abs(total)))
    problems.push(`totals sum ${total}, summary says ${summary.total_sum}`);
  if (lines.some((l) => l.userId !== summary.user_id)) problems.push("rows of another seller");
  if (new Set(orders.map((o) => o.id)).size !== orders.length) problems.push("an order twice");
  if (orders.some((o) => o.status !== "entregado" && o.status !== "cancelado")) problems.push("an order not finished");
  return problems;
}
