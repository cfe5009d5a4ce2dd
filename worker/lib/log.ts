import { AsyncLocalStorage } from "node:async_hooks";

export type LogLevel = "info" | "warn" | "error";

/**
 * Only flat values: an object or a body cannot slip into a log line whole.
 * Callers pass ids, counts, statuses and fixed reason codes, never e-mails,
 * names, phones, prompts, tokens or what a provider or a person sent.
 */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

const requestScope = new AsyncLocalStorage<string>();

/** Runs `work` with `requestId` as the request every log line inside it belongs to. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return requestScope.run(requestId, work);
}

/** The id of the request being served, when there is one (none inside a Durable Object's alarm). */
export function currentRequestId(): string | undefined {
  return requestScope.getStore();
}

/** One JSON line: level, message, the request it belongs to, then the fields. */
export function log(level: LogLevel, message: string, fields: LogFields = {}) {
  const line = JSON.stringify({ level, message, requestId: currentRequestId(), ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/**
 * What may be logged of a thrown error: its class, never its message, which
 * can carry a provider's answer, a URL with a key, or what a person typed.
 */
export function errorName(err: unknown): string {
  if (err instanceof Error) return err.constructor.name === "Error" ? err.name : err.constructor.name;
  return typeof err;
}
