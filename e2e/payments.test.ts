import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectClean } from "./axe";
import { creditsShown, GENERATION_MS, newPage, newSeller, openInApp, signInTo, useChromium } from "./chromium";
import { approveSimulatedCheckout, uploadProduct } from "./journey-steps";
import { expectSeen, tap } from "./seen";

/**
 * Buying images and the store plan in a real browser, through the offline
 * (simulated) provider: its checkout page, the signed webhook and the return
 * page. The edge's country is set with the header the simulation honours.
 */
const chromium = useChromium();

async function sellerFrom(country: string | null, prefix: string, mobile = false): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(chromium.browser, { mobile, country: country ?? undefined });
  // Each test follows its own balance from the 500 of a new account: its own seller.
  await signInTo(page, await newSeller(prefix));
  return { context, page };
}

const pack = (page: Page, id: string) => page.getByTestId(`pack-${id}`);

describe("/credits in a real browser", () => {
  it("Argentina: choose a pack, 'Pagar' in the card, approve the checkout, back at /pago with the new balance", async () => {
    const { context, page } = await sellerFrom("AR", "creditos-ar");
    // The header (and, depending on the layout, the menu) lead to it.
    await tap(page.getByRole("link", { name: "Comprar imágenes" }).first());
    await page.waitForURL("**/credits");
    await expectSeen(page.getByRole("heading", { name: "Comprar imágenes" }));
    await page.getByText("¿Por qué se cobran las imágenes?").waitFor();
    await expect
      .poll(() => page.getByTestId("country-price-label").textContent())
      .toBe("🇦🇷 Precios en pesos argentinos (ARS). Pagas con Mercado Pago.");
    expect(await pack(page, "pack-10").getByTestId("pack-price").textContent()).toBe("$ 1.200");
    expect(await pack(page, "pack-100").getByTestId("pack-price").textContent()).toBe("$ 12.000");
    await expectSeen(pack(page, "pack-50").getByText("Más elegido"));
    await page.getByText("Si ya pagaste y tus imágenes todavía no aparecen").waitFor();

    // 'Pagar' at the bottom with nothing chosen: the spec's message.
    await tap(page.getByTestId("pay-bottom"));
    await page.getByText("Por favor selecciona un pack de imágenes.").waitFor();

    expect(await pack(page, "pack-10").getByRole("button", { name: "Pagar" }).count()).toBe(0);
    await tap(pack(page, "pack-10").getByRole("radio"));
    expect(await page.getByRole("radio", { name: /10 imágenes/ }).isChecked()).toBe(true);
    await tap(pack(page, "pack-10").getByRole("button", { name: "Pagar" }));

    await approveSimulatedCheckout(page, "$ 1.200", "Mercado Pago");
    expect(await page.getByTestId("balance-after").textContent()).toBe("20 imágenes");
    await expect.poll(() => creditsShown(page)).toBe("20 imágenes");
    await context.close();
  });

  it(
    "another country: prices in its money, 'Pagar' at the bottom, a rejected payment credits nothing",
    async () => {
      const { context, page } = await sellerFrom("CL", "creditos-cl");
      await openInApp(page, "/credits");
      await expect.poll(() => page.getByTestId("country-price-label").textContent()).toContain("pesos chilenos (CLP)");
      expect(await page.getByTestId("country-price-label").textContent()).toContain("dLocal Go");
      expect(await pack(page, "pack-10").getByTestId("pack-price").textContent()).toBe("$ 1.354,94");
      // The dollars charged, written as Chile writes numbers.
      await expectSeen(pack(page, "pack-10").getByText("Se cobra US$ 1,25", { exact: true }));
      // Savings from what is charged (US$ 0.13 an image alone): 32% for the 50 pack, and the 100 pack, at
      // the same price per image, says it saves the same, not more.
      await expectSeen(pack(page, "pack-50").getByText("Ahorras 32%", { exact: true }));
      await expectSeen(pack(page, "pack-100").getByTestId("pack-per-image").getByText("US$ 0,088 por imagen"));
      await expectSeen(pack(page, "pack-100").getByText("Ahorras 32%, igual que 50 imágenes", { exact: true }));

      await tap(pack(page, "pack-10").getByRole("radio"));
      await tap(page.getByTestId("pay-bottom"));
      await page.waitForURL("**/api/payments/simulated/checkout?session=*");
      await expectSeen(page.getByRole("heading", { name: "Pago simulado (dLocal Go)" }));
      expect(await page.getByTestId("simulated-amount").textContent()).toBe("US$ 1.25");
      await tap(page.getByRole("button", { name: "Rechazar pago" }));

      await page.waitForURL("**/pago?payment=*");
      await expectSeen(page.getByRole("heading", { name: "El pago fue rechazado" }));
      expect(await creditsShown(page)).toBe("10 imágenes");
      await tap(page.getByRole("link", { name: "Volver a intentar" }));
      await page.waitForURL("**/credits");
      await context.close();
    },
    2 * GENERATION_MS,
  );

  it("an Argentine seller the edge cannot place, on a phone: dollars written the Argentine way and pesos estimated before paying", async () => {
    // "XX" is the edge's own "unknown country" (the local runtime would otherwise report one of its own).
    const { context, page } = await sellerFrom("XX", "creditos-sin-pais", true);
    const opened = await page.request.post("/api/auth/mi-tienda", {
      data: { storeName: "Ropa de Nicolás", phoneNumber: "+54 9 11 4000-3232", countryCode: "AR" },
    });
    expect(opened.status()).toBe(201);
    await page.goto("/credits");
    await expect
      .poll(() => page.getByTestId("country-price-label").textContent())
      .toBe(
        "🇦🇷 Precios aproximados en pesos argentinos (ARS). Pagas con dLocal Go en dólares, convertidos a tu moneda al momento del pago.",
      );
    // At the fixed table's 1320.473 pesos a dollar (no live rate offline): "$ 1.650,59", charged "US$ 1,25", never "US$ 1.25".
    await expect.poll(() => pack(page, "pack-10").getByTestId("pack-price").innerText()).toBe("$ 1.650,59");
    expect(await pack(page, "pack-10").getByTestId("pack-charge").textContent()).toBe("Se cobra US$ 1,25");
    expect(await pack(page, "pack-50").getByTestId("pack-per-image").textContent()).toBe("US$ 0,088 por imagen");
    expect(await pack(page, "pack-100").getByTestId("pack-charge").textContent()).toBe("Se cobra US$ 8,80");
    await expectSeen(pack(page, "pack-100").getByText("Ahorras 32%, igual que 50 imágenes", { exact: true }));
    expect(await page.getByText(/US\$ \d+\.\d/).count()).toBe(0);

    await tap(pack(page, "pack-10").getByRole("radio"));
    await page.getByText("Elegiste 10 imágenes por unos $ 1.650,59 (se cobran US$ 1,25).").waitFor();
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectClean(page, "/credits at 390 px, prices estimated in pesos");
    await tap(pack(page, "pack-10").getByRole("button", { name: "Pagar" }));
    await page.waitForURL("**/api/payments/simulated/checkout?session=*");
    expect(await page.getByTestId("simulated-amount").textContent()).toBe("US$ 1.25");
    await context.close();
  });

  it("the return page follows a pending payment and shows it approved, with the new balance, without a reload", async () => {
    const { context, page } = await sellerFrom("AR", "creditos-espera");
    const opened = await page.request.post("/api/payments/create-preference", { data: { packId: "pack-50", credits: 6000 } });
    expect(opened.status()).toBe(201);
    const { paymentId, preference } = (await opened.json()) as { paymentId: string; preference: { init_point: string } };

    await page.goto(`/pago?payment=${paymentId}`);
    await expectSeen(page.getByRole("heading", { name: "Pago pendiente" }));
    await page.getByText("$ 6.000").waitFor();
    expect(await creditsShown(page)).toBe("10 imágenes");

    // The payer approves in another tab; the provider's webhook arrives while this page is open.
    const session = new URL(preference.init_point).searchParams.get("session")!;
    const decided = await page.request.post("/api/payments/simulated/checkout", {
      form: { session, decision: "approve" },
      maxRedirects: 0,
    });
    expect(decided.status()).toBe(303);

    await expectSeen(page.getByRole("heading", { name: "¡Pago aprobado!" }));
    expect(await page.getByTestId("balance-after").textContent()).toBe("60 imágenes");
    await expect.poll(() => creditsShown(page)).toBe("60 imágenes");
    await context.close();
  });

  it("packs 3 and 4 are disabled with 'No disponible en tu país' in Mexico", async () => {
    const { context, page } = await sellerFrom("MX", "creditos-mx");
    await openInApp(page, "/credits");
    await expect.poll(() => page.getByTestId("country-price-label").textContent()).toContain("pesos mexicanos (MXN)");
    for (const id of ["pack-50", "pack-100"]) {
      await expectSeen(pack(page, id).getByText("No disponible en tu país"));
      expect(await pack(page, id).getByRole("radio").isDisabled()).toBe(true);
    }
    expect(await pack(page, "pack-10").getByRole("radio").isDisabled()).toBe(false);
    await context.close();
  });
});

describe("/pay-mi-tienda in a real browser", () => {
  it("three steps with the store as shoppers see it (no drafts), then the plan is paid and active", async () => {
    const { context, page } = await sellerFrom("AR", "tienda-pago");
    const campera = await uploadProduct(page, "campera-verde.jpg", "#16a34a");
    await uploadProduct(page, "gorro-borrador.jpg", "#0f766e");
    expect(
      (
        await page.request.post("/api/auth/mi-tienda", {
          data: { storeName: "Verde Moda", phoneNumber: "+54 9 11 4000-2222", countryCode: "AR" },
        })
      ).status(),
    ).toBe(201);
    const priced = await page.request.post("/api/products/update-pricing", {
      data: { products: [{ id: campera.id, price: "18.500", published: true }] },
    });
    expect(priced.status()).toBe(200);

    await page.goto("/pay-mi-tienda");
    await expectSeen(page.getByRole("heading", { name: "Tu Tienda Virtual" }));
    await page.getByText("Paso 1 de 3").waitFor();
    // 'Así se verá tu tienda' is the public store's own list: the priced, published product, and not the draft.
    const preview = page.getByRole("list", { name: "Vista previa de tus productos" });
    await expectSeen(preview.getByText("Campera verde"));
    await expectSeen(preview.getByText("$18.500"));
    expect(await preview.getByRole("listitem").count()).toBe(1);
    expect(await page.getByText("Gorro borrador").count()).toBe(0);

    await tap(page.getByRole("button", { name: "Continuar" }));
    await page.getByText("Paso 2 de 3").waitFor();
    await page.getByText("Pedidos por WhatsApp").waitFor();

    await tap(page.getByRole("button", { name: "Continuar" }));
    await page.getByText("Paso 3 de 3").waitFor();
    await expectSeen(page.getByRole("heading", { name: "Último paso" }));
    await expectSeen(page.getByRole("heading", { name: "Plan Mi Tienda" }));
    expect(await page.getByTestId("store-plan-price").textContent()).toBe("$ 2.000");
    await page.getByText("pago único").waitFor();
    await page.getByText("Pagas con Mercado Pago").waitFor();
    // The last step shows no button that cannot be pressed: no 'Continuar', and 'Anterior' goes back.
    expect(await page.getByRole("button", { name: "Continuar" }).count()).toBe(0);

    await tap(page.getByRole("button", { name: "Pagar $ 2.000" }));
    await approveSimulatedCheckout(page, "$ 2.000");
    await page.getByText("Tu Tienda está activa.").waitFor();

    await openInApp(page, "/pay-mi-tienda-3");
    await expectSeen(page.getByRole("heading", { name: "Activar Mi Tienda" }));
    await page.getByText("Tu Tienda Pagada").waitFor();
    expect(await page.getByRole("button", { name: /^Pagar/ }).count()).toBe(0);
    await context.close();
  });
});

describe("a plan payment for a plan already active (issue 12.9)", () => {
  it("becomes credits of the same value, and the return page says so", async () => {
    const { context, page } = await sellerFrom("AR", "plan-doble");
    // A plan checkout opened in one tab…
    const checkout = await page.request.post("/api/payments/create-preference", { data: { purpose: "store_plan", credits: 2000 } });
    expect(checkout.status()).toBe(201);
    const { preference } = (await checkout.json()) as { preference: { init_point: string } };
    // …while in another the seller activates the plan with the 500 free credits.
    const charged = await page.request.post("/api/credits/auto-charge");
    expect(((await charged.json()) as { charged: boolean }).charged).toBe(true);

    // The first tab's payment still goes through: its value comes back as 500 credits.
    await page.goto(preference.init_point);
    await approveSimulatedCheckout(page, "$ 2.000");
    await expectSeen(page.getByTestId("plan-as-credits").getByText("Tu Tienda ya estaba activa: sumamos 10 imágenes a tu saldo"));
    expect(await page.getByTestId("balance-after").textContent()).toBe("10 imágenes");
    await expect.poll(() => creditsShown(page)).toBe("10 imágenes");

    // The seller's movements show where those credits came from.
    await openInApp(page, "/credits");
    const latest = page.getByTestId("credit-history").getByRole("listitem").first();
    await expectSeen(latest.getByText("Pago del Plan Mi Tienda con tu Tienda ya activa: sumado como imágenes"));
    expect(await latest.textContent()).toContain("+10 imágenes");
    expect(await latest.textContent()).toContain("Saldo: 10 imágenes");
    await context.close();
  });
});

describe("/auto-charge in a real browser", () => {
  it("says what it costs and asks first: 'Cancelar' spends nothing, the yes spends 10 images once, a reload nothing more", async () => {
    const { context, page } = await sellerFrom(null, "cargo");
    let charges = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/credits/auto-charge")) charges++;
    });
    // Reached from the plan card, where the link says the price and that it asks first.
    await openInApp(page, "/pay-mi-tienda-3");
    await tap(page.getByRole("link", { name: "Actívala con 10 imágenes" }));
    await page.waitForURL("**/auto-charge");
    const ask = page.getByRole("region", { name: "Activar Mi Tienda con tus imágenes" });
    await expectSeen(ask.getByText("cuesta 10 imágenes de tu saldo", { exact: false }));
    expect(await ask.getByTestId("plan-balance").textContent()).toBe("Tienes 10 imágenes; te quedarán 0 imágenes para crear fotos.");
    expect(charges).toBe(0);

    // 'Cancelar' leaves with the balance whole.
    await tap(ask.getByRole("link", { name: "Cancelar" }));
    await page.waitForURL("**/mi-tienda-admin");
    await expect.poll(() => creditsShown(page)).toBe("10 imágenes");
    expect(charges).toBe(0);

    // Arriving at the page again (a reload, a shared link) asks again; only the yes charges.
    await page.goto("/auto-charge");
    await tap(page.getByRole("button", { name: "Sí, activar por 10 imágenes" }));
    await page.getByText("Se descontaron 500 créditos.").waitFor();
    await expectSeen(page.getByRole("link", { name: "Volver al inicio" }));
    expect(charges).toBe(1);

    await page.reload();
    await page.getByText("Tu Tienda ya está activa: no hace falta pagarla otra vez.").waitFor();
    expect(await page.getByRole("button", { name: /activar/ }).count()).toBe(0);

    await openInApp(page, "/home");
    await expect.poll(() => creditsShown(page)).toBe("0 imágenes");
    expect(charges).toBe(1);
    await context.close();
  });

  it("without enough images, says so before anything and offers to buy them", async () => {
    const { context, page } = await sellerFrom(null, "cargo-corto");
    // 450 credits: one image short of the plan.
    const product = await uploadProduct(page, "remera-corta.jpg");
    const generated = await page.request.post(`/api/products/generate-ad/${product.id}`, {
      data: { includeModel: false },
      timeout: GENERATION_MS,
    });
    expect(generated.status()).toBe(200);
    await page.goto("/auto-charge");
    await expectSeen(page.getByTestId("plan-balance").getByText("Tienes 9 imágenes: no te alcanza.", { exact: false }));
    expect(await page.getByRole("button", { name: /Sí, activar/ }).count()).toBe(0);
    await tap(page.getByRole("link", { name: "Comprar imágenes" }).last());
    await page.waitForURL("**/credits");
    await context.close();
  });

  it("without a user it explains, then goes to /login after 3 seconds", async () => {
    const { context, page } = await newPage(chromium.browser);
    const started = Date.now();
    await page.goto("/auto-charge");
    await page.getByText("Debes iniciar sesión para acceder a esta página.").waitFor();
    await page.waitForURL("**/login");
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    await context.close();
  });
});
