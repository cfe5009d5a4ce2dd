/**
 * The archive's NDJSON format (worker/lib/archive.ts writes it into the DATA bucket, gzipped): one JSON object
 * a line, a generation job or one of its ledger rows, as they were in D1 (dates as epoch milliseconds). Read
 * back by the data export and checked against its summary row by the ledger checks; no imports, so
 * `npm run check:ledger` (Node) reads it too.
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

export type ArchiveLine = ArchivedLedgerRow | ArchivedJob;

/** What a ledger_archives row says of its object. */
export interface ArchiveSummary {
  object_key: string;
  user_id: string;
  first_id: number;
  last_id: number;
  entries: number;
  delta_sum: number;
  jobs: number;
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
 * What is wrong with one archived object against its summary row: missing, other rows, sums or ids, another
 * seller's rows, or a job whose charge and refund did not go with it (a succeeded job charged once and never
 * refunded, a failed one charged and refunded by the same amount). Empty when it holds.
 */
export function archiveProblems(summary: ArchiveSummary, lines: ArchiveLine[] | undefined): string[] {
  if (!lines) return ["object missing"];
  const problems: string[] = [];
  const ledger = lines.filter((l): l is ArchivedLedgerRow => l.kind === "ledger");
  const jobs = lines.filter((l): l is ArchivedJob => l.kind === "job");
  const ids = ledger.map((l) => l.id);
  const sum = ledger.reduce((total, l) => total + l.delta, 0);
  if (ledger.length !== summary.entries) problems.push(`${ledger.length} ledger rows, summary says ${summary.entries}`);
  if (sum !== summary.delta_sum) problems.push(`deltas sum ${sum}, summary says ${summary.delta_sum}`);
  if (jobs.length !== summary.jobs) problems.push(`${jobs.length} jobs, summary says ${summary.jobs}`);
  if (ids.length > 0 && (Math.min(...ids) !== summary.first_id || Math.max(...ids) !== summary.last_id)) {
    problems.push(`ledger ids ${Math.min(...ids)}-${Math.max(...ids)}, summary says ${summary.first_id}-${summary.last_id}`);
  }
  if (lines.some((l) => l.userId !== summary.user_id)) problems.push("rows of another seller");
  const byKey = new Map(ledger.map((l) => [l.idempotencyKey, l]));
  if (byKey.size !== ledger.length) problems.push("a ledger key twice");
  for (const job of jobs) {
    const charge = byKey.get(`job:${job.id}`);
    const refund = byKey.get(`refund:${job.id}`);
    if (!charge || charge.delta !== -job.cost) problems.push(`job ${job.id} without its charge`);
    if (job.status === "succeeded" && refund) problems.push(`succeeded job ${job.id} refunded`);
    if (job.status === "failed" && (!refund || refund.delta !== job.cost)) problems.push(`failed job ${job.id} without its refund`);
  }
  const jobIds = new Set(jobs.map((j) => j.id));
  for (const l of ledger) {
    if (!jobIds.has(l.idempotencyKey.slice(l.idempotencyKey.indexOf(":") + 1))) problems.push(`ledger row ${l.id} without its job`);
  }
  return problems;
}
