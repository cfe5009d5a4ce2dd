/**
 * Choosing a colour and a size: in the picker dialog of the store page (colour
 * swatches, then that colour's sizes, 'Sin stock' per combination), and on a
 * product's own page, where the chips are already there and choosing a colour
 * shows its sizes in stock and turns the gallery to its picture. A link with
 * ?color=…&talle=… (the catalogue feed's) arrives with them chosen.
 */
import type { StoreItem } from "../../common/store-cart";
import { onlyChoice, sizesIn, type SizeStock } from "../../common/variants";
import { el } from "./dom";
import type { CartText } from "./i18n";

const soldOut = (sizes: readonly SizeStock[]) => sizes.length > 0 && sizes.every((s) => s.stock <= 0);

function option(t: CartText, label: string, out: boolean, image: string | null = null): HTMLButtonElement {
  const button = el("button", "size-option");
  button.type = "button";
  if (image) {
    const img = el("img", "swatch");
    img.src = image;
    img.alt = "";
    button.append(img);
  }
  button.append(label);
  if (out) {
    button.disabled = true;
    button.append(el("span", "tag", t("product.soldOut")));
  }
  return button;
}

/**
 * Fills the picker dialog for a product with sizes or colours: its colours first (when it has some),
 * then the sizes of the chosen one; `onPick` gets the combination the shopper tapped.
 */
export function fillPicker(
  product: StoreItem,
  title: HTMLElement,
  options: HTMLElement,
  onPick: (color: string | null, size: string | null) => void,
  t: CartText,
  /** The product page's size guide, when the product has one: wrong sizes are the first cause of returns. */
  guideUrl: string | null = null,
) {
  const guide = guideUrl ? [guideLink(guideUrl, t)] : [];
  title.textContent = t(product.colors.length ? "picker.colorAndSize" : "picker.titleFor", { product: product.name });
  const sizesBox = el("div", "size-options");
  const showSizes = (color: string | null) => {
    const sizes = sizesIn(product, color) ?? [];
    sizesBox.replaceChildren(
      ...sizes.map((size) => {
        const button = option(t, size.name, size.stock <= 0);
        button.addEventListener("click", () => onPick(color, size.name));
        return button;
      }),
    );
  };
  if (!product.colors.length) {
    showSizes(null);
    options.replaceChildren(sizesBox, ...guide);
    return;
  }
  const colors = el("div", "size-options color-options");
  colors.setAttribute("role", "group");
  colors.setAttribute("aria-label", t("product.color"));
  // The one colour still in stock is chosen already: its sizes show at once, one tap from the cart.
  const only = onlyChoice(product).color;
  for (const color of product.colors) {
    const button = option(t, color.name, soldOut(color.sizes), color.image);
    button.setAttribute("aria-pressed", String(color.name === only));
    button.addEventListener("click", () => {
      // A colour without sizes is the whole choice.
      if (!color.sizes.length) {
        onPick(color.name, null);
        return;
      }
      for (const other of colors.children) other.setAttribute("aria-pressed", String(other === button));
      showSizes(color.name);
    });
    colors.append(button);
  }
  if (only) showSizes(only);
  options.replaceChildren(colors, sizesBox, ...guide);
}

function guideLink(url: string, t: CartText): HTMLAnchorElement {
  const link = el("a", "guide-link", t("product.sizeGuide"));
  link.href = url;
  return link;
}

/**
 * A product page's colour and size chips. Choosing a colour marks its sizes out of stock
 * ('Sin stock', disabled) and turns the gallery to the colour's picture.
 */
export function productChips(product: StoreItem | undefined, t: CartText) {
  const colorChips = document.querySelector<HTMLFieldSetElement>("fieldset.pick.colors");
  const sizeChips = document.querySelector<HTMLFieldSetElement>("fieldset.pick:not(.colors)");
  if (!product) return { colorChips, sizeChips };

  function showColor(color: string) {
    const sizes = sizesIn(product!, color) ?? [];
    for (const input of sizeChips?.querySelectorAll<HTMLInputElement>("input[name=talle]") ?? []) {
      const stock = sizes.find((s) => s.name === input.value)?.stock ?? 0;
      const label = input.closest("label")!;
      const text = input.nextElementSibling as HTMLElement;
      label.classList.toggle("out", stock <= 0);
      input.disabled = stock <= 0;
      if (stock <= 0) input.checked = false;
      text.replaceChildren(stock > 0 ? input.value : el("s", "", input.value), stock > 0 ? "" : ` ${t("product.soldOut")}`);
    }
    // A colour without sizes needs none.
    sizeChips?.toggleAttribute("hidden", sizes.length === 0 && !!product!.colors.find((c) => c.name === color));
    const picture = colorChips?.querySelector<HTMLInputElement>(`input[name=color]:checked`)?.dataset.picture;
    const carousel = document.querySelector<HTMLElement>(".gal [data-car]");
    if (picture !== undefined && carousel) carousel.scrollTo({ left: Number(picture) * carousel.clientWidth, behavior: "smooth" });
  }

  colorChips?.addEventListener("change", (event) => {
    colorChips.classList.remove("missing");
    showColor((event.target as HTMLInputElement).value);
  });
  sizeChips?.addEventListener("change", () => sizeChips.classList.remove("missing"));

  // ?color=Negro&talle=M: the catalogue's link to one variant; otherwise the only colour or size left is chosen.
  const wanted = new URLSearchParams(location.search);
  const only = onlyChoice(product);
  const chip = (fieldset: HTMLFieldSetElement | null, name: string, value: string | null | undefined) =>
    value ? fieldset?.querySelector<HTMLInputElement>(`input[name=${name}]:not(:disabled)[value="${CSS.escape(value)}"]`) : null;
  const color = chip(colorChips, "color", wanted.get("color")) ?? chip(colorChips, "color", only.color);
  if (color) {
    color.checked = true;
    showColor(color.value);
  }
  const size = chip(sizeChips, "talle", wanted.get("talle")) ?? chip(sizeChips, "talle", only.size);
  if (size && (color || !product.colors.length)) size.checked = true;
  return { colorChips, sizeChips };
}

/** What the product page's chips say is chosen, or the reason it is not complete, in the store's language. */
export function chosenOnPage(
  product: StoreItem,
  chips: { colorChips: HTMLFieldSetElement | null; sizeChips: HTMLFieldSetElement | null },
  t: CartText,
): { color: string | null; size: string | null } | string {
  let color: string | null = null;
  if (product.colors.length) {
    color = chips.colorChips?.querySelector<HTMLInputElement>("input[name=color]:checked")?.value ?? null;
    if (!color) {
      chips.colorChips?.classList.add("missing");
      chips.colorChips?.querySelector<HTMLInputElement>("input[name=color]:not(:disabled)")?.focus();
      return t("picker.chooseColor");
    }
  }
  if (!(sizesIn(product, color) ?? []).length) return { color, size: null };
  const size = chips.sizeChips?.querySelector<HTMLInputElement>("input[name=talle]:checked")?.value ?? null;
  if (!size) {
    chips.sizeChips?.classList.add("missing");
    chips.sizeChips?.querySelector<HTMLInputElement>("input[name=talle]:not(:disabled)")?.focus();
    return t("picker.chooseSize");
  }
  return { color, size };
}
