/**
 * Discount codes: the seller saves them (codes compared however they are typed), a shopper's order takes the
 * discount the shop's rows give (never the client's), the last use goes to exactly one of many shoppers sending at
 * once, a cancellation gives its use back once however many cancel together, the minimum, dates, pause and free
 * shipping are held, amounts keep their currency's cents, and a shop in its own database does all of it there.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Order } from "../../common/store-cart";
import { placeShop } from "../../worker/lib/shops";
import type { Coupon } from "../../common/coupons";
import { COUPON_CODE_INVALID, COUPON_TAKEN } from "../../worker/lib/coupons";
import { realStoreCheckout } from "../fixtures/real-store";
import { Browser, count, register } from "./browser";
import { addProducts, openStore, setPricing } from "./store-helpers";

interface Placed {
  order: Order;
  message: string;
  orderUrl: string;
}

/** The real store (zones CABA $3.500 and GBA Norte, transfer, cash) with a T-shirt at $20.000; in `shard` when given. */
async function realStore(shard = 0) {
  const browser = new Browser();
  const { user } = await register(browser);
  if (shard) await placeShop(env, user.id, shard);
  const opened = await openStore(browser, { phoneNumber: "+54 9 11 4000-1234" });
  const saved = await browser.json("PUT", "/api/checkout-settings", realStoreCheckout());
  expect(saved.status, await saved.clone().text()).toBe(200);
  const [remera] = await addProducts(browser, ["Remera Ñandú 🌿"]);
  const priced = await setPricing(browser, [{ id: remera!.id, price: "20.000", sizes: [{ name: "M", stock: 50 }] }]);
  expect(priced.status, await priced.clone().text()).toBe(200);
  return { browser, id: user.id, username: opened.username!, productId: remera!.id, d1: shard ? env.SHOP_DB_1 : env.DB };
}
type Store = Awaited<ReturnType<typeof realStore>>;

async function createCoupon(s: { browser: Browser }, input: Record<string, unknown>): Promise<Coupon> {
  const response = await s.browser.json("POST", "/api/coupons", input);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { coupon: Coupon }).coupon;
}

const shopper = {
  name: "Lucía Gómez",
  delivery: "envio",
  zone: "CABA",
  payment: "transferencia",
  whatsapp: "11 5555-1234",
  address: { street: "Av. Corrientes 4567", locality: "Almagro", reference: null },
};

function order(s: Pick<Store, "username" | "productId">, coupon: string | null, extra: Record<string, unknown> = {}) {
  const { buyer, quantity, ...rest } = extra as { buyer?: Record<string, unknown>; quantity?: number };
  return new Browser().json("POST", "/api/orders", {
    username: s.username,
    lines: [{ productId: s.productId, size: "M", quantity: quantity ?? 1 }],
    buyer: { ...shopper, ...buyer },
    coupon,
    ...rest,
  });
}

const answer = async (response: Response) => ({ status: response.status, ...((await response.json()) as { error?: string }) });
const uses = async (d1: D1Database, id: string) =>
  (await d1.prepare("SELECT uses FROM coupons WHERE id = ?").bind(id).first<{ uses: number }>())!.uses;
const cancel = (s: Store, orderId: string) => s.browser.json("PUT", `/api/orders/${orderId}/status`, { status: "cancelado" });

describe("the seller's coupons", () => {
  it("keeps a code however it was typed, refuses the same code twice and codes with symbols, and hides them from others", async () => {
    const s = await realStore();
    const coupon = await createCoupon(s, { code: "  invierno-10\u200B", kind: "percent", percent: 10, maxUses: 5 });
    expect(coupon).toMatchObject({ code: "INVIERNO10", kind: "percent", value: 10, currency: "ARS", uses: 0, maxUses: 5, active: true });
    expect(await answer(await s.browser.json("POST", "/api/coupons", { code: "Invierno10", kind: "amount", amount: "1.000" }))).toEqual({
      status: 409,
      error: COUPON_TAKEN,
    });
    expect(await answer(await s.browser.json("POST", "/api/coupons", { code: "10% OFF!", kind: "percent", percent: 10 }))).toEqual({
      status: 400,
      error: COUPON_CODE_INVALID,
    });
    expect(await answer(await s.browser.json("POST", "/api/coupons", { code: "MITAD", kind: "percent", percent: 150 }))).toEqual({
      status: 400,
      error: "El porcentaje va de 1 a 100.",
    });
    const other = await realStore();
    expect((await other.browser.json("PUT", `/api/coupons/${coupon.id}/active`, { active: false })).status).toBe(404);
    expect((await other.browser.request(`/api/coupons/${coupon.id}`, { method: "DELETE" })).status).toBe(404);
    expect(((await (await other.browser.request("/api/coupons")).json()) as { coupons: Coupon[] }).coupons).toEqual([]);
    // Another store's code does not exist in this one.
    expect(await answer(await order(other, "INVIERNO10"))).toEqual({
      status: 400,
      error: "Ese cupón no existe o ya no está activo. Revisa cómo lo escribiste.",
    });
  });
});

describe("an order with a coupon", () => {
  it("takes the discount from the shop's rows, never the client's, and the message and order page show it", async () => {
    const s = await realStore();
    await createCoupon(s, { code: "INVIERNO10", kind: "percent", percent: 10 });
    const response = await order(s, " invierno 10 ", { quantity: 2, discount: 40000, total: 1 });
    expect(response.status, await response.clone().text()).toBe(201);
    const { order: placed, message, orderUrl } = (await response.json()) as Placed;
    expect(placed).toMatchObject({ subtotal: 40000, total: 39500, coupon: { code: "INVIERNO10", kind: "percent", discount: 4000 } });
    expect(message).toContain("Subtotal: $40.000\nCupón INVIERNO10: -$4.000\nEnvío (CABA): $3.500\n*Total: $39.500*");
    const page = await (await new Browser().request(new URL(orderUrl).pathname)).text();
    expect(page).toContain("<dt>Subtotal</dt><dd>$40.000</dd><dt>Cupón INVIERNO10</dt><dd>-$4.000</dd><dt>Envío (CABA)</dt>");
    const { orders } = (await (await s.browser.request("/api/orders")).json()) as { orders: Order[] };
    expect(orders[0]!.coupon).toEqual({ code: "INVIERNO10", kind: "percent", discount: 4000 });
  });

  it("gives a coupon's last use to exactly one of 20 shoppers sending at once; the others read why", async () => {
    const s = await realStore();
    const coupon = await createCoupon(s, { code: "ULTIMO", kind: "amount", amount: "5.000", maxUses: 1 });
    const before = await count("orders", "seller_id = ?", s.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => order(s, "ultimo")));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((st) => st === 201)).toHaveLength(1);
    const refused = await Promise.all(answers.filter((r) => r.status !== 201).map(answer));
    expect(refused).toEqual(Array(19).fill({ status: 409, error: "Ese cupón ya se usó todas las veces posibles." }));
    expect(await uses(s.d1, coupon.id)).toBe(1);
    expect(await count("orders", "seller_id = ? AND coupon_code IS NOT NULL", s.id)).toBe(1);
    expect(await count("orders", "seller_id = ?", s.id)).toBe(before + 1);
  });

  it("gives the use back once when the order is cancelled, however many cancellations arrive together", async () => {
    const s = await realStore();
    const coupon = await createCoupon(s, { code: "UNAVEZ", kind: "percent", percent: 20, maxUses: 1 });
    const first = (await (await order(s, "UNAVEZ")).json()) as Placed;
    expect(await answer(await order(s, "UNAVEZ"))).toMatchObject({ status: 409 });
    const cancels = await Promise.all([cancel(s, first.order.id), cancel(s, first.order.id), cancel(s, first.order.id)]);
    expect(cancels.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await uses(s.d1, coupon.id)).toBe(0);
    expect((await cancel(s, first.order.id)).status).toBe(200);
    expect(await uses(s.d1, coupon.id)).toBe(0);
    // The use given back is the next shopper's.
    expect((await order(s, "UNAVEZ")).status).toBe(201);
    expect(await uses(s.d1, coupon.id)).toBe(1);
  });

  it("gives the use back when a confirmed order is cancelled, together with its stock", async () => {
    const s = await realStore();
    const coupon = await createCoupon(s, { code: "CONFIRMADO", kind: "percent", percent: 5 });
    const placed = (await (await order(s, "CONFIRMADO")).json()) as Placed;
    expect((await s.browser.json("PUT", `/api/orders/${placed.order.id}/status`, { status: "confirmado" })).status).toBe(200);
    await Promise.all([cancel(s, placed.order.id), cancel(s, placed.order.id)]);
    expect(await uses(s.d1, coupon.id)).toBe(0);
  });

  it("holds the minimum, the dates and a pause, and saves no order for a refused code", async () => {
    const s = await realStore();
    await createCoupon(s, { code: "DESDE30", kind: "percent", percent: 10, minimum: "30.000" });
    const day = 24 * 60 * 60 * 1000;
    await createCoupon(s, { code: "VENCIDO", kind: "percent", percent: 10, endsAt: new Date(Date.now() - day).toISOString() });
    await createCoupon(s, { code: "PRONTO", kind: "percent", percent: 10, startsAt: new Date(Date.now() + day).toISOString() });
    const paused = await createCoupon(s, { code: "PAUSADO", kind: "percent", percent: 10 });
    expect((await s.browser.json("PUT", `/api/coupons/${paused.id}/active`, { active: false })).status).toBe(200);
    const before = await count("orders", "seller_id = ?", s.id);
    const refused = await Promise.all(["DESDE30", "VENCIDO", "PRONTO", "PAUSADO", "NOEXISTE"].map((code) => order(s, code).then(answer)));
    expect(refused).toEqual([
      { status: 400, error: "Ese cupón es para compras desde $30.000." },
      { status: 400, error: "Ese cupón ya venció." },
      { status: 400, error: "Ese cupón todavía no está vigente." },
      { status: 400, error: "Ese cupón no existe o ya no está activo. Revisa cómo lo escribiste." },
      { status: 400, error: "Ese cupón no existe o ya no está activo. Revisa cómo lo escribiste." },
    ]);
    expect(await count("orders", "seller_id = ?", s.id)).toBe(before);
    const two = await order(s, "DESDE30", { quantity: 2 });
    expect(two.status, await two.clone().text()).toBe(201);
    expect(((await two.json()) as Placed).order).toMatchObject({ total: 36000 + 3500, coupon: { discount: 4000 } });
  });

  it("makes the delivery free with a free-shipping code, and refuses it for a pick-up", async () => {
    const s = await realStore();
    await createCoupon(s, { code: "ENVIOGRATIS", kind: "free_shipping" });
    const response = await order(s, "enviogratis");
    expect(response.status, await response.clone().text()).toBe(201);
    const { order: placed, message } = (await response.json()) as Placed;
    expect(placed).toMatchObject({
      subtotal: 20000,
      total: 20000,
      delivery: { cost: 0 },
      coupon: { kind: "free_shipping", discount: 3500 },
    });
    expect(message).toContain("Cupón ENVIOGRATIS: envío gratis\nEnvío (CABA): Gratis\n*Total: $20.000*");
    expect(await answer(await order(s, "ENVIOGRATIS", { buyer: { delivery: "retiro", zone: null, address: null } }))).toEqual({
      status: 400,
      error: "Ese cupón es de envío gratis: elige envío a domicilio.",
    });
  });
});

describe("coupons in the statistics", () => {
  it("counts each code's orders and what it took off, leaving cancelled orders out", async () => {
    const s = await realStore();
    await createCoupon(s, { code: "DIEZ", kind: "percent", percent: 10 });
    await createCoupon(s, { code: "MIL", kind: "amount", amount: "1.000" });
    const placed = await Promise.all([order(s, "DIEZ"), order(s, "DIEZ"), order(s, "MIL"), order(s, "DIEZ", { quantity: 2 })]);
    expect(placed.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const first = (await placed[0]!.json()) as Placed;
    expect((await cancel(s, first.order.id)).status).toBe(200);
    const { report } = (await (await s.browser.request("/api/stats")).json()) as { report: { coupons: unknown } };
    expect(report.coupons).toEqual([
      { code: "DIEZ", currency: "ARS", orders: 2, discount: 2000 + 4000 },
      { code: "MIL", currency: "ARS", orders: 1, discount: 1000 },
    ]);
  });
});

describe("coupons in other moneys and databases", () => {
  it("keeps a Brazilian amount in centavos and refuses it in Portuguese once the store sells in another money", async () => {
    const browser = new Browser();
    const { user } = await register(browser);
    const opened = await openStore(browser, { phoneNumber: "+55 11 98765-4321", countryCode: "BR" });
    await env.DB.prepare("UPDATE users SET store_currency = 'BRL', store_locale = 'pt-BR' WHERE id = ?").bind(user.id).run();
    const saved = await browser.json("PUT", "/api/checkout-settings", {
      delivery: { pickup: { enabled: true, address: "Loja 5" }, shipping: { enabled: false, zones: [], freeFrom: null } },
      payMethods: [{ kind: "cash" }],
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const [bolsa] = await addProducts(browser, ["Bolsa"]);
    expect(
      (await setPricing(browser, [{ id: bolsa!.id, price: "129,90", sizes: [{ name: "M", stock: 5 }], published: true }])).status,
    ).toBe(200);
    const coupon = await createCoupon({ browser }, { code: "DESCONTO", kind: "amount", amount: "15,50", minimum: "100,00" });
    expect(coupon).toMatchObject({ value: 1550, minimum: 10000, currency: "BRL" });
    const s = { username: opened.username!, productId: bolsa!.id };
    const buyer = { name: "João da Silva", delivery: "retiro", zone: null, payment: "efectivo", address: null, whatsapp: null };
    const checked = await new Browser().json("POST", "/api/coupons/check", { username: s.username, code: "desconto" });
    expect(await checked.json()).toEqual({ coupon: { code: "DESCONTO", kind: "amount", value: 1550, currency: "BRL", minimum: 10000 } });
    const response = await order(s, "desconto", { buyer });
    expect(response.status, await response.clone().text()).toBe(201);
    const { order: placed, message } = (await response.json()) as Placed;
    expect(placed).toMatchObject({ subtotal: 12990, total: 11440, currency: "BRL", coupon: { discount: 1550 } });
    expect(message).toContain("Cupom DESCONTO: -R$\u00a015,50");

    const changed = await browser.json("PUT", "/api/store-locale", { currency: "MXN", locale: "pt-BR" });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const listed = ((await (await browser.request("/api/coupons")).json()) as { coupons: Coupon[] }).coupons;
    expect(listed).toMatchObject([{ code: "DESCONTO", currency: "BRL", otherMoney: true }]);
    expect(await answer(await order(s, "DESCONTO", { buyer }))).toEqual({
      status: 400,
      error: "Esse cupom não existe ou não está mais ativo. Confira como você digitou.",
    });
  });

  it("reads a Mexican amount as typed there and keeps its centavos", async () => {
    const browser = new Browser();
    const { user } = await register(browser);
    const opened = await openStore(browser, { phoneNumber: "+52 55 1234 5678", countryCode: "MX" });
    await env.DB.prepare("UPDATE users SET store_currency = 'MXN', store_locale = 'es-MX' WHERE id = ?").bind(user.id).run();
    const saved = await browser.json("PUT", "/api/checkout-settings", {
      delivery: { pickup: { enabled: true, address: "Local 5" }, shipping: { enabled: false, zones: [], freeFrom: null } },
      payMethods: [{ kind: "cash" }],
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const [playera] = await addProducts(browser, ["Playera"]);
    const priced = await setPricing(browser, [{ id: playera!.id, price: "1,299.50", sizes: [{ name: "M", stock: 5 }], published: true }]);
    expect(priced.status, await priced.clone().text()).toBe(200);
    const coupon = await createCoupon({ browser }, { code: "BIENVENIDA", kind: "amount", amount: "150.25" });
    expect(coupon).toMatchObject({ value: 15025, currency: "MXN" });
    const buyer = { name: "Rocío Hernández", delivery: "retiro", zone: null, payment: "efectivo", address: null, whatsapp: null };
    const response = await order({ username: opened.username!, productId: playera!.id }, "bienvenida", { buyer });
    expect(response.status, await response.clone().text()).toBe(201);
    const { order: placed } = (await response.json()) as Placed;
    expect(placed).toMatchObject({ subtotal: 129950, total: 129950 - 15025, currency: "MXN", coupon: { discount: 15025 } });
  });

  it("lives in the shop's own database for a shop in shard 1, with its limit held there", async () => {
    const s = await realStore(1);
    const coupon = await createCoupon(s, { code: "SHARD", kind: "amount", amount: "2.500", maxUses: 2 });
    expect(await count("coupons", "seller_id = ?", s.id)).toBe(0);
    const answers = await Promise.all(Array.from({ length: 6 }, () => order(s, "SHARD")));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await uses(env.SHOP_DB_1, coupon.id)).toBe(2);
    const placed = (await answers.find((r) => r.status === 201)!.json()) as Placed;
    expect(placed.order).toMatchObject({ total: 20000 - 2500 + 3500, coupon: { discount: 2500 } });
    await Promise.all([cancel(s, placed.order.id), cancel(s, placed.order.id)]);
    expect(await uses(env.SHOP_DB_1, coupon.id)).toBe(1);
  });
});
