/**
 * Argentina's 'Botón de arrepentimiento' (Resolución 424/2020) on a real Argentine store: the link on every
 * page, the form without sign-in, the request's code at once, the seller's list in Pedidos, and what a
 * hostile or hurried buyer sends (empty fields, invisible characters, markup, the same form many times at once).
 */
import { describe, expect, it } from "vitest";
import type { Order } from "../../common/store-cart";
import type { WithdrawalRequest } from "../../common/withdrawals";
import { Browser, count } from "./browser";
import { addProducts, seller, setPricing, storeName } from "./store-helpers";

async function argentineStore() {
  const name = storeName("Moda Sur");
  const s = await seller({ storeName: name, phoneNumber: "+54 9 11 4000-1234" });
  const [remera] = await addProducts(s.browser, ["Remera"]);
  expect((await setPricing(s.browser, [{ id: remera!.id, price: "15.000", sizes: [{ name: "M", stock: 3 }] }])).status).toBe(200);
  const placed = await new Browser().json("POST", "/api/orders", {
    username: s.username,
    lines: [{ productId: remera!.id, size: "M", quantity: 1 }],
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const { order, orderUrl } = (await placed.json()) as { order: Order; orderUrl: string };
  return { ...s, name, remera: remera!, order, orderUrl };
}

function send(browser: Browser, username: string, fields: Record<string, string>) {
  return browser.request(`/u/${username}/arrepentimiento`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

const codeOf = (html: string) => /data-code="(ARR-[A-Z0-9]{6})"/.exec(html)?.[1] ?? null;

async function sellersRequests(browser: Browser): Promise<WithdrawalRequest[]> {
  const response = await browser.request("/api/withdrawals");
  expect(response.status).toBe(200);
  return ((await response.json()) as { withdrawals: WithdrawalRequest[] }).withdrawals;
}

const LINK = /<a class="arr" href="\/u\/([a-z0-9]+)\/arrepentimiento">Botón de arrepentimiento<\/a>/;

describe("the 'Botón de arrepentimiento' of an Argentine store", () => {
  it("is on the store page, each product page and the order page, and on no page of a Brazilian store", async () => {
    const { username, remera, orderUrl } = await argentineStore();
    for (const path of [`/u/${username}`, `/u/${username}/p/${remera.id}`, new URL(orderUrl).pathname]) {
      const html = await (await new Browser().request(path)).text();
      expect(LINK.exec(html)?.[1], path).toBe(username);
    }
    const br = await seller({ phoneNumber: "+55 11 98765-4321", countryCode: "BR" });
    const page = await (await new Browser().request(`/u/${br.username}`)).text();
    expect(page).not.toContain("arrepentimiento");
    expect((await new Browser().request(`/u/${br.username}/arrepentimiento`)).status).toBe(404);
  });

  it("opens a form with no sign-in and no script, and answers the request's code at once", async () => {
    const { username, order, name, browser: sellerBrowser } = await argentineStore();
    const form = await new Browser().request(`/u/${username}/arrepentimiento`);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('<form class="form" method="post"');
    expect(html).not.toContain("<script");
    expect(form.headers.get("content-security-policy")).toContain("form-action 'self'");
    expect(form.headers.get("cache-control")).toBe("private, no-store");

    // As a buyer copies it from WhatsApp: lower case, with '#', around spaces.
    const sent = await send(new Browser(), username, {
      order: ` #${order.code.toLowerCase()} `,
      name: "Lucía Fernández",
      contact: "11 5555-1234",
    });
    expect(sent.status).toBe(201);
    const done = await sent.text();
    const code = codeOf(done);
    expect(code).toMatch(/^ARR-/);
    expect(done).toContain(`Tu código de arrepentimiento es ${code}.`);
    expect(done).toContain(`${name} ya lo ve en su panel y te responderá a 11 5555-1234.`);
    expect(done).not.toContain("No encontramos el pedido");
    // The store hears of it by WhatsApp, the channel its orders come by.
    const whatsapp = /<a class="btn" href="(https:\/\/wa\.me\/[^"]+)"/.exec(done)![1]!.replaceAll("&amp;", "&");
    const url = new URL(whatsapp);
    expect(url.pathname).toBe("/5491140001234");
    expect(url.searchParams.get("text")).toBe(
      `Hola, ${name}. Quiero arrepentirme de mi compra, pedido #${order.code}. Mi código de arrepentimiento es ${code}. Soy Lucía Fernández.`,
    );

    const [request] = await sellersRequests(sellerBrowser);
    expect(request).toMatchObject({
      code,
      orderCode: order.code,
      orderFound: true,
      buyerName: "Lucía Fernández",
      contact: "11 5555-1234",
      answeredAt: null,
    });
    const answered = await sellerBrowser.request(`/api/withdrawals/${request!.id}/answered`, { method: "POST" });
    expect(answered.status).toBe(200);
    const marked = ((await answered.json()) as { withdrawal: WithdrawalRequest }).withdrawal;
    expect(marked.answeredAt).not.toBeNull();
    // Marking it again keeps the first time.
    const again = await sellerBrowser.request(`/api/withdrawals/${request!.id}/answered`, { method: "POST" });
    expect(((await again.json()) as { withdrawal: WithdrawalRequest }).withdrawal.answeredAt).toBe(marked.answeredAt);
  });

  it("keeps a request for a code it does not know, says so, and lets the seller see it was not matched", async () => {
    const { username, browser } = await argentineStore();
    const sent = await send(new Browser(), username, { order: "ZZZZ", name: "Ana", contact: "ana@example.com" });
    expect(sent.status).toBe(201);
    expect(await sent.text()).toContain(
      "No encontramos el pedido #ZZZZ en esta tienda: igual guardamos tu pedido y la tienda lo revisará.",
    );
    expect((await sellersRequests(browser)).map((r) => [r.orderCode, r.orderFound])).toEqual([["ZZZZ", false]]);
  });

  it("refuses empty fields at each field in Spanish, keeps what was typed, and cleans and escapes what it saves", async () => {
    const { username, order, browser } = await argentineStore();
    const refused = await send(new Browser(), username, { order: "", name: "  \u200b ", contact: "11 5555-1234" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('<span class="err" id="order-hint">Escribe el código de tu pedido.</span>');
    expect(html).toContain('<span class="err" id="name-hint">Escribe tu nombre.</span>');
    expect(html).toContain('value="11 5555-1234"');
    expect((await sellersRequests(browser)).length).toBe(0);

    const hostile = await send(new Browser(), username, {
      order: order.code,
      name: "Jo\u202Ese <b>Pérez</b>\u0000 😀",
      contact: "<script>alert(1)</script>",
    });
    expect(hostile.status).toBe(201);
    const done = await hostile.text();
    expect(done).not.toContain("<script>alert(1)");
    expect(done).toContain("&#60;script&#62;alert(1)&#60;/script&#62;");
    const [saved] = await sellersRequests(browser);
    expect(saved!.buyerName).toBe("Jose <b>Pérez</b> 😀");
  });

  it("makes one request of the same form sent many times at once, all answered with its code", async () => {
    const { username, order, browser } = await argentineStore();
    const buyer = new Browser();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send(buyer, username, { order: order.code, name: "Lucía", contact: "11 5555-1234" })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    const codes = new Set(await Promise.all(answers.map(async (a) => codeOf(await a.text()))));
    expect(codes.size).toBe(1);
    expect((await sellersRequests(browser)).length).toBe(1);
  });

  it("stops one address after ten requests, in the store's language, even fired together", async () => {
    const { username, browser } = await argentineStore();
    const flooder = new Browser();
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) => send(flooder, username, { order: `X${i}`, name: "Bot", contact: `bot${i}@example.com` })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const refused = answers.find((a) => a.status === 429)!;
    expect(await refused.text()).toContain("Enviaste muchos pedidos seguidos. Espera un rato e inténtalo de nuevo.");
    expect((await sellersRequests(browser)).length).toBe(10);
  });

  it("is the seller's alone: another seller cannot list or answer it, and deleting the account removes it", async () => {
    const { username, order, browser, user } = await argentineStore();
    await send(new Browser(), username, { order: order.code, name: "Lucía", contact: "11 5555-1234" });
    const [request] = await sellersRequests(browser);
    const other = await seller();
    expect(await sellersRequests(other.browser)).toEqual([]);
    expect((await other.browser.request(`/api/withdrawals/${request!.id}/answered`, { method: "POST" })).status).toBe(404);
    expect((await new Browser().request("/api/withdrawals")).status).toBe(401);

    const deleted = await browser.json("DELETE", "/api/auth/account", { password: "una-clave-segura" });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await count("withdrawal_requests", "seller_id = ?", user.id)).toBe(0);
  });
});
