import { storeShareUrl } from "../../common/store";
import type { ShareRef } from "../../common/store";

/**
 * The store's public link as the admin, the payment preview and the store
 * itself show it: this app's own origin + /u/<username> (DECISIONS.md: the
 * spec's `my.{host}` is only an operator's choice of host, which the app is
 * then served from).
 */
export function publicStoreLink(username: string, origin: string = window.location.origin, ref?: ShareRef): { url: string; label: string } {
  const url = storeShareUrl(origin, username, ref);
  return { url, label: url.replace(/^https?:\/\//, "") };
}
