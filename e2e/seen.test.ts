/**
 * The checks of e2e/seen.ts must fail where a person would see nothing: a screen test that passes while the
 * shopper sees a 0-px list is the defect they exist to catch. One planted page holds each way an element is in
 * the DOM yet not there for a finger (a list squeezed to 0 px inside a drawer that clips, a button under a
 * fixed bar, a link too small to aim at) and one good button; each check names the problem, or passes.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage, useChromium } from "./chromium";
import { expectSeen, expectTappable, seenReport, seenText, tap } from "./seen";

const chromium = useChromium();

/** What the cart drawer looked like before it became one scrolling column: the form took the lines' height. */
const PLANTED = `<!doctype html><html><head><meta name="viewport" content="width=device-width"><style>
body{margin:0;font:16px system-ui}
.drawer{position:fixed;top:0;right:0;bottom:0;width:100%;display:flex;flex-direction:column;overflow:hidden;background:#fff}
.lines{flex:1;min-height:0;overflow-y:auto;margin:0;padding:0;list-style:none}
.form{flex:none;height:2000px;background:#f1f5f9}
.send{position:fixed;left:16px;bottom:24px;width:240px;height:48px;z-index:1}
.bar{position:fixed;left:0;right:0;bottom:0;height:96px;z-index:2;background:#0f172a;color:#fff}
.small{position:fixed;top:16px;left:16px;display:inline-block;width:30px;height:16px;font-size:12px;z-index:3;background:#fff}
.good{position:fixed;top:80px;left:16px;width:160px;height:48px;z-index:3}
</style></head><body>
<div class="drawer"><ul class="lines" aria-label="Líneas"><li>Remera lisa · Talle M <button type="button">Eliminar</button></li></ul><div class="form">Tu nombre</div></div>
<button type="button" class="send">Finalizar Compra</button>
<div class="bar">Total $ 16.000</div>
<a class="small" href="#pedido">Ver</a>
<button type="button" class="good" onclick="this.dataset.taps=String(Number(this.dataset.taps||0)+1)">Seguir comprando</button>
</body></html>`;

async function planted(): Promise<Page> {
  const { page } = await newPage(chromium.browser, { mobile: true });
  await page.setContent(PLANTED);
  return page;
}

describe("the checks of what a person sees (e2e/seen.ts)", () => {
  it("report a line inside a 0-px list clipped by its drawer, though the DOM holds it and Playwright calls it visible", async () => {
    const page = await planted();
    const list = page.getByRole("list", { name: "Líneas" });
    const remove = list.getByRole("button", { name: "Eliminar" });
    // What the old cart tests relied on: the line is in the DOM and 'visible' to a locator.
    expect(await remove.isVisible()).toBe(true);
    expect((await seenReport(list)).problem).toMatch(/^ul "Líneas" is 390×0 px$/);
    expect((await seenReport(remove)).problem).toMatch(/^button "Eliminar" is clipped out of view/);
    await expect(expectSeen(remove, { timeout: 1000 })).rejects.toThrow(/clipped out of view/);
    await expect(seenText(list.getByRole("listitem"), { timeout: 1000 })).rejects.toThrow(/clipped out of view/);
    await page.context().close();
  });

  it("report a button under a fixed bar, naming the cover, and never tap it", async () => {
    const page = await planted();
    const send = page.getByRole("button", { name: "Finalizar Compra" });
    expect((await seenReport(send, { target: true })).problem).toBe('button "Finalizar Compra" is covered at its centre by div.bar');
    await expect(tap(send, { timeout: 1000 })).rejects.toThrow(/covered at its centre by div\.bar/);
    await page.context().close();
  });

  it("report a 30×16 link as a target too small for a finger, though it is seen", async () => {
    const page = await planted();
    const link = page.getByRole("link", { name: "Ver" });
    await expectSeen(link);
    expect((await seenReport(link, { target: true })).problem).toBe('a "Ver" is 30×16 px, under 44×44');
    await expect(expectTappable(link, { timeout: 1000 })).rejects.toThrow(/30×16 px, under 44×44/);
    await page.context().close();
  });

  it("pass on a whole, uncovered 160×48 button, and tap it once", async () => {
    const page = await planted();
    const good = page.getByRole("button", { name: "Seguir comprando" });
    expect(await seenReport(good, { target: true })).toEqual({
      problem: null,
      box: { x: 16, y: 80, width: 160, height: 48 },
      onLabel: false,
    });
    await expectTappable(good);
    expect(await seenText(good)).toBe("Seguir comprando");
    await tap(good);
    expect(await good.getAttribute("data-taps")).toBe("1");
    await page.context().close();
  });
  it("see and tap a radio drawn by its label through the label, though the input itself is 1 px", async () => {
    const { page } = await newPage(chromium.browser, { mobile: true });
    await page.setContent(`<!doctype html><meta name="viewport" content="width=device-width"><style>
      label{display:block;margin:16px;padding:12px;width:200px;border:1px solid}
      input{position:absolute;width:1px;height:1px;opacity:0}
    </style><label><input type="radio" name="pack"> 500 créditos</label>`);
    const pack = page.getByRole("radio", { name: "500 créditos" });
    const report = await seenReport(pack, { target: true });
    expect(report).toMatchObject({ problem: null, onLabel: true });
    expect(report.box!.width).toBeGreaterThan(200);
    await tap(pack);
    expect(await pack.isChecked()).toBe(true);
    await page.context().close();
  });
  it("look again at a button re-drawn while it was being looked at, and tap the new one once", async () => {
    const page = await planted();
    const good = page.getByRole("button", { name: "Seguir comprando" });
    // As React does when a poll re-draws a line: the button found is swapped for a copy before the page is asked
    // about it, so the question reaches a node no longer in the page.
    const redrawnOnce = (): Locator => {
      let redrawn = false;
      return new Proxy(good, {
        get(target, key) {
          if (key === "evaluate" && !redrawn)
            return async (look: (element: Element, arg: unknown) => unknown, arg: unknown) => {
              redrawn = true;
              const found = await target.elementHandle();
              await page.evaluate(() => {
                const button = document.querySelector(".good")!;
                button.replaceWith(button.cloneNode(true));
              });
              return found!.evaluate(look, arg);
            };
          const value = Reflect.get(target, key);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    };
    expect((await seenReport(redrawnOnce())).problem).toMatch(/Seguir comprando.* was replaced while it was being looked at$/);
    await tap(redrawnOnce());
    expect(await good.getAttribute("data-taps")).toBe("1");
    await page.context().close();
  });
});
