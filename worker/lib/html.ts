/** Text safe inside HTML: every seller- or shopper-supplied string on a server-rendered page or e-mail goes through it. */
export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
