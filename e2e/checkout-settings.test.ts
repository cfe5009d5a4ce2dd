import { describe, expect, it } from "vitest";
import { newPage, newSeller, useChromium } from "./chromium";
import { openAdminSection, uploadProduct } from "./journey-steps";
import { expectSeen, tap } from "./seen";

const chromium = useChromium();

async function sellerWithStore(prefix: string) {
  const { cookies } = await newSeller(prefix);
  const { context, page } = await newPage(chromium.browser, { mobile: true });
  await context.addCookies(cookies);
  const opened = await page.request.post("/api/auth/mi-tienda", {
    data: { storeName: `Ropa ${prefix} ${String(Date.now()).slice(-6)}`, phoneNumber: "011 15 4000-1234", countryCode: "AR" },
  });
  expect(opened.status()).toBeLessThan(300);
  return { context, page, username: ((await opened.json()) as { user: { username: string } }).user.username };
}

describe("the seller's delivery, ways to pay and colours, on a phone", () => {
  it("'Entrega y pagos': zones with their cost, free delivery, an alias with dots; a CBU with a wrong check digit is refused until fixed", async () => {
    const { context, page } = await sellerWithStore("entrega");
    await page.goto("/mi-tienda-admin");
    await openAdminSection(page, "Entrega y pagos");
    const card = page.getByRole("region", { name: "Entrega y pagos" });
    await tap(card.getByRole("button", { name: "Agregar zona" }));
    await card.getByLabel("Zona 1", { exact: true }).fill("CABA");
    await card.getByLabel("Costo de envío").fill("3.500");
    await expectSeen(card.getByText("Se verá así: $3.500"));
    await tap(card.getByRole("button", { name: "Agregar zona" }));
    await card.getByLabel("Zona 2", { exact: true }).fill("GBA Norte");
    await card.getByLabel("Costo de envío").nth(1).fill("5000");
    await card.getByLabel("Envío gratis desde (opcional)").fill("50.000");
    await card.getByLabel("Dirección o zona para retirar").fill("Av. Corrientes 1234, CABA");

    await card.getByLabel("Transferencia bancaria").check();
    await card.getByLabel("Alias").fill("mi.tienda.mp");
    // One digit off in the second block: said as soon as the 22 digits are in.
    await card.getByLabel("CBU o CVU").fill("2850590940090418135202");
    await expectSeen(card.getByText("Ese CBU o CVU no es válido: algún número está mal. Cópialo de tu banco o billetera."));
    await card.getByLabel("Titular de la cuenta").fill("Ana Pérez");
    let saves = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/checkout-settings") && r.method() === "PUT") saves++;
    });
    await tap(card.getByRole("button", { name: "Guardar entrega y pagos" }));
    await expectSeen(card.getByRole("alert").getByText("Ese CBU o CVU no es válido", { exact: false }));
    expect(saves).toBe(0);
    // Said once, at the field, where the cursor goes: not again above the button nor in a toast.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-invalid"))).toBe("true");
    expect(await page.getByLabel("CBU o CVU").evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByText("Ese CBU o CVU no es válido", { exact: false }).count()).toBe(1);

    await card.getByLabel("CBU o CVU").fill("2850 5909 4009 0418 1352 01");
    await expectSeen(card.getByText("CBU válido."));
    await card.getByLabel("Efectivo al retirar o al recibir").check();
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/checkout-settings") && r.request().method() === "PUT");
    await tap(card.getByRole("button", { name: "Guardar entrega y pagos" }));
    expect((await saved).status()).toBe(200);
    await page.getByText("Entrega y pagos guardados. Tu tienda ya los muestra.").waitFor();

    await page.reload();
    const again = page.getByRole("region", { name: "Entrega y pagos" });
    await expect.poll(() => again.getByLabel("Zona 2", { exact: true }).inputValue()).toBe("GBA Norte");
    expect(await again.getByLabel("Envío gratis desde (opcional)").inputValue()).toBe("50.000");
    expect(await again.getByLabel("Alias").inputValue()).toBe("mi.tienda.mp");
    expect(await again.getByLabel("CBU o CVU").inputValue()).toBe("2850590940090418135201");
    expect(await again.getByLabel("Efectivo al retirar o al recibir").isChecked()).toBe(true);
    await context.close();
  });

  it("'Configurar Precios': a product gets two colours with their own stock and a picture, and keeps them after saving", async () => {
    const { context, page } = await sellerWithStore("colores");
    const product = await uploadProduct(page, "remera-basica.jpg");
    const priced = await page.request.post("/api/products/update-pricing", {
      data: { products: [{ id: product.id, price: "12.500", published: true, sizes: [{ name: "M", stock: 4 }] }] },
    });
    expect(priced.status()).toBe(200);
    await page.goto("/product-pricing");
    await tap(page.getByRole("button", { name: "Agregar color" }));
    // The first colour starts with the stock the product had.
    await page.getByLabel("Nombre del color").fill("Negro");
    expect(await page.getByLabel(`Stock del talle M de ${product.name}`).inputValue()).toBe("4");
    await tap(page.getByAltText("Imagen 1 para Negro"));
    expect(await page.getByRole("radio", { name: "Imagen 1 para Negro" }).isChecked()).toBe(true);
    await tap(page.getByRole("button", { name: "Agregar color" }));
    await page.getByLabel("Nombre del color").fill("Blanco");
    await expectSeen(page.getByRole("group", { name: "Talles y stock de Blanco" }));
    await page.getByLabel(`Stock del talle M de ${product.name}`).fill("2");
    await expectSeen(page.getByTestId("stock-all-colors").getByText("6"));
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/products/update-pricing"));
    await tap(page.getByRole("button", { name: "Guardar Cambios" }));
    expect((await saved).status()).toBe(200);

    const listed = await page.request.get(`/api/products/get/${product.id}`);
    const { product: stored } = (await listed.json()) as {
      product: { colors: { name: string; image: string | null; sizes: { name: string; stock: number }[] }[] };
    };
    expect(stored.colors.map((c) => [c.name, c.image !== null, c.sizes])).toEqual([
      ["Negro", true, [{ name: "M", stock: 4 }]],
      ["Blanco", false, [{ name: "M", stock: 2 }]],
    ]);
    await context.close();
  });
});
