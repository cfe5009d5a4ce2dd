/** Hosts that only a developer's own machine (or a test) answers: where offline stand-ins may run. */
export function isLocalHost(requestUrl: string): boolean {
  const host = new URL(requestUrl).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]" || host.endsWith(".localhost") || host.endsWith(".test");
}
