import { Fragment, type ReactNode } from "react";
import type { Values } from "../../i18n/texts";

// Characters of Unicode's private use area: never in a message nor in a value the seller typed into one.
const OPEN = "\uE000";
const CLOSE = "\uE001";

/**
 * A message with some of its values as elements (a <strong> amount): the translator places the values where
 * its language puts them, and the elements go where the values landed.
 */
export function rich(translate: (values: Values) => string, values: Record<string, string | number | ReactNode>): ReactNode {
  const nodes: ReactNode[] = [];
  const plain: Values = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === "string" || typeof value === "number") plain[name] = value;
    else {
      plain[name] = `${OPEN}${nodes.length}${CLOSE}`;
      nodes.push(value);
    }
  }
  const parts = translate(plain).split(new RegExp(`${OPEN}(\\d+)${CLOSE}`));
  // split() with a group alternates text and the captured index: odd places are the elements.
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message, never reordered
    <Fragment key={i}>{i % 2 ? nodes[Number(part)] : part}</Fragment>
  ));
}
