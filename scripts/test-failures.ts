/**
 * A failed step's own words for the end of `npm test` (scripts/test-all.ts): a CI log is often read from its
 * tail, and the step's whole output may be hundreds of lines above it.
 */
import { stripVTControlCharacters } from "node:util";

const tidy = (line: string) => line.trim().replace(/\s+/g, " ");

/** vitest's FAIL lines (each failing file or test, with the first line of its error), else the last lines. */
export function whatFailed(output: string, most = 20): string {
  const lines = stripVTControlCharacters(output).split("\n");
  const failures: string[] = [];
  lines.forEach((line, i) => {
    if (!/^\s*FAIL\s/.test(line)) return;
    const error = lines.slice(i + 1, i + 4).find((next) => /\w*Error\b|expected|Timeout/.test(next));
    const entry = `  ${tidy(line)}${error ? `\n      ${tidy(error)}` : ""}`;
    if (!failures.includes(entry)) failures.push(entry);
  });
  const picked = failures.length
    ? failures
    : lines
        .filter((line) => line.trim())
        .slice(-15)
        .map((line) => `  ${line}`);
  return picked.slice(0, most).join("\n");
}
