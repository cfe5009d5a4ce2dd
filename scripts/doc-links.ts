/**
 * The relative links of the README and docs/ (scripts/doc-links.test.ts checks that each resolves): Markdown
 * links and `<img src>`, each read from the file that holds it, with `#anchors` checked against the target's
 * headings as GitHub names them. Web addresses and mail links are not followed: no network in the tests.
 */
import { dirname, join, normalize } from "node:path";

/** Every relative link target in a Markdown text, in order: Markdown links first, then image sources. */
export function relativeLinks(text: string): string[] {
  const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g), ...text.matchAll(/\bsrc="([^"]+)"/g)].map((match) => match[1]!);
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** The anchors GitHub gives a Markdown file's headings (outside code blocks). */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  let inCode = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) inCode = !inCode;
    const heading = !inCode && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    anchors.add(slug);
  }
  return anchors;
}

/** The links of `file` (a path from the root) whose file, or heading, does not exist. */
export function brokenLinks(
  file: string,
  text: string,
  exists: (path: string) => boolean,
  anchorsOf: (path: string) => Set<string>,
): string[] {
  return relativeLinks(text).filter((link) => {
    const [path, anchor] = link.split("#") as [string, string | undefined];
    const target = path ? normalize(join(dirname(file), path)) : file;
    if (!exists(target)) return true;
    return anchor !== undefined && target.endsWith(".md") && !anchorsOf(target).has(anchor);
  });
}
