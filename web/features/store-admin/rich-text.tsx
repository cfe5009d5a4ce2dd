import { Fragment, type ReactNode } from "react";

const MARK = "\uE000";

/**
 * A translated sentence with parts set apart (a bold price): `rich(t, "key", { before: <strong>…</strong> })`.
 * The message keeps its words in one piece for translators; each node goes where its placeholder is.
 */
export function rich(text: (values: Record<string, string>) => string, nodes: Record<string, ReactNode>): ReactNode {
  const names = Object.keys(nodes);
  const marked = text(Object.fromEntries(names.map((name, i) => [name, `${MARK}${i}${MARK}`])));
  return marked.split(MARK).map((part, i) => (
    // Odd parts are the markers' numbers; a sentence's parts never move, so their place is their key.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={i}>{i % 2 ? nodes[names[Number(part)]!] : part}</Fragment>
  ));
}
