/**
 * What a person sees and can tap, not what the DOM holds. A line of a cart squeezed to 0 px, a button under
 * a sticky footer or a toast, a text clipped by an `overflow: hidden` parent: each is in the DOM, each passes a
 * locator's `isVisible()`, and none is there for a person. These checks scroll the element into view the way a
 * finger would, then ask the page what is really at the element's centre.
 */
import type { Locator } from "playwright-core";
import { expect } from "vitest";
import { STATE_MS } from "./chromium";

/** Apple's and WCAG 2.5.5's minimum for something a finger taps. */
export const MIN_TARGET_PX = 44;

/** WCAG 2.5.8's minimum for something a mouse clicks, on a wide screen with a fine pointer. */
export const MIN_POINTER_TARGET_PX = 24;

/**
 * Where a finger taps: the screens' own rule for 44 px targets (web/styles.css, web/store/store.css), a
 * phone's width or a coarse pointer. A desktop screen is held to the mouse's 24 px.
 */
const FINGER_MEDIA = "(max-width: 639.98px), (pointer: coarse)";

/** What the page answers for an element no longer in it (it has no name left to say it with). */
const REPLACED = "replaced";

export interface SeenReport {
  /** Why the element is not seen, or null when it is. */
  problem: string | null;
  box: { x: number; y: number; width: number; height: number } | null;
  /** A radio or checkbox inside its label: it is tapped on its label, where a finger lands. */
  onLabel: boolean;
}

/**
 * Scrolls `locator` (one element) into view and reports whether a person sees it: a box of at least 2×2 px,
 * inside the viewport, not cut by a clipping ancestor, and the point at its centre belongs to it (not to a
 * cover: a dialog, a sticky bar, a toast). With `target`, it must also be at least 44×44 px where a finger
 * taps (a phone), 24×24 where a mouse clicks (a desktop screen).
 *
 * One call into the page does it all (scroll, measure, look again after a second scroll): a call on a locator
 * costs about 7.6 ms of CPU across the test, the browser and the page, and Playwright's own scroll 12.5 ms and
 * two frames (measured with playwright-core against the headless shell).
 */
export async function seenReport(locator: Locator, { target = false }: { target?: boolean } = {}): Promise<SeenReport> {
  const report = await locator.evaluate(
    lookAt,
    { target, media: FINGER_MEDIA, finger: MIN_TARGET_PX, pointer: MIN_POINTER_TARGET_PX, replaced: REPLACED },
    { timeout: STATE_MS },
  );
  // React may replace the element between finding it and looking at it (a list re-keyed, a header re-drawn by a
  // poll); a person then sees the new one, so the caller looks again.
  return report.problem === REPLACED ? { ...report, problem: `${locator} was replaced while it was being looked at` } : report;
}

interface LookArgs {
  target: boolean;
  media: string;
  finger: number;
  pointer: number;
  replaced: string;
}

/** Runs in the page: scrolls the element into view as a finger would, then reports what a person sees of it. */
function lookAt(element: Element, { target, media, finger, pointer, replaced }: LookArgs): SeenReport {
  if (!element.isConnected) return { problem: replaced, box: null, onLabel: false };
  const min = matchMedia(media).matches ? finger : pointer;
  // A radio or checkbox inside its label is seen and tapped through the whole label: the input itself is often
  // drawn by its label and kept 1 px (a pack card, a chip).
  const choice = element instanceof HTMLInputElement && (element.type === "radio" || element.type === "checkbox");
  const choiceLabel = choice ? element.closest("label") : null;
  const el = choiceLabel ?? element;
  const onLabel = choiceLabel !== null;
  // Any field's label: a tap on its text lands on the field.
  const hitLabel = element instanceof HTMLInputElement ? element.closest("label") : null;
  // The report of the element where it is now; inside, as the page gets this function's source alone.
  const look = (): SeenReport => {
    const rect = el.getBoundingClientRect();
    const box = { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    const name = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    if (rect.width < 2 || rect.height < 2)
      return { problem: `${name} is ${Math.round(rect.width)}×${Math.round(rect.height)} px`, box, onLabel };
    // What of the box survives every ancestor that clips its overflow, and the viewport.
    let left = rect.left;
    let top = rect.top;
    let right = rect.right;
    let bottom = rect.bottom;
    for (let a = el.parentElement; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const r = a.getBoundingClientRect();
      left = Math.max(left, r.left);
      top = Math.max(top, r.top);
      right = Math.min(right, r.right);
      bottom = Math.min(bottom, r.bottom);
    }
    left = Math.max(left, 0);
    top = Math.max(top, 0);
    right = Math.min(right, window.innerWidth);
    bottom = Math.min(bottom, window.innerHeight);
    const shownWidth = right - left;
    const shownHeight = bottom - top;
    if (shownWidth < 2 || shownHeight < 2)
      return { problem: `${name} is clipped out of view (${Math.round(shownWidth)}×${Math.round(shownHeight)} px shown)`, box, onLabel };
    // A target must be whole and big enough: half a button is not something to aim at.
    if (target) {
      if (shownWidth + 1.5 < rect.width || shownHeight + 1.5 < rect.height)
        return {
          problem: `${name} is cut: ${Math.round(shownWidth)}×${Math.round(shownHeight)} of ${Math.round(rect.width)}×${Math.round(rect.height)} px shown`,
          box,
          onLabel,
        };
      const tapBox = rect;
      if (tapBox.width < min - 0.5 || tapBox.height < min - 0.5)
        return { problem: `${name} is ${Math.round(tapBox.width)}×${Math.round(tapBox.height)} px, under ${min}×${min}`, box, onLabel };
    }
    const x = (left + right) / 2;
    const y = (top + bottom) / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(el === hit || el.contains(hit) || hitLabel?.contains(hit))) {
      const cover = hit
        ? `${hit.tagName.toLowerCase()}${hit.id ? `#${hit.id}` : ""}${typeof hit.className === "string" && hit.className ? `.${hit.className.trim().split(/\s+/).slice(0, 2).join(".")}` : ""}`
        : "nothing";
      return { problem: `${name} is covered at its centre by ${cover}`, box, onLabel };
    }
    return { problem: null, box, onLabel };
  };
  // Blink's own "if needed" (what Playwright's scrollIntoViewIfNeeded asks for): nothing moves when the element
  // is already in view, and it is centred when it is not.
  (element as Element & { scrollIntoViewIfNeeded(center?: boolean): void }).scrollIntoViewIfNeeded(true);
  const first = look();
  // Scrolled only "if needed", an element at the edge may sit under a sticky header; a person scrolls on until it
  // is clear. A fixed cover (a bar, a toast, a dialog) covers it wherever it is scrolled to.
  if (!first.problem?.includes("covered")) return first;
  element.scrollIntoView({ block: "center", inline: "nearest" });
  return look();
}

/** Waits until a person sees `locator` (in view, uncovered, unclipped), and fails with why not. */
export async function expectSeen(locator: Locator, options: { target?: boolean; timeout?: number } = {}): Promise<SeenReport> {
  await locator.waitFor({ state: "visible", timeout: options.timeout ?? STATE_MS });
  const deadline = Date.now() + (options.timeout ?? STATE_MS);
  let report = await seenReport(locator, options);
  // An animation or a late layout may still be moving it; the state, not a clock, ends the wait.
  while (report.problem && Date.now() < deadline) {
    await locator.page().waitForTimeout(100);
    report = await seenReport(locator, options);
  }
  // Said whole: an expectation's diff would cut the problem to its first words ("is clipped out of v…").
  if (report.problem) expect.fail(`what a person sees: ${report.problem}`);
  return report;
}

/** A target a finger (44×44 px on a phone) or a mouse (24×24 on a desktop) can hit: seen and whole. */
export const expectTappable = (locator: Locator, options: { timeout?: number } = {}) => expectSeen(locator, { ...options, target: true });

/** Taps `locator` as a person would: only once it is seen and big enough, then a click at its centre. */
export async function tap(locator: Locator, options: { timeout?: number } = {}): Promise<void> {
  const { onLabel } = await expectTappable(locator, options);
  // A radio or checkbox drawn by its label is tapped on its label, where a finger lands.
  await (onLabel ? locator.locator("xpath=ancestor::label[1]") : locator).click({ timeout: options.timeout ?? STATE_MS });
}

/** Reads what a person sees of `locator`: fails when it is in the DOM but not on screen. */
export async function seenText(locator: Locator, options: { timeout?: number } = {}): Promise<string> {
  await expectSeen(locator, options);
  return (await locator.innerText()).trim();
}
