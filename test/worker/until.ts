/**
 * Reads a state until it is reached: Worker tests wait for what the queue, the cron or the object does, never
 * for a clock. The bound only ends a test that is really stuck, and its error says what was last read.
 */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, boundMs = 90_000): Promise<T> {
  const bound = Date.now() + boundMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > bound) throw new Error(`state not reached: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}
