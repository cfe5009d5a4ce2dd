/** axe-core in the real Chromium: WCAG 2.2 A and AA (contrast included), for e2e/a11y.test.ts and any screen's own test. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { expect } from "vitest";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

interface Finding {
  rule: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe in the page (page.evaluate is not subject to the app's CSP) and lists what fails. */
export async function audit(page: Page): Promise<Finding[]> {
  // Entrance transitions and animations (toasts, dialogs) end first, so contrast is measured on final colours;
  // a looping one (a spinner where motion is allowed) never ends and is not waited for.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
    undefined,
    { polling: 50 },
  );
  // 640 KB of script to send and compile: once per document, not once per audit.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    interface AxeViolation {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: string[]; failureSummary?: string }[];
    }
    const { violations } = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(" ")} — ${n.failureSummary ?? ""}`.slice(0, 400)),
    }));
  }, WCAG_AA);
}

const report = (findings: Finding[]) => findings.map((f) => `${f.rule} (${f.impact}): ${f.help}\n    ${f.nodes.join("\n    ")}`).join("\n");

export async function expectClean(page: Page, where: string) {
  const findings = await audit(page);
  expect(findings, `${where}\n${report(findings)}`).toEqual([]);
}
