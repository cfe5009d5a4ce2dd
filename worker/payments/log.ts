import { log, type LogFields, type LogLevel } from "../lib/log";

/** Payment events carry the request that caused them and the provider; never card or personal data. */
export function paymentsLog(requestId: string | undefined, provider: string) {
  return (level: LogLevel, message: string, fields: LogFields = {}) => log(level, message, { requestId, provider, ...fields });
}
