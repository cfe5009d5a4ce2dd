/**
 * The buyer's order page's only script: the 'Copiar' buttons next to the
 * alias, the CBU/CVU and the amount to transfer. The page is complete without
 * it (the buttons stay hidden and the values can be selected); with it, one
 * tap copies, the button says 'Copiado' for two seconds and a status line
 * tells screen readers what was copied. When copying is impossible the value
 * is selected so a long press copies it, and the line says so.
 */
import { SHOPPER_TEXT } from "../../common/shopper-text";
import { copyText } from "./clipboard";

const status = document.getElementById("copy-status");
// The page writes its words in the store's language on the status line; Spanish for a page from before.
const COPIED = status?.dataset.copied ?? SHOPPER_TEXT.copied;
const FAILED = status?.dataset.failed ?? SHOPPER_TEXT.copyFailed;

for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-copy]")) {
  const label = button.firstChild as Text;
  const copyLabel = label.textContent ?? SHOPPER_TEXT.copy;
  let timer: ReturnType<typeof setTimeout> | undefined;
  button.addEventListener("click", async () => {
    const copied = await copyText(button.dataset.copy!);
    if (status) status.textContent = copied ? (button.dataset.done ?? COPIED) : FAILED;
    if (!copied) {
      const value = document.getElementById(button.getAttribute("aria-describedby") ?? "");
      if (value) getSelection()?.selectAllChildren(value);
      return;
    }
    label.textContent = COPIED;
    button.classList.add("done");
    clearTimeout(timer);
    timer = setTimeout(() => {
      label.textContent = copyLabel;
      button.classList.remove("done");
    }, 2000);
  });
  button.hidden = false;
}
