export type LogLevel = "info" | "warn" | "error";

/** One structured line per payment event, tied to the request that caused it; never card or personal data. */
export function paymentsLog(requestId: string | undefined, provider: string) {
  return (level: LogLevel, message: string, fields: Record<string, unknown> = {}) => {
    const line = JSON.stringify({ level, requestId, provider, message, ...fields });
    if (level === "error") console.error(line);
    else if (level === "warn") console.warn(line);
    else console.log(line);
  };
}
