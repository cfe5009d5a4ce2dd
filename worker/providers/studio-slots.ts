/**
 * How many studio pictures one isolate makes at the same time. Each holds
 * 10–15 MiB of pixels while it runs, and Durable Objects of one class can
 * share an isolate (128 MB): 50 jobs at once all decoding together took
 * workerd from 190 MiB to 870 MiB locally, and every job finished only when
 * the last did. Queued here, each job waits with nothing but its photo's
 * bytes, and jobs finish one after another.
 *
 * Why waiting jobs poll instead of being woken: every job runs in its own
 * Durable Object, and workerd gives each object its own I/O context. A job
 * that frees its slot cannot resolve a promise another job is awaiting: the
 * continuation then runs in the wrong object ("Cannot perform I/O on behalf
 * of a different Durable Object") or, in production's workerd, is handed to
 * the waiting object's context, which with nobody connected to it counts as
 * hung and is cancelled ("A promise was resolved or rejected from a different
 * request context"). Either way the job sat until its heartbeat or deadline.
 * So the only thing shared between objects here is plain data (the holders
 * and the line of tickets); each waiting job checks its own place on its own
 * timer, in its own context, and takes a slot itself. A single slot-keeping
 * Durable Object would not fit: what is limited is this isolate's memory, and
 * one object for the whole deployment would cap every isolate together at
 * two pictures (and add a round trip to each).
 */
export const STUDIO_SLOTS = 2;

/** How often the first jobs in line look for a free slot: a picture takes a second or more, so this costs it little. */
export const FIRST_LOOK_MS = 20;
/** Jobs further back look less often (their turn is pictures away), up to this. */
const LAST_LOOK_MS = 500;
/**
 * A ticket not looked at for this long belongs to a job that is gone (its object evicted or its context
 * cancelled): it loses its place so the line moves. Well above the stretch a picture keeps the thread busy
 * (a second or two; timers fire late meanwhile); a job wrongly dropped just takes a place at the back on
 * its next look, so erring short costs only its place.
 */
const TICKET_GONE_MS = 10_000;
/**
 * A slot held this long is taken back: its picture (about a second) was abandoned without the `finally`
 * that frees it (a context cancelled mid-picture). The job's own deadline is 120 s.
 */
const SLOT_LEASE_MS = 60_000;

interface Ticket {
  /** When its job last looked at its place. */
  seen: number;
}

/** Slots in use, each with when it was taken. */
const holders = new Map<symbol, number>();
/** Jobs waiting, first come first served. */
const line: Ticket[] = [];

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A turn of the event loop for whatever else waits on this thread (a request, another job's I/O): a promise
 * that is already settled would not give one, its continuation runs before any of them.
 */
export const letOthersRun = () => pause(0);

export async function inStudioSlot<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const slot = await takeSlot(signal);
  try {
    // Pictures are long stretches of CPU on the isolate's one thread: yielding first lets the jobs that
    // just finished store their image and answer, instead of all of them waiting for the last picture.
    await pause(0);
    return await work();
  } finally {
    holders.delete(slot);
  }
}

/** What the queue holds now, for tests and logs. */
export function studioQueue() {
  return { running: holders.size, waiting: line.length };
}

async function takeSlot(signal?: AbortSignal): Promise<symbol> {
  const ticket: Ticket = { seen: Date.now() };
  line.push(ticket);
  try {
    for (;;) {
      signal?.throwIfAborted();
      const now = Date.now();
      ticket.seen = now;
      forgetTheGone(now);
      // Dropped as gone while the thread was busy elsewhere: back in line rather than lost.
      if (!line.includes(ticket)) line.push(ticket);
      const place = line.indexOf(ticket);
      const free = STUDIO_SLOTS - holders.size;
      if (place < free) {
        line.splice(place, 1);
        const slot = Symbol("studio slot");
        holders.set(slot, now);
        return slot;
      }
      await pause(Math.min(LAST_LOOK_MS, FIRST_LOOK_MS * (1 + place - Math.max(0, free))));
    }
  } catch (err) {
    const at = line.indexOf(ticket);
    if (at >= 0) line.splice(at, 1);
    throw err;
  }
}

function forgetTheGone(now: number) {
  for (const [slot, since] of holders) if (now - since > SLOT_LEASE_MS) holders.delete(slot);
  for (let i = line.length - 1; i >= 0; i--) if (now - line[i]!.seen > TICKET_GONE_MS) line.splice(i, 1);
}
