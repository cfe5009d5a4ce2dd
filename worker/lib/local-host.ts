/** Whether a request reached a developer's machine or a test (never a deployment): offline stand-ins are allowed there. */
export function isLocalHost(requestUrl: string): boolean {
  const host = new URL(requestUrl).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]" || host.endsWith(".localhost") || host.endsWith(".test");
}
