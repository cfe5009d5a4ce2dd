/**
 * The walking test: a Brazilian seller (a pt-BR browser), a Mexican one (es-MX) and a Kenyan one (en-KE), each
 * with a real store of their country (a T-shirt in a colour and two sizes, their country's way to pay, pick-up
 * and envío, one order placed by a shopper, a size guide), walk every seller screen at 390 px. A screen fails
 * when what it shows names an Argentine example or word (CABA, "12.500", CBU, "+54", "Talles"…), and, for the
 * Brazilian and the Kenyan, when it is still in Spanish ("Guardar", "Configuración"…). The screens come from the
 * router itself (web/router.tsx) and the sections of Mi Tienda (web/features/store-admin/admin-sections.ts), so a new screen is walked
 * without touching this file. The main dialogs of Pedidos, Clientes, Guías de talles and the credits are opened
 * too, with one tap each.
 */
import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drawImage, newPage, newSeller, openInApp, shopperAddress, useChromium } from "./chromium";
import { ADMIN_SECTIONS } from "../web/features/store-admin/admin-sections.ts";
import { expectSeen, tap } from "./seen";

const chromium = useChromium();

/**
 * Every screen a signed-in seller can open, read from the router: the guarded routes, Mi Tienda's sections and
 * the pages outside the guard a seller reaches from an e-mail or a link (/auto-charge, /estadisticas/baja…).
 * Not the landing ("/", for visitors) nor the sign-in screens (they send a signed-in seller on), and not a route
 * with a parameter (/lote/$id: one batch's screens, which need a batch of generated pictures).
 */
function sellerScreens(): string[] {
  const router = readFileSync(new URL("../web/router.tsx", import.meta.url), "utf8");
  const sectionIds = ADMIN_SECTIONS;
  const paths = [
    ...[...router.matchAll(/\b(?:guarded|page)\("([^"]+)"/g)].map((m) => m[1]!),
    ...[...router.matchAll(/getParentRoute: \(\) => signedIn,\s*path: "([^"]+)"/g)].map((m) => m[1]!),
  ];
  const screens = paths.filter((path) => path !== "/" && !path.includes("$"));
  return screens.flatMap((path) => (path === "/mi-tienda-admin" ? sectionIds.map((id) => `${path}?seccion=${id}`) : [path]));
}

const SCREENS = sellerScreens();

/** Argentine examples and words, wrong anywhere but Argentina. */
const ARGENTINE: readonly RegExp[] = [
  /\bCABA\b/,
  /\bCorrientes\b/,
  /\bGBA\b/,
  /Buenos Aires/,
  /pesos argentinos/i,
  /\b12\.500\b/,
  /\bCBU\b/,
  /\bCVU\b/,
  /\balias\b/i,
  /\+54\b/,
  /\b11 5555/,
  /\b15 4000/,
  /\bRemeras?\b/,
  /\bTalles?\b/i,
  /\bLey 24\.240\b/,
  /arrepentimiento/i,
];

/** Spanish words a Portuguese screen never says (each has its own word there: "Salvar", "Fechar", "Loja"…). */
const SPANISH_NOT_PORTUGUESE: readonly RegExp[] = [
  /\bGuardar\b/,
  /\bCerrar\b/,
  /\bConfiguración\b/,
  /\bCargando\b/,
  /\bReintentar\b/,
  /\bVolver\b/,
  /\bTienda\b/,
  /\bAgregar\b/,
  /\bEliminar\b/,
  /\bCompartir\b/,
  /\bTodavía\b/,
  /\bTienes\b/,
  /\bBorrar\b/,
  /\bPrecios\b/,
  /\bProductos\b/,
  /\bImágenes\b/,
  /\bEstadísticas\b/,
];

/** And in English, also the Spanish words Portuguese shares. */
const SPANISH_NOT_ENGLISH: readonly RegExp[] = [
  ...SPANISH_NOT_PORTUGUESE,
  /\bPedidos?\b/,
  /\bClientes\b/,
  /\bCancelar\b/,
  /\bConfirmar\b/,
  /\bImagen\b/,
];

interface Seller {
  country: "BR" | "MX" | "KE";
  /** The browser's language and region. */
  locale: string;
  /** The language the seller's screens are in (`<html lang>`), from the browser's. */
  language: string;
  phone: string;
  product: string;
  /** As the seller types it in their country. */
  price: string;
  colour: string;
  sizes: [string, string];
  pay: unknown;
  /** How the cart names that way to pay. */
  choice: string;
  pickup: string;
  zone: { name: string; cost: string };
  buyer: { name: string; whatsapp: string };
  markers: readonly RegExp[];
  /** The names of the buttons that open the dialogs, as the seller reads them. */
  buttons: Buttons;
}

interface Buttons {
  cancelOrder: string;
  cancelNoStock: string;
  back: string;
  forget: string;
  newGuide: string;
  saveGuide: string;
  pay: string;
}

const SPANISH_BUTTONS: Buttons = {
  cancelOrder: "Cancelar pedido",
  cancelNoStock: "Este pedido todavía no descontó stock, así que cancelarlo no cambia tu stock.",
  back: "Volver",
  forget: "Borrar sus datos",
  newGuide: "Nueva guía",
  saveGuide: "Guardar guía",
  pay: "Pagar",
};

const SELLERS: Seller[] = [
  {
    country: "BR",
    locale: "pt-BR",
    language: "pt-BR",
    phone: "+55 11 98765-4321",
    product: "Camiseta básica",
    price: "129,90",
    colour: "Preto",
    sizes: ["P", "M"],
    pay: { kind: "pix", keyType: "email", key: "vendas@lojadaana.com.br", name: "Loja da Ana", city: "São Paulo" },
    choice: "pix",
    pickup: "Rua Augusta 1234, São Paulo",
    zone: { name: "Centro", cost: "15,00" },
    buyer: { name: "João Conceição 🌸", whatsapp: "+55 11 91234-5678" },
    // Brazil has Mercado Pago; it has no pesos.
    markers: [...ARGENTINE, /\bpesos\b/i, ...SPANISH_NOT_PORTUGUESE],
    buttons: {
      cancelOrder: "Cancelar pedido",
      cancelNoStock: "Este pedido ainda não descontou estoque, então cancelar não muda o seu estoque.",
      back: "Voltar",
      forget: "Apagar os dados",
      newGuide: "Novo guia",
      saveGuide: "Salvar guia",
      pay: "Pagar",
    },
  },
  {
    country: "MX",
    locale: "es-MX",
    language: "es",
    phone: "+52 55 1234 5678",
    product: "Playera lisa",
    price: "1,299.50",
    colour: "Negro",
    sizes: ["CH", "M"],
    pay: { kind: "spei", clabe: "032180000118359719", bank: "BBVA", holder: "Rocío Hernández" },
    choice: "spei",
    pickup: "Av. Insurgentes Sur 1234, CDMX",
    zone: { name: "Coyoacán", cost: "99" },
    buyer: { name: "Rocío Ñúñez", whatsapp: "+52 55 8765 4321" },
    // Mexico pays in pesos and has Mercado Pago; Spanish is its language.
    markers: ARGENTINE,
    buttons: SPANISH_BUTTONS,
  },
  {
    country: "KE",
    locale: "en-KE",
    language: "en",
    phone: "+254 712 345678",
    product: "Cotton T-shirt",
    price: "1,500",
    colour: "Black",
    sizes: ["S", "M"],
    pay: { kind: "mpesa_till", till: "123456", holder: "Wanjiku Boutique" },
    choice: "mpesa_till",
    pickup: "Moi Avenue 12, Nairobi",
    zone: { name: "Westlands", cost: "300" },
    buyer: { name: "Wanjiru Kamau", whatsapp: "+254 722 000111" },
    // Mercado Pago named as Argentina's own (the terms' "processed by Mercado Pago (Argentina)") is no example.
    markers: [...ARGENTINE, /\bpesos\b/i, /Mercado Pago(?! \(Argentina\))/i, ...SPANISH_NOT_ENGLISH],
    buttons: {
      cancelOrder: "Cancel order",
      cancelNoStock: "This order hasn't taken any stock yet, so cancelling it doesn't change your stock.",
      back: "Back",
      forget: "Erase their details",
      newGuide: "New guide",
      saveGuide: "Save guide",
      pay: "Pay",
    },
  },
];

/** The seller's store as they set it up, with one order from a shopper and a size guide; their phone, signed in. */
async function openStore(seller: Seller): Promise<{ context: BrowserContext; page: Page }> {
  const { cookies } = await newSeller(`paseo-${seller.country.toLowerCase()}`);
  const { context, page } = await newPage(chromium.browser, { mobile: true, locale: seller.locale });
  await context.addCookies(cookies);
  const send = async (method: "post" | "put", path: string, data: unknown, headers?: Record<string, string>) => {
    const response = await page.request[method](path, { data, headers });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return response.json();
  };
  const opened = (await send("post", "/api/auth/mi-tienda", {
    storeName: `Loja ${seller.country} ${String(Date.now()).slice(-6)}`,
    phoneNumber: seller.phone,
    countryCode: seller.country,
  })) as { user: { username: string } };
  await send("put", "/api/checkout-settings", {
    delivery: {
      pickup: { enabled: true, address: seller.pickup },
      shipping: { enabled: true, zones: [{ name: seller.zone.name, cost: seller.zone.cost }], freeFrom: null },
    },
    payMethods: [seller.pay],
  });
  const buffer = await drawImage(page, { width: 480, height: 600, type: "image/jpeg", color: "#1f2937" });
  const uploaded = await page.request.post("/api/products/upload-images", {
    multipart: { images: { name: "foto.jpg", mimeType: "image/jpeg", buffer } },
  });
  expect(uploaded.status()).toBe(201);
  const productId = ((await uploaded.json()) as { products: { id: string }[] }).products[0]!.id;
  await send("post", "/api/products/update-pricing", {
    products: [
      {
        id: productId,
        name: seller.product,
        price: seller.price,
        published: true,
        colors: [{ name: seller.colour, sizes: seller.sizes.map((name) => ({ name, stock: 3 })) }],
      },
    ],
  });
  await send(
    "post",
    "/api/orders",
    {
      username: opened.user.username,
      lines: [{ productId, color: seller.colour, size: seller.sizes[1], quantity: 1 }],
      buyer: { name: seller.buyer.name, delivery: "retiro", payment: seller.choice, whatsapp: seller.buyer.whatsapp },
    },
    { "cf-connecting-ip": shopperAddress() },
  );
  await send("post", "/api/size-guides", {
    title: seller.product,
    scope: { productId },
    unit: "cm",
    measures: ["A", "B"],
    rows: seller.sizes.map((size, i) => ({ size, values: [String(90 + 4 * i), String(68 + 2 * i)] })),
    note: null,
  });
  return { context, page };
}

/** The screen opened with openInApp (its code and its data came) is drawn: nothing is loading, and it has its heading. */
async function settled(page: Page) {
  await page.waitForFunction(
    () => document.querySelector("h1, h2") !== null && !document.querySelector('.animate-spin, [aria-busy="true"]'),
  );
}

/** What the seller reads: the page's visible text and the examples in the visible fields. */
function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const fields = Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[placeholder], textarea[placeholder]"),
    );
    // A closed <select> shows its chosen option, not the list (a country picker lists Argentina (+54) for everyone).
    let text = document.body.innerText;
    for (const select of Array.from(document.querySelectorAll("select"))) {
      const list = select.innerText;
      if (list) text = text.replace(list, select.selectedOptions[0]?.text ?? "");
    }
    return [text, ...fields.filter((field) => field.checkVisibility()).map((field) => field.placeholder)].join("\n");
  });
}

/** Each marker found, with the words around it, so a failure says where. */
function argentineIn(text: string, markers: readonly RegExp[]): string[] {
  return markers.flatMap((marker) => {
    const found = marker.exec(text);
    if (!found) return [];
    const around = text.slice(Math.max(0, found.index - 40), found.index + found[0].length + 40).replace(/\s+/g, " ");
    return [`${marker.source} in "…${around}…"`];
  });
}

describe.each(SELLERS)("a seller from $country with a $locale browser at 390 px", (seller) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openStore(seller));
  });
  afterAll(async () => {
    await context?.close();
  });

  it("walks screens the router lists", () => {
    // The list is the router's: if reading it broke, every screen would pass unseen.
    expect(SCREENS).toContain("/pedidos");
    expect(SCREENS).toContain("/mi-tienda-admin?seccion=entrega-y-pagos");
    expect(SCREENS.length).toBeGreaterThan(15);
  });

  it.each(SCREENS)("%s names nothing Argentine and speaks the seller's language", async (path) => {
    // As the seller moves between screens: through the app's own router once the first screen has loaded it.
    await openInApp(page, path);
    await settled(page);
    expect(await page.locator("html").getAttribute("lang")).toBe(seller.language);
    expect(argentineIn(await shownText(page), seller.markers)).toEqual([]);
  });

  it("the dialogs of Pedidos, Clientes, the size guides and the credits do not either", async () => {
    const buttons = seller.buttons;
    const check = async (what: string) => expect(argentineIn(await shownText(page), seller.markers), what).toEqual([]);

    await openInApp(page, "/pedidos");
    await settled(page);
    await tap(page.getByTestId("order").getByRole("button", { name: buttons.cancelOrder, exact: true }));
    const cancel = page.getByRole("dialog");
    await expectSeen(cancel.getByText(buttons.cancelNoStock));
    await check("cancelling an order");
    await tap(cancel.getByRole("button", { name: buttons.back, exact: true }));

    await openInApp(page, "/clientes");
    await settled(page);
    await tap(page.getByTestId("customer").getByRole("button", { name: buttons.forget, exact: true }));
    const forget = page.getByRole("dialog");
    await expectSeen(forget.getByRole("button", { name: buttons.back, exact: true }));
    await check("erasing a customer's data");
    await tap(forget.getByRole("button", { name: buttons.back, exact: true }));

    await openInApp(page, "/guias-de-talles");
    await settled(page);
    await tap(page.getByRole("button", { name: buttons.newGuide, exact: true }));
    await expectSeen(page.getByRole("button", { name: buttons.saveGuide, exact: true }));
    await check("a new size guide");

    await openInApp(page, "/credits");
    await settled(page);
    await tap(page.getByTestId("pack-pack-10").locator("label"));
    await expectSeen(page.getByTestId("pack-pack-10").getByRole("button", { name: buttons.pay, exact: true }));
    await check("a pack chosen");
  });
});
