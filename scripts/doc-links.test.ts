import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { brokenLinks, headingAnchors, relativeLinks } from "./doc-links.ts";

const root = join(import.meta.dirname, "..");
const docs = [
  "README.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

describe("the README and docs/", () => {
  it("are the front door and one file per reader", () => {
    expect(docs).toEqual(
      expect.arrayContaining([
        "docs/architecture.md",
        "docs/operations.md",
        "docs/testing.md",
        "docs/performance.md",
        "docs/reliability.md",
      ]),
    );
    expect(readFileSync(join(root, "README.md"), "utf8").split("\n").length).toBeLessThanOrEqual(200);
  });

  it("link only to files and headings that exist", () => {
    const read = (path: string) => readFileSync(join(root, path), "utf8");
    const broken = docs.flatMap((doc) =>
      brokenLinks(
        doc,
        read(doc),
        (path) => existsSync(join(root, path)),
        (path) => headingAnchors(read(path)),
      ).map((link) => `${doc}: ${link}`),
    );
    expect(broken).toEqual([]);
  });

  it("links each docs/ file from the README", () => {
    const readme = relativeLinks(readFileSync(join(root, "README.md"), "utf8")).map((link) => link.split("#")[0]);
    for (const doc of docs.filter((path) => path.startsWith("docs/")))
      expect(readme, doc).toContain(relative(dirname(join(root, "README.md")), join(root, doc)));
  });
});

describe("the link check", () => {
  it("finds Markdown links and image sources, and leaves web addresses alone", () => {
    const text =
      '[a](docs/x.md) [b](https://example.com/y) <img src="docs/img/z.jpg"> [c](#top) [d](mailto:x@y.z) [e](../README.md#two-commands)';
    expect(relativeLinks(text)).toEqual(["docs/x.md", "#top", "../README.md#two-commands", "docs/img/z.jpg"]);
  });

  it("names a missing file and a missing heading, resolved from the linking file", () => {
    const files = new Set(["README.md", "docs/a.md"]);
    const anchors = (path: string) => (path === "README.md" ? new Set(["two-commands"]) : new Set(["the-map-and-its-layers"]));
    const text = "[ok](../README.md#two-commands) [gone](b.md) [bad anchor](../README.md#three-commands) [here](#the-map-and-its-layers)";
    expect(brokenLinks("docs/a.md", text, (path) => files.has(path), anchors)).toEqual(["b.md", "../README.md#three-commands"]);
  });

  it("reads anchors as GitHub makes them from headings", () => {
    expect(
      headingAnchors(
        "# Vidriera\n## Two commands\n### What a deployment needs\n## Store pages: images, browsing and reads\n```\n# not a heading\n```\n",
      ),
    ).toEqual(new Set(["vidriera", "two-commands", "what-a-deployment-needs", "store-pages-images-browsing-and-reads"]));
  });
});
