/**
 * The public store's cart (/u/<username>): a small script of its own, not the
 * seller app's bundle. The page is complete without it; this adds the cart:
 * the size picker, quantities, the drawer, messages, the order that is saved
 * through the API before WhatsApp opens and its confirmation, and the sort
 * that applies as soon as it is chosen. The cart lives in localStorage, so it
 * survives a reload. Every text from the store is set with textContent.
 */
import { deliveryCostText, freeDeliveryText, orderTotal, quoteDelivery } from "../../common/checkout";
import { couponDeliveryCost } from "../../common/coupons";
import { deliveryName } from "../../common/store-cart";
import type { ShopText } from "../../common/shop-text";
import { formatPrice } from "../../common/store-money";
import {
  addToCart,
  cartCount,
  cartTotal,
  lineKey,
  parseSavedCart,
  removeFromCart,
  setQuantity,
  type CartLine,
  type StoreItem,
  type StorePageData,
} from "../../common/store-cart";
import { onlyChoice, stockLeft } from "../../common/variants";
import { buyerForm } from "./buyer-form";
import { copyText } from "./clipboard";
import { couponField } from "./coupon-field";
import { byId, el } from "./dom";
import { cartTranslator } from "./i18n";
import { chosenOnPage, fillPicker, productChips } from "./variant-picker";

function start() {
  const dataNode = document.getElementById("store-data");
  if (!dataNode) return;
  const data = JSON.parse(dataNode.textContent || "{}") as StorePageData;
  // The store's own language and money: the page sent this locale's messages only.
  const t = cartTranslator(data.locale, data.messages as Parameters<typeof cartTranslator>[1]);
  const shop: ShopText = { locale: data.locale, money: data.money, t };
  const price = (minor: number) => formatPrice(minor, data.money);
  const products = new Map(data.products.map((p) => [p.id, p]));
  const storageKey = `vidriera:carrito:${data.username}`;

  const cartButton = byId<HTMLButtonElement>("cart-open");
  const badge = byId("cart-count");
  const drawer = byId<HTMLDialogElement>("cart");
  const list = byId<HTMLUListElement>("cart-lines");
  const empty = byId("cart-empty");
  const total = byId("cart-total");
  const sums = byId("cart-sums");
  const send = byId<HTMLButtonElement>("cart-send");
  const picker = byId<HTMLDialogElement>("size-picker");
  const pickerTitle = byId("size-title");
  const pickerOptions = byId("size-options");
  const toasts = byId("toasts");
  const note = byId("cart-note");
  const body = byId("cart-body");
  const form = byId("cart-form");
  const keep = byId("cart-keep");
  const foot = byId("cart-foot");
  const done = byId("cart-done");

  let sending = false;
  let lines = reconcile(readSaved());
  const buyer = buyerForm(form, data.checkout, shop, () => render());
  const coupon = couponField(sums, data.username, shop, () => render());

  function readSaved(): CartLine[] {
    try {
      return parseSavedCart(localStorage.getItem(storageKey));
    } catch {
      return [];
    }
  }

  /** Lines take the page's current names and prices; on the full store page, gone products, colours and sizes leave. */
  function reconcile(saved: CartLine[]): CartLine[] {
    return saved.flatMap((line) => {
      const product = products.get(line.productId);
      if (!product) return data.all ? [] : [line];
      if (stockLeft(product, line.color, line.size) === null) return [];
      return [{ ...line, name: product.name, price: product.price, image: imageOf(product, line.color) }];
    });
  }

  /** A line shows its colour's picture when the colour has one (a declaration: the saved cart is read above with it). */
  function imageOf(product: StoreItem, color: string | null): string | null {
    return product.colors.find((c) => c.name === color)?.image ?? product.image;
  }

  function save() {
    try {
      if (lines.length) localStorage.setItem(storageKey, JSON.stringify(lines));
      else localStorage.removeItem(storageKey);
    } catch {
      // Storage may be off (private mode): the cart still works until the page closes.
    }
  }

  function stockOf(line: { productId: string; color: string | null; size: string | null }): number {
    const product = products.get(line.productId);
    if (!product) return Infinity;
    return stockLeft(product, line.color, line.size) ?? 0;
  }

  /**
   * One message at a time: with the cart open it is written inside the drawer, just above 'Finalizar
   * Compra' in its fixed foot, where nothing covers its title or its close button; otherwise a toast at the bottom of
   * the screen that takes no taps, and a newer one replaces it instead of piling up.
   */
  function toast(text: string, kind: "success" | "error" = "success") {
    if (drawer.open) {
      note.textContent = text;
      note.className = `cart-note ${kind}`;
      return;
    }
    const node = el("div", `toast ${kind}`, text);
    toasts.replaceChildren(node);
    raiseToasts();
    setTimeout(
      () => {
        node.remove();
        if (!toasts.children.length && toasts.matches(":popover-open")) toasts.hidePopover();
      },
      kind === "error" ? 4000 : 2000,
    );
  }

  /** Open dialogs sit in the top layer; showing the toasts again puts them above the newest one. */
  function raiseToasts() {
    if (!("showPopover" in toasts) || !toasts.children.length) return;
    if (toasts.matches(":popover-open")) toasts.hidePopover();
    toasts.showPopover();
  }

  /** Opens a dialog; the cart opens at its lines, or at `line` (the one just added) when given. */
  function open(dialog: HTMLDialogElement, line?: string) {
    if (dialog === drawer) {
      // A toast from the page would sit over the cart's controls: inside it, messages go to its note.
      toasts.replaceChildren();
      if (toasts.matches(":popover-open")) toasts.hidePopover();
      note.textContent = "";
      showOrder(false);
      render();
    }
    if (!dialog.open) dialog.showModal();
    if (dialog === drawer) {
      body.scrollTop = 0;
      // A key holds NUL separators, which a CSS selector cannot: found by comparing instead.
      if (line) [...list.children].find((li) => (li as HTMLElement).dataset.key === line)?.scrollIntoView({ block: "nearest" });
    }
    raiseToasts();
  }

  /** The drawer shows either the cart or, after sending, the order's confirmation. */
  function showOrder(sent: boolean) {
    done.hidden = !sent;
    foot.hidden = sent;
    form.hidden = sent;
    keep.hidden = sent;
    list.hidden = sent;
    if (sent) empty.hidden = true;
  }

  function render() {
    const count = cartCount(lines);
    badge.textContent = String(count);
    badge.hidden = count === 0;
    cartButton.setAttribute("aria-label", count ? t("cart.openCount", { count }) : t("cart.open"));
    empty.hidden = lines.length > 0 || !done.hidden;
    renderTotals();
    send.disabled = sending || lines.length === 0;
    list.replaceChildren(...lines.map(renderLine));
  }

  /**
   * Subtotal, the delivery by the zone chosen (free from the store's threshold), and the total with it,
   * from the same functions the Worker prices the order with (common/checkout.ts).
   */
  function renderTotals() {
    const subtotal = cartTotal(lines);
    const choice = buyer.delivery();
    const quote = choice ? quoteDelivery(data.checkout.delivery, choice, subtotal) : null;
    const applied = coupon.applied(subtotal);
    const known = quote && !("error" in quote) ? { ...quote, cost: couponDeliveryCost(applied?.terms ?? null, quote.cost) } : null;
    const rows: [string, string][] = [];
    if (known || applied) rows.push([t("cart.subtotal"), price(subtotal)]);
    if (applied) {
      const off = applied.terms.kind === "free_shipping" ? t("cart.couponFreeShipping") : `-${price(applied.linesOff)}`;
      rows.push([t("cart.couponLine", { code: applied.terms.code }), off]);
    }
    if (known) rows.push([deliveryName(known, shop), deliveryCostText(known, shop)]);
    const { freeFrom } = data.checkout.delivery.shipping;
    const free = freeDeliveryText(freeFrom, shop);
    sums.replaceChildren(
      ...rows.flatMap(([k, v]) => [el("dt", "", k), el("dd", "", v)]),
      ...(free && choice?.kind !== "retiro"
        ? [el("dd", "free", subtotal < freeFrom! ? t("cart.freeMissing", { text: free, amount: price(freeFrom! - subtotal) }) : free)]
        : []),
    );
    const sum = price(orderTotal(subtotal - (applied?.linesOff ?? 0), known?.cost ?? null));
    total.textContent = known?.kind === "envio" && known.cost === null ? t("cart.plusShipping", { total: sum }) : sum;
  }

  function renderLine(line: CartLine): HTMLLIElement {
    const item = el("li", "line");
    item.dataset.key = lineKey(line);
    if (line.image) {
      const img = el("img", "thumb");
      img.src = line.image;
      img.alt = "";
      item.append(img);
    } else {
      item.append(el("div", "thumb"));
    }
    const info = el("div", "line-info");
    info.append(el("p", "line-name", line.name));
    const chosen = [
      line.color ? t("cart.lineColor", { color: line.color }) : "",
      line.size !== null ? t("cart.lineSize", { size: line.size }) : "",
    ].filter(Boolean);
    if (chosen.length) info.append(el("p", "line-size", chosen.join(" · ")));
    if (line.price > 0) info.append(el("p", "line-price", price(line.price)));
    const qty = el("div", "qty");
    const minus = el("button", "", "−");
    minus.type = "button";
    minus.dataset.step = "-1";
    minus.setAttribute("aria-label", t("cart.removeOne", { product: line.name }));
    const input = el("input");
    input.type = "number";
    input.inputMode = "numeric";
    input.min = "0";
    input.max = "99";
    input.value = String(line.quantity);
    input.setAttribute("aria-label", t("cart.quantity", { product: line.name }));
    const plus = el("button", "", "+");
    plus.type = "button";
    plus.dataset.step = "1";
    plus.setAttribute("aria-label", t("cart.addOne", { product: line.name }));
    qty.append(minus, input, plus);
    const remove = el("button", "remove", t("cart.remove"));
    remove.type = "button";
    remove.dataset.remove = "";
    remove.setAttribute("aria-label", t("cart.removeLine", { product: line.name }));
    item.append(info, qty, remove);
    return item;
  }

  function update(next: CartLine[]) {
    lines = next;
    save();
    render();
  }

  function add(product: StoreItem, color: string | null, size: string | null) {
    const id = { productId: product.id, color, size };
    const inCart = lines.find((l) => lineKey(l) === lineKey(id))?.quantity ?? 0;
    if (inCart + 1 > stockOf(id)) {
      toast(t("cart.noMoreStock"), "error");
      return;
    }
    // Every add opens the cart at its line: the shopper sees what went in and where the order is sent, with no
    // header button to find ('Seguir comprando' closes it for the next product).
    update(addToCart(lines, { ...id, name: product.name, price: product.price, image: imageOf(product, color) }));
    open(drawer, lineKey(id));
    // The store's statistics count the add (no cookie, nothing about the shopper); a lost beacon loses only a count.
    try {
      navigator.sendBeacon(
        "/api/stats/events",
        new Blob([JSON.stringify({ store: data.username, product: product.id })], { type: "application/json" }),
      );
    } catch {
      // No beacons in this browser.
    }
    // Names are free text ("Remera", "Jeans", "Gorra"): no participle to agree with them.
    // The spec's '{product} añadido al carrito!', opened with '¡' and agreeing whatever the name:
    // 'añadido' goes with 'Producto', since a free-text name has no gender we can know.
    toast(t("cart.added", { product: product.name }));
  }

  function changeQuantity(line: CartLine, quantity: number) {
    const wanted = Number.isFinite(quantity) ? Math.trunc(quantity) : 0;
    if (wanted <= 0) {
      update(removeFromCart(lines, line));
      toast(t("cart.removed"));
      return;
    }
    const stock = stockOf(line);
    if (wanted > stock) toast(t("cart.noMoreStock"), "error");
    update(setQuantity(lines, line, Math.min(wanted, stock)));
  }

  function pick(product: StoreItem) {
    fillPicker(
      product,
      pickerTitle,
      pickerOptions,
      (color, size) => {
        picker.close();
        add(product, color, size);
      },
      t,
      product.sizeGuide ? `/u/${data.username}/p/${product.id}#guia-de-talles` : null,
    );
    open(picker);
  }

  /** The product page's own colour and size chips: chosen there, never in a second pop-up. */
  // Arrived from the size picker's 'Guía de talles': the guide is open where the page scrolled to it.
  const guide = document.getElementById("guia-de-talles");
  if (guide instanceof HTMLDetailsElement && location.hash === "#guia-de-talles") guide.open = true;

  const chips = productChips(data.all ? undefined : data.products[0], t);
  const onProductPage = Boolean(chips.colorChips || chips.sizeChips);

  /** The phone's share sheet where there is one; otherwise the link goes to the clipboard. */
  async function shareLink(url: string, title: string) {
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
      } catch {
        // Closing the share sheet is not an error worth telling.
      }
      return;
    }
    if (await copyText(url)) toast(t("cart.linkCopied"));
    else toast(t("cart.copyLink", { url }), "error");
  }

  async function sendOrder() {
    if (sending || !lines.length) return;
    // Asked before WhatsApp opens, so the seller knows who is buying and how they want it.
    const who = buyer.read();
    if (typeof who === "string") {
      toast(who, "error");
      return;
    }
    sending = true;
    send.textContent = t("cart.sending");
    render();
    // Opened during the tap itself: a window opened after the request would be taken for a pop-up and blocked.
    const whatsapp = window.open("", "_blank");
    if (whatsapp) whatsapp.opener = null;
    try {
      let response: Response;
      try {
        response = await fetch("/api/orders", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            username: data.username,
            lines: lines.map((l) => ({ productId: l.productId, color: l.color, size: l.size, quantity: l.quantity })),
            buyer: who,
            coupon: coupon.code(),
          }),
        });
      } catch {
        throw new Error(t("cart.offline"));
      }
      const body = (await response.json().catch(() => ({}))) as {
        error?: string;
        whatsappUrl?: string;
        orderUrl?: string;
        order?: { code: string };
      };
      if (!response.ok || !body.whatsappUrl) throw new Error(body.error || t("cart.sendFailed"));
      if (whatsapp) whatsapp.location.href = body.whatsappUrl;
      else location.href = body.whatsappUrl;
      coupon.clear();
      update([]);
      // What happened and what comes next, with the way back to WhatsApp if its tab was closed or blocked.
      byId("done-title").textContent = t("cart.doneTitle", { code: body.order?.code ?? "" });
      byId<HTMLAnchorElement>("done-whatsapp").href = body.whatsappUrl;
      // The order's own page: its status, the total and how to pay, at a private link.
      if (body.orderUrl) byId<HTMLAnchorElement>("done-order").href = body.orderUrl;
      note.textContent = "";
      showOrder(true);
    } catch (err) {
      whatsapp?.close();
      toast(err instanceof Error ? err.message : String(err), "error");
    } finally {
      sending = false;
      send.textContent = t("cart.send");
      render();
    }
  }

  document.addEventListener("click", (event) => {
    const target = event.target as HTMLElement;
    const addButton = target.closest<HTMLButtonElement>("[data-add]");
    if (addButton) {
      const product = products.get(addButton.dataset.add!);
      if (!product) return;
      const only = onlyChoice(product);
      // Nothing left to choose (no colours or sizes, or a single one in stock): added as it is.
      if (only.color !== undefined && only.size !== undefined && !onProductPage) add(product, only.color, only.size);
      else if (onProductPage) {
        const chosen = chosenOnPage(product, chips, t);
        if (typeof chosen === "string") toast(chosen, "error");
        else add(product, chosen.color, chosen.size);
      } else pick(product);
      return;
    }
    const share = target.closest<HTMLButtonElement>("[data-share]");
    if (share) {
      void shareLink(share.dataset.share!, share.dataset.title ?? document.title);
      return;
    }
    const nav = target.closest<HTMLButtonElement>(".gal [data-step]");
    if (nav) {
      const carousel = nav.parentElement!.querySelector<HTMLElement>("[data-car]")!;
      carousel.scrollBy({ left: Number(nav.dataset.step) * carousel.clientWidth, behavior: "smooth" });
      return;
    }
    if (target.closest("[data-close]")) {
      target.closest("dialog")?.close();
      return;
    }
    // A click on a modal's own element is a click on its backdrop.
    if (target instanceof HTMLDialogElement) target.close();
  });

  list.addEventListener("click", (event) => {
    const target = event.target as HTMLElement;
    const key = target.closest<HTMLElement>(".line")?.dataset.key;
    const line = lines.find((l) => lineKey(l) === key);
    if (!line) return;
    if (target.closest("[data-remove]")) {
      update(removeFromCart(lines, line));
      toast(t("cart.removed"));
    } else {
      const step = target.closest<HTMLElement>("[data-step]")?.dataset.step;
      if (step) changeQuantity(line, line.quantity + Number(step));
    }
  });

  list.addEventListener("change", (event) => {
    const input = event.target as HTMLInputElement;
    const key = input.closest<HTMLElement>(".line")?.dataset.key;
    const line = lines.find((l) => lineKey(l) === key);
    if (line) changeQuantity(line, Number.parseInt(input.value, 10));
  });

  cartButton.addEventListener("click", () => open(drawer));
  send.addEventListener("click", () => void sendOrder());
  // With JavaScript a new order applies at once; without it, the form's 'Buscar' sends it.
  const sort = document.querySelector<HTMLSelectElement>("form.browse select[name=orden]");
  sort?.addEventListener("change", () => sort.form?.requestSubmit());
  // Another tab of the same store changed the cart.
  window.addEventListener("storage", (event) => {
    if (event.key === storageKey) {
      lines = reconcile(readSaved());
      render();
    }
  });

  for (const nav of document.querySelectorAll<HTMLElement>(".gal .nav")) nav.hidden = false;
  cartButton.hidden = false;
  document.documentElement.classList.add("js");
  render();
}

start();
