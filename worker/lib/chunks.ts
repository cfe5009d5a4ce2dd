/** `items` in runs of at most `size`: D1 binds at most 100 parameters a statement, so bulk statements go in chunks. */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
