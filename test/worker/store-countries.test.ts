/**
 * One store per country (AR, BR, MX, CL, KE, ID), priced the way its seller
 * types prices, with a delivery zone, a free-delivery threshold and its
 * country's way to pay: each store's page, product page, cart data, order
 * (message and total with delivery), order page and feed are in its
 * shoppers' language and its own money. Argentina's reads as it always has.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fromMinor } from "../../common/store-money";
import { parsePrice } from "../../common/price";
import { brCodeCrcValid } from "../../common/pix";
import type { Order } from "../../common/store-cart";
import { storeMoney } from "../../common/store-locale";
import { Browser } from "./browser";
import { addProducts, seller, setPricing, storeData } from "./store-helpers";

interface Country {
  code: string;
  phone: string;
  currency: string;
  locale: string;
  /** As the country's seller types them. */
  price: string;
  zoneCost: string;
  freeFrom: string;
  /** The way to pay as the settings save it (null: Argentina's store_checkout of old). */
  pay: unknown | null;
  /** What the cart sends for it. */
  choice: string;
  /** The postal code a shopper types, as typed, and the line the message writes of it (none where the country has no field). */
  postalCode: { typed: string; line: string } | null;
  expect: {
    /** The price, the zone's cost and the total of two with delivery, as the store writes them. */
    price: string;
    zoneCost: string;
    total: string;
    /** Minor units: 2 × price + zone cost. */
    totalMinor: number;
    size: string;
    sizes: string;
    add: string;
    greeting: string;
    payLine: string;
    orderHeading: string;
    feedPrice: string;
    /** A text of the buyer's page that only the store's language says. */
    status: string;
  };
}

// CLDR's spaces (U+00A0 in "R$ 129,90"): the tests write them as the format does.
const nb = (text: string) => text.replace(/ /g, "\u00a0");

const COUNTRIES: Country[] = [
  {
    code: "AR",
    phone: "+54 9 11 4000-1234",
    currency: "ARS",
    locale: "es-AR",
    price: "12.500",
    zoneCost: "3.500",
    freeFrom: "50.000",
    pay: null,
    choice: "transferencia",
    postalCode: { typed: "c1425 abc", line: "Código postal: C1425ABC" },
    expect: {
      price: "$12.500",
      zoneCost: "$3.500",
      total: "$28.500",
      totalMinor: 28_500,
      size: "Talle",
      sizes: "Talles",
      add: "Añadir al carrito",
      greeting: "¡Hola",
      payLine: "Pago: Transferencia bancaria",
      orderHeading: "Pedido #",
      feedPrice: "12500.00 ARS",
      status: "Recibimos tu pedido. La tienda lo revisa y te confirma por WhatsApp.",
    },
  },
  {
    code: "BR",
    phone: "+55 11 98765-4321",
    currency: "BRL",
    locale: "pt-BR",
    price: "129,90",
    zoneCost: "15,00",
    freeFrom: "500,00",
    pay: { kind: "pix", keyType: "email", key: "vendas@lojadaana.com.br", name: "Loja da Ana", city: "São Paulo" },
    choice: "pix",
    postalCode: { typed: "01310100", line: "CEP: 01310-100" },
    expect: {
      price: nb("R$ 129,90"),
      zoneCost: nb("R$ 15,00"),
      total: nb("R$ 274,80"),
      totalMinor: 27_480,
      size: "Tamanho",
      sizes: "Tamanhos",
      add: "Adicionar ao carrinho",
      greeting: "Olá, ",
      payLine: "Pagamento: Pix",
      orderHeading: "Pedido #",
      feedPrice: "129.90 BRL",
      status: "Recebemos seu pedido. A loja vai conferir e confirmar pelo WhatsApp.",
    },
  },
  {
    code: "MX",
    phone: "+52 55 1234 5678",
    currency: "MXN",
    locale: "es-MX",
    price: "1,299.50",
    zoneCost: "99.00",
    freeFrom: "5,000.00",
    pay: { kind: "spei", clabe: "032180000118359719", bank: "BBVA", holder: "Rocío Hernández" },
    choice: "spei",
    postalCode: { typed: "06600", line: "Código postal: 06600" },
    expect: {
      price: "$1,299.50",
      zoneCost: "$99.00",
      total: "$2,698.00",
      totalMinor: 269_800,
      size: "Talla",
      sizes: "Tallas",
      add: "Añadir al carrito",
      greeting: "¡Hola",
      payLine: "Pago: Transferencia SPEI",
      orderHeading: "Pedido #",
      feedPrice: "1299.50 MXN",
      status: "Recibimos tu pedido. La tienda lo revisa y te confirma por WhatsApp.",
    },
  },
  {
    code: "CL",
    phone: "+56 9 6123 4567",
    currency: "CLP",
    locale: "es-CL",
    price: "12.500",
    zoneCost: "3.990",
    freeFrom: "60.000",
    pay: {
      kind: "cl_transfer",
      bank: "Banco Estado",
      accountType: "vista",
      account: "12345678",
      holder: "Josefa Muñoz",
      rut: "12.345.678-5",
    },
    choice: "cl_transfer",
    postalCode: null,
    expect: {
      price: "$12.500",
      zoneCost: "$3.990",
      total: "$28.990",
      totalMinor: 28_990,
      size: "Talla",
      sizes: "Tallas",
      add: "Añadir al carrito",
      greeting: "¡Hola",
      payLine: "Pago: Transferencia bancaria",
      orderHeading: "Pedido #",
      feedPrice: "12500.00 CLP",
      status: "Recibimos tu pedido. La tienda lo revisa y te confirma por WhatsApp.",
    },
  },
  {
    code: "KE",
    phone: "+254 712 345678",
    currency: "KES",
    locale: "en-KE",
    price: "2,500",
    zoneCost: "300",
    freeFrom: "10,000",
    pay: { kind: "mpesa_till", till: "123456", holder: "Wanjiku Boutique" },
    choice: "mpesa_till",
    postalCode: null,
    expect: {
      price: nb("Ksh 2,500"),
      zoneCost: nb("Ksh 300"),
      total: nb("Ksh 5,300"),
      totalMinor: 5_300,
      size: "Size",
      sizes: "Sizes",
      add: "Add to cart",
      greeting: "Hello",
      payLine: "Payment: M-Pesa (Buy Goods)",
      orderHeading: "Order #",
      feedPrice: "2500.00 KES",
      status: "We got your order. The shop is checking it and will confirm on WhatsApp.",
    },
  },
  {
    code: "ID",
    phone: "+62 812-3456-7890",
    currency: "IDR",
    locale: "id-ID",
    price: "150.000",
    zoneCost: "20.000",
    freeFrom: "1.000.000",
    pay: { kind: "bank_transfer", bank: "BCA", account: "1234567890", holder: "Siti Rahayu" },
    choice: "bank_transfer",
    postalCode: { typed: "10310", line: "Kode pos: 10310" },
    expect: {
      price: nb("Rp 150.000"),
      zoneCost: nb("Rp 20.000"),
      total: nb("Rp 320.000"),
      totalMinor: 320_000,
      size: "Ukuran",
      sizes: "Ukuran",
      add: "Tambah ke keranjang",
      greeting: "Halo",
      payLine: "Pembayaran: Transfer bank",
      orderHeading: "Pesanan #",
      feedPrice: "150000.00 IDR",
      status: "Pesanan Anda sudah kami terima. Toko sedang memeriksa dan akan mengonfirmasi lewat WhatsApp.",
    },
  },
];

/** What the app's one price parser reads from what the country's seller typed. */
function typed(country: Country, text: string): number {
  const parsed = parsePrice(text, storeMoney(country.currency, country.locale));
  if ("error" in parsed) throw new Error(`${country.code} ${text}: ${parsed.error}`);
  return parsed.price;
}

/** A store of the country, set up as its seller does: its money and language, a zone, a threshold, its way to pay, one product in M, every price typed the local way. */
async function open(country: Country) {
  const s = await seller({ phoneNumber: country.phone, countryCode: country.code });
  const zone = "Centro";
  const chosen = await s.browser.json("PUT", "/api/store-locale", { currency: country.currency, locale: country.locale });
  expect(chosen.status, await chosen.clone().text()).toBe(200);
  const saved = await s.browser.json("PUT", "/api/checkout-settings", {
    delivery: {
      pickup: { enabled: true, address: "Local 5" },
      shipping: { enabled: true, zones: [{ name: zone, cost: country.zoneCost }], freeFrom: country.freeFrom },
    },
    ...(country.pay === null
      ? {
          payments: {
            transfer: { alias: "mi.tienda.mp", cbu: "0000003110003456789128", holder: "Ana Pérez" },
            mercadoPago: null,
            cash: true,
          },
        }
      : { payMethods: [country.pay] }),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  const [product] = await addProducts(s.browser, ["Remera"]);
  const priced = await setPricing(s.browser, [
    { id: product!.id, price: country.price, sizes: [{ name: "M", stock: 5 }], published: true },
  ]);
  expect(priced.status, await priced.clone().text()).toBe(200);
  return { ...s, product: product!, zone };
}

async function get(path: string) {
  const response = await new Browser().request(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

describe.each(COUNTRIES)("a store in $code", (country) => {
  it("shows its pages, cart, message, order page and feed in its language and money", async () => {
    const { username, product, zone } = await open(country);
    const x = country.expect;

    const page = await get(`/u/${username}`);
    expect(page).toContain(`<html lang="${country.locale}">`);
    expect(page).toContain(`<meta property="og:locale" content="${country.locale.replace("-", "_")}">`);
    expect(page).toContain(`<p class="price">${x.price}</p>`);
    expect(page).toContain(`<ul class="sizes" aria-label="${x.sizes}">`);
    expect(page).toContain(`>${x.add}</button>`);
    const data = storeData(page);
    expect(data.locale).toBe(country.locale);
    expect(data.money.currency).toBe(country.currency);
    // Argentina's store offers what store_checkout always said (transfer and cash); the others their own way.
    expect(data.checkout.payments).toEqual(country.pay === null ? ["transferencia", "efectivo"] : [country.choice]);
    // The cart's own messages, in the store's language only: its sizes word and nothing of the pages'.
    expect(JSON.stringify(data.messages["cart.lineSize"])).toContain(x.size);
    expect(Object.keys(data.messages).some((key) => key.startsWith("store.") || key.startsWith("orderPage."))).toBe(false);

    const productPage = await get(`/u/${username}/p/${product.id}`);
    expect(productPage).toContain(`<legend class="label">${x.size}</legend>`);
    expect(productPage).toContain(`<p class="price">${x.price}</p>`);

    const placed = await new Browser().json("POST", "/api/orders", {
      username,
      lines: [{ productId: product.id, size: "M", quantity: 2 }],
      buyer: {
        name: "Ana María Ñúñez 🌸",
        delivery: "envio",
        zone,
        payment: country.choice,
        whatsapp: null,
        address: { street: "Rua Augusta 1234", locality: "Centro", reference: null, postalCode: country.postalCode?.typed },
      },
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order, message, orderUrl } = (await placed.json()) as { order: Order; message: string; orderUrl: string };
    // The postal code the country asks for, kept as its country writes it; none where none is used.
    if (country.postalCode) expect(message).toContain(country.postalCode.line);
    else expect(order.delivery?.address).not.toHaveProperty("postalCode");
    // Prices are the store's minor units: 2 × price + the zone's cost, below the free-delivery threshold.
    expect(order.subtotal).toBe(2 * typed(country, country.price));
    expect(order.total).toBe(x.totalMinor);
    expect(message.startsWith(x.greeting)).toBe(true);
    expect(message).toContain(x.price);
    expect(message).toContain(x.zoneCost);
    expect(message).toContain(`*Total: ${x.total}*`);
    expect(message).toContain(x.payLine);

    const orderPage = await get(new URL(orderUrl).pathname);
    expect(orderPage).toContain(`<html lang="${country.locale}">`);
    expect(orderPage).toContain(`<h1>${x.orderHeading}${order.code}</h1>`);
    expect(orderPage).toContain(`<dd class="grand">${x.total}</dd>`);
    expect(orderPage).toContain(x.status);

    const feed = await get(`/u/${username}/feed.xml`);
    expect(feed).toContain(`<g:price>${x.feedPrice}</g:price>`);
    expect(feed).toContain(`<g:variant_option><g:name>${x.size}</g:name><g:value>M</g:value></g:variant_option>`);
  });
});

describe("Pix on a Brazilian store's order page", () => {
  it("carries the order's total and code in a BR Code whose CRC checks", async () => {
    const brazil = COUNTRIES.find((c) => c.code === "BR")!;
    const { username, product, zone } = await open(brazil);
    const placed = await new Browser().json("POST", "/api/orders", {
      username,
      lines: [{ productId: product.id, size: "M", quantity: 2 }],
      buyer: {
        name: "João Silva",
        delivery: "envio",
        zone,
        payment: "pix",
        whatsapp: null,
        address: { street: "Rua Augusta 1234", locality: "Consolação", reference: null, postalCode: "01305-000" },
      },
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order, orderUrl, message } = (await placed.json()) as { order: Order; orderUrl: string; message: string };
    const page = await get(new URL(orderUrl).pathname);
    const code = /data-copy="(000201[^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, "&");
    expect(code).toBeDefined();
    expect(brCodeCrcValid(code!)).toBe(true);
    const amount = fromMinor(order.total, storeMoney("BRL", "pt-BR")).toFixed(2);
    expect(amount).toBe("274.80");
    expect(code).toContain(`54${String(amount.length).padStart(2, "0")}${amount}`);
    expect(code).toContain(`05${String(order.code.length).padStart(2, "0")}${order.code}`);
    // Shown as text, copyable, and as a QR to scan from another phone.
    expect(page).toContain('<svg role="img" aria-label="');
    expect(page).toContain("Pix copia e cola");
    // The WhatsApp message carries the same code.
    expect(message).toContain(code!);

    // The store then sells in another money (prices are not converted): this order keeps the reais it was placed in.
    expect(order.currency).toBe("BRL");
    await env.DB.prepare("UPDATE users SET store_currency = 'MXN' WHERE username = ?").bind(username).run();
    const later = await get(new URL(orderUrl).pathname);
    expect(later).toContain(`<dd class="grand">${brazil.expect.total}</dd>`);
    expect(later).toContain(`data-copy="${code!.replace(/&/g, "&amp;")}"`);
  });

  it("refuses a way to pay the store does not offer", async () => {
    const brazil = COUNTRIES.find((c) => c.code === "BR")!;
    const { username, product, zone } = await open(brazil);
    const placed = await new Browser().json("POST", "/api/orders", {
      username,
      lines: [{ productId: product.id, size: "M", quantity: 1 }],
      buyer: { name: "João", delivery: "envio", zone, payment: "transferencia", address: { street: "Rua A 1", locality: "Centro" } },
    });
    expect(placed.status).toBe(400);
    expect(((await placed.json()) as { error: string }).error).toBe("Esta loja não aceita essa forma de pagamento: escolha outra.");
  });
});
