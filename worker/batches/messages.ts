/**
 * What travels on the batch queue: ids only (a message is at most 128 KB; the photo stays in R2).
 * - "item": a charged picture to hand to its provider's gate;
 * - "draft": a photo uploaded for the batch, to be named from what it shows.
 */
export type BatchMessage = { type: "item"; item: string } | { type: "draft"; item: string };

/** The batch queue's name and its dead-letter queue's, as wrangler.toml declares them: the Worker's queue()
 * handler and the consumer tell their messages apart by them. */
export const BATCH_QUEUE = "vidriera-batch";
export const BATCH_DEAD_LETTERS = "vidriera-batch-dlq";

/** Messages per sendBatch call (the Queues limit). */
export const SEND_BATCH_MAX = 100;

/** Sends messages in the chunks the queue takes. */
export async function sendMessages(queue: Queue<BatchMessage>, messages: BatchMessage[]): Promise<void> {
  for (let i = 0; i < messages.length; i += SEND_BATCH_MAX) {
    await queue.sendBatch(messages.slice(i, i + SEND_BATCH_MAX).map((body) => ({ body, contentType: "json" as const })));
  }
}
