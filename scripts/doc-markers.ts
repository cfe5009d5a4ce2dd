/**
 * Generated tables live between two HTML-comment markers in a Markdown file (the README, docs/*.md): this puts
 * a table between them, and refuses a text without both, in order, naming the file.
 */
export function betweenMarkers(text: string, [start, end]: readonly [string, string], table: string, file: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} has no ${start} … ${end} markers`);
  return `${text.slice(0, from + start.length)}\n${table}\n${text.slice(to)}`;
}
